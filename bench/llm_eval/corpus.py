"""The understanding corpus beside the scenarios: a stratified sample of both parts (every
capability), run after the eval's API has stopped, in-process on the same model (its own
llama-server, started and stopped with it), within what is left of the eval's budget."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from bench.understanding import measured, present_parts, sample_for, table

CORPUS_S = 600.0
"""At most this long for the sample, start-up and states included (local: 5-15 s a case)."""
MIN_S = 240.0
"""Less than this left of the budget: the sample is not run (start-up and states alone take
most of it on the local model)."""
MARGIN_S = 30.0
"""Kept back for stopping the product before the eval's own deadline."""
TURN_S = 20.0
"""No case starts this close to the end: one running then would be cut off with the rest."""


@dataclass
class CorpusRun:
    """The sample's figures, or why there are none."""

    result: dict[str, Any] | None
    why: str = ""

    def section(self) -> str:
        if self.result is None:
            return f"## Understanding corpus (sample)\n\nNot run: {self.why}\n"
        sizes = ", ".join(f"{p} {s['total']}" for p, s in self.result["parts"].items())
        lines = [
            "## Understanding corpus (sample)",
            "",
            f"A stratified sample ({sizes} cases) of tests/understanding/corpus, scored on the "
            f"first model step, in {self.result['seconds']} s (docs/understanding-corpus.md).",
            "",
            *table(self.result),
        ]
        return "\n".join(lines) + "\n"


def run_sample(model: str, deadline: float, size: int | None = None) -> CorpusRun:
    """The sample on `model`, sized to the time left before `deadline` (time.monotonic()),
    at most CORPUS_S; cut off at the deadline, whatever it was doing."""
    left = min(CORPUS_S, deadline - time.monotonic() - MARGIN_S)
    if left < MIN_S:
        return CorpusRun(None, f"{max(left, 0):.0f} s left of the budget")
    size = size or max(1, sample_for(left, model) // max(1, present_parts()))
    until = time.monotonic() + left - TURN_S
    try:
        return CorpusRun(asyncio.run(asyncio.wait_for(measured(model, size, until), left)))
    except TimeoutError:
        return CorpusRun(None, f"cut off at the budget ({left:.0f} s) while building the states")
    except Exception as exc:  # the scenarios' report is kept whatever happens here
        return CorpusRun(None, f"failed: {exc!r}"[:300])
