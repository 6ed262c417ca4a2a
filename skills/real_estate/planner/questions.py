"""The yes/no question before a forget, in words (the planner's `confirm`, every model): a
preference by what it is and holds, a saved search by its criteria, a watched home by its
address when it was shown; never the entry's key."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from real_estate.domain import ENTRY_WORDS, FORGET_CRITERIA

from .wording import criteria_phrase


def forget_question(turn: Mapping[str, Any]) -> str | None:
    """ "Stop the alerts of your saved search for houses in 78745…?"; None for another call."""
    call = turn.get("call") or {}
    args = call.get("args") or {}
    if call.get("name") != FORGET_CRITERIA or not isinstance(args, dict):
        return None
    key, kind = str(args.get("key") or ""), str(args.get("entry_type") or "PREFERENCE").upper()
    kept = str((turn.get("preferences") or {}).get(key) or "")
    if kind == "SEARCH":
        try:
            criteria = json.loads(kept)
        except ValueError:
            return "Forget this saved search and stop its alerts?"
        return f"Forget your saved search for {criteria_phrase(criteria, 2)} and stop its alerts?"
    if kind == "WATCH":
        home = _address(turn, key.removeprefix("watch_"))
        return f"Stop watching {home}?" if home else "Stop watching this home?"
    words = ENTRY_WORDS.get(key, key.replace("_", " "))
    return f"Forget your {words} ({kept})?" if kept else f"Forget your {words}?"


def _address(turn: Mapping[str, Any], zpid: str) -> str | None:
    """The address of a home shown in this conversation, by its zpid."""
    for result in [*(turn.get("earlier") or []), *(turn.get("this_turn") or [])]:
        for home in result.get("items") or [] if isinstance(result, dict) else []:
            if isinstance(home, dict) and str(home.get("zpid")) == zpid and home.get("address"):
                return str(home["address"])
    return None
