"""The yes/no questions of the planner's `confirm` (every model), in words: a forget names a
preference by what it is and holds, a saved search by its criteria, a watched home by its
address when it was shown, never the entry's key; a tour request names the home and the
dates and hours the tool will send (the user's words resolved in the call's time zone)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from real_estate.domain import (
    ACCOUNT_CONTACT,
    ENTRY_WORDS,
    FORGET_CRITERIA,
    REQUEST_TOUR,
    WATCH_PREFIX,
)
from real_estate.tour_times import TourTimeError, resolved

from .wording import criteria_phrase


def question(turn: Mapping[str, Any]) -> str | None:
    """The question before a forget or a tour request; None for another call (the template)."""
    call = turn.get("call") or {}
    args = call.get("args")
    if not isinstance(args, dict):
        return None
    if call.get("name") == FORGET_CRITERIA:
        return forget_question(turn, args)
    if call.get("name") == REQUEST_TOUR:
        return tour_question(turn, args)
    return None


def tour_question(turn: Mapping[str, Any], args: Mapping[str, Any]) -> str | None:
    """Send a tour request for the home (its dates and hours) to an agent; None when the times
    cannot be read or have passed (the tool then asks again)."""
    try:
        times = resolved(str(args.get("times") or ""), str(args.get("timezone") or "UTC"))
    except (TourTimeError, ValueError, LookupError):
        return None
    home = _address(turn, str(args.get("zpid") or "")) or "this home"
    contact = args.get("contact") or ACCOUNT_CONTACT
    return f"Send a tour request for {home} ({times}) to an agent (contact: {contact})?"


def forget_question(turn: Mapping[str, Any], args: Mapping[str, Any]) -> str:
    """Forget a preference (and what it holds), a saved search (by its criteria) or a watch."""
    key, kind = str(args.get("key") or ""), str(args.get("entry_type") or "PREFERENCE").upper()
    kept = str((turn.get("preferences") or {}).get(key) or "")
    if kind == "SEARCH":
        try:
            criteria = json.loads(kept)
        except ValueError:
            return "Forget this saved search and stop its alerts?"
        return f"Forget your saved search for {criteria_phrase(criteria, 2)} and stop its alerts?"
    if kind == "WATCH":
        home = _address(turn, key.removeprefix(WATCH_PREFIX))
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
