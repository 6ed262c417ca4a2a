"""The local model from a cold start: the time from starting the app with AGENT_MODEL=local (as
`make run` does) to the first answer of the mission's first sentence, that sentence once warm,
a follow-up sent the moment the answer ends, and a question the model answers (the planners
make no call for it); on an idle machine and with one busy core beside it (a busy-loop
subprocess). Each turn lists its model calls (none when the planners' calls were followed).
Needs `make llm`; not part of `--smoke`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import RESULTS
from bench.llm_eval.product import Product

FIRST = "find me a 3-bed house in Austin under $500k"
FOLLOW_UP = "tell me more about the second one"
QUESTION = "what does an HOA fee usually cover?"
"""A message the planners make no call for (FOLLOW_PLANS): the model answers it."""
BUSY_LOOP = (sys.executable, "-c", "while True: pass")
RESULT = RESULTS / "local_start.json"


def _calls(turn: Any) -> list[dict[str, Any]]:
    """Each model call: prompt, cached and new tokens read, and seconds."""
    return [
        {
            "prompt": call.get("prompt_tokens"),
            "cached": call.get("cached_tokens"),
            "new": (call.get("prompt_tokens") or 0) - (call.get("cached_tokens") or 0),
            "seconds": call.get("seconds"),
        }
        for call in turn.calls
    ]


def one_start() -> dict[str, Any]:
    """From a cold start: the first sentence, the follow-up at once, the question (a new
    session); then, the warm-up done, the first sentence and the question warm, each in a new
    session; then the question again after a restart (the read prefix kept on disk)."""
    load = os.getloadavg()[0]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-local-start-") as root:
        # a person who opens the page types at once, warm-up or not
        product = Product.start(Path(root), wait_for_model=False)
        product.reading_s = 0.0
        try:
            first = product.send(FIRST)
            cold_s = time.monotonic() - started
            follow = product.send(FOLLOW_UP, session_id=first.session_id)
            question = product.send(QUESTION)  # the model's first call, warm-up or not
            product.wait_ready()  # the start-up's read of the prompt prefix is done
            warm = product.send(FIRST)
            warm_question = product.send(QUESTION)
        finally:
            product.stop()
        restart_s, restarted = _restarted(Path(root))
    return {
        "start_to_first_answer_s": round(cold_s, 1),
        "first_turn_s": round(first.seconds, 1),
        "first_calls": _calls(first),
        "follow_up_s": round(follow.seconds, 1),
        "follow_up_calls": _calls(follow),
        "question_s": round(question.seconds, 1),
        "question_calls": _calls(question),
        "warm_first_s": round(warm.seconds, 1),
        "warm_calls": _calls(warm),
        "warm_question_s": round(warm_question.seconds, 1),
        "warm_question_calls": _calls(warm_question),
        "restart_to_question_answer_s": round(restart_s, 1),
        "question_after_restart_s": round(restarted.seconds, 1),
        "question_after_restart_calls": _calls(restarted),
        "load_before": round(load, 2),
    }


def _restarted(root: Path) -> tuple[float, Any]:
    """The app started again on the same MEMORY_ROOT, the question asked at once: the seconds
    from the start to its answer, and the turn."""
    started = time.monotonic()
    product = Product.start(root, wait_for_model=False)
    product.reading_s = 0.0
    try:
        turn = product.send(QUESTION)
        return time.monotonic() - started, turn
    finally:
        product.stop()


def _with_busy_core() -> dict[str, Any]:
    busy = subprocess.Popen(BUSY_LOOP)
    try:
        return one_start()
    finally:
        busy.kill()
        busy.wait()


def run() -> dict[str, Any]:
    """Both starts; the figures so far are written after each (a start takes minutes)."""
    figures: dict[str, Any] = {
        "targets_s": {"start_to_first_answer": 60, "warm_first": 10},
        "load_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    for name, start in (("idle", one_start), ("one_busy_core", _with_busy_core)):
        figures[name] = start()
        figures["load_at_end"] = [round(x, 2) for x in os.getloadavg()]
        RESULT.write_text(json.dumps(figures, indent=2) + "\n")
    return figures


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
