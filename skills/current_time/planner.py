"""The current_time skill's planner (docs/protocol.md, "Skill planners"): time and date questions.

Asked before the other planners, so "what time is it?" never reads as anything else.
"""

from __future__ import annotations

import re
from typing import Any

PRIORITY = 10
TOOL = "get_current_time"
_TIME_QUESTION = re.compile(
    r"\b(what(?:'s| is)? the time|what time|current time|time is it|time now|"
    r"what(?:'s| is)? (?:the |today'?s )?date|what day is)\b",
    re.IGNORECASE,
)


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """One call in the user's timezone for a time or date question; None otherwise."""
    if TOOL not in (turn.get("tools") or []) or not _TIME_QUESTION.search(turn.get("text", "")):
        return None
    return {"calls": [{"name": TOOL, "args": {"timezone": turn.get("timezone", "UTC")}}]}


def answer(turn: dict[str, Any]) -> str | None:
    """`It's <time>.` for each successful time result; None when there is none."""
    said = [
        f"It's {outcome['result'].get('human')}."
        for outcome in turn.get("outcomes") or []
        if outcome.get("ok")
        and isinstance(outcome.get("result"), dict)
        and outcome["result"].get("type") == "time"
    ]
    return "\n\n".join(said) or None
