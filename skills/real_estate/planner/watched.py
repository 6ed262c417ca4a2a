"""The home a person watches, named by that ("the one I'm watching", "the house we're
tracking", "my watched house"), read as its position among the homes on screen ("number 2"): when one home is
watched and it is shown."""

from __future__ import annotations

import re
from typing import Any

from real_estate.domain import WATCH_PREFIX

_NAMED = re.compile(
    r"\b(?:the|that) (?:one|home|house|place|listing|property)(?: that| which)? "
    r"(?:i'?m|i am|we'?re|we are|you'?re|you are)(?: (?:still|already))? "
    r"(?:watching|tracking|monitoring|following|keeping (?:an eye|tabs) on)"
    r"(?: for (?:me|us))?\b|"
    r"\b(?:the|my|our) (?:watched|tracked|monitored) (?:one|home|house|place|listing|property)\b",
    re.IGNORECASE,
)


def said_by_position(text: str, preferences: dict[str, str], shown: list[dict[str, Any]]) -> str:
    """`text` with the one watched home named as watched written as its position; unchanged
    when no home or several are watched, or the watched one is not shown."""
    watched = [k.removeprefix(WATCH_PREFIX) for k in preferences if k.startswith(WATCH_PREFIX)]
    if len(watched) != 1:
        return text
    at = next((n for n, home in enumerate(shown, 1) if str(home.get("zpid")) == watched[0]), 0)
    return _NAMED.sub(f"number {at}", text) if at else text
