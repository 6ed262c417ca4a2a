"""The offline model's own words: what it says when no skill planner speaks for a turn."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

_MOJIBAKE = {"â€™": "'", "â€˜": "'", "â€œ": '"', "â€\x9d": '"', "â€“": "-", "â€”": "-", "Â": ""}


def plain(text: str) -> str:
    """External text made inert: mis-encodings fixed, markdown and line breaks removed."""
    for bad, good in _MOJIBAKE.items():
        text = text.replace(bad, good)
    text = re.sub(r"[*_`#\[\]<>|\\]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def describe_error(tool: str, message: str) -> str:
    """A readable sentence for a failed tool call."""
    reason = plain(message).rstrip(".!") or "no reason given"
    if re.search(r"time(?:d)? ?out", reason.lower()):
        reason = "it took too long to answer"
    return f"The {tool} tool failed ({reason[:200]}). Please try again in a moment."


def describe_outcome(outcome: Mapping[str, Any]) -> str:
    """One outcome in plain words, for tools whose skill has no planner answer."""
    tool = str(outcome.get("tool", "tool"))
    if not outcome.get("ok"):
        return describe_error(tool, str(outcome.get("error", "")))
    return f"The {tool} tool returned: {json.dumps(outcome.get('result'))[:500]}"


def _is_write(outcome: Mapping[str, Any]) -> bool:
    result = outcome.get("result")
    return (
        bool(outcome.get("ok"))
        and isinstance(result, dict)
        and result.get("type") == "memory_write"
    )


def generic_answer(outcomes: Sequence[Mapping[str, Any]]) -> str:
    """Every outcome in plain words; memory writes as one `Got it, I'll remember ...` line."""
    answer = "\n\n".join(describe_outcome(o) for o in outcomes if not _is_write(o))
    writes = [o["result"] for o in outcomes if _is_write(o)]
    if not writes:
        return answer
    said = "; ".join(f"{w.get('key', '').replace('_', ' ')}: {w.get('value')}" for w in writes)
    return f"Got it, I'll remember {said}. {answer}".strip()


NO_SKILLS = "I'm PropSearch, running offline with no skills loaded right now."
UNSURE = "I'm not sure what you'd like me to do there. Could you say it in other words?"
"""When no skill's planner speaks for a message: a question back, never the tools' descriptions."""
NO_WORDS = "I can only read words, not emoji or symbols alone. What would you like me to do?"
OTHER_SCRIPT = (
    "I can only answer in English, so I'm replying in English: I didn't act on that message. "
    "Could you tell me in English what you'd like?"
)


def unsure(text: str) -> str:
    """The question back when no planner speaks, saying why where the message itself shows it:
    no word in it (emoji only), or mostly letters outside English's alphabet."""
    if not re.search(r"[^\W_]", text):
        return NO_WORDS
    letters = [c for c in text if c.isalpha()]
    if sum(not c.isascii() for c in letters) > len(letters) / 3:
        return OTHER_SCRIPT
    return UNSURE
