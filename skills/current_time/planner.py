"""The current_time skill's planner (docs/protocol.md, "Skill planners"): time and date questions.

Asked before the other planners, so "what time is it?" never reads as anything else.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any
from zoneinfo import available_timezones

PRIORITY = 10
TOOL = "get_current_time"
_TIME_QUESTION = re.compile(
    r"\b(what(?:'s| is)? the time|what time|(?:current|local) (?:\w+ ){0,2}time|time is it|"
    r"time (?:right )?now|"
    r"what(?:'s| is)? (?:the |today'?s )?date|what day is)\b",
    re.IGNORECASE,
)


_PLACE = re.compile(r"\b(?:in|at|for)\s+((?:[A-Z][\w'.-]*)(?:\s+[A-Z][\w'.-]*){0,2})")
_PLACE_BEFORE = re.compile(r"((?:[A-Z][\w'.-]*\s+){1,3})time\b")
"""A place written before the word: "Tokyo time right now?", "New York time"."""


@lru_cache(maxsize=1)
def _zones_by_city() -> dict[str, str]:
    """ "tokyo" -> "Asia/Tokyo", "new york" -> "America/New_York" (the IANA names' last part)."""
    found: dict[str, str] = {}
    for zone in sorted(available_timezones()):
        if "/" in zone and not zone.startswith(("Etc/", "SystemV/", "US/")):
            found.setdefault(zone.rsplit("/", 1)[1].replace("_", " ").lower(), zone)
    return found


def _named_zone(text: str) -> str | bool | None:
    """The zone of a place the message names ("in Tokyo"), False when it names a place this
    cannot place (the model should decide, not the user's own zone), None when it names none."""
    places = _PLACE.findall(text)
    for place in places:
        words = place.split()
        for size in range(len(words), 0, -1):  # "New York City" -> "new york city", "new york"
            zone = _zones_by_city().get(" ".join(words[:size]).lower())
            if zone:
                return zone
    for before in _PLACE_BEFORE.findall(text):  # only a place it can place counts here
        words = before.split()
        for start in range(len(words)):  # "What's New York time" -> ..., "new york", "york"
            zone = _zones_by_city().get(" ".join(words[start:]).lower())
            if zone:
                return zone
    return False if places else None


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """One call for a time or date question: in the zone of the place it names ("in Tokyo"),
    else in the user's timezone; None for other messages and for a place it cannot place."""
    text = turn.get("text", "")
    if TOOL not in (turn.get("tools") or []) or not _TIME_QUESTION.search(text):
        return None
    zone = _named_zone(text)
    if zone is False:
        return None
    return {"calls": [{"name": TOOL, "args": {"timezone": zone or turn.get("timezone", "UTC")}}]}


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
