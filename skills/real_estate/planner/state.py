"""Conversation-state lines for the agent: the current criteria, numbered results, the focus.

Every model (offline or real) reads these lines in the reflect block, so that "the second one"
resolves against what the user was shown. The results are named by number, zpid and street
only: the prompt holds the search's own table just above (its facts, read once), and these
lines are read again every turn.
"""

from __future__ import annotations

import json
from typing import Any


def _listing_ref(number: int, item: dict[str, Any]) -> str:
    ref = f"{number} = zpid {item.get('zpid')}"
    street = str(item.get("address") or "").split(",")[0]
    return f"{ref} ({street})" if street else ref


def state_lines(results: list[dict[str, Any]]) -> list[str]:
    """Lines for the latest search and the latest property looked at, oldest results first."""
    criteria: dict[str, Any] | None = None
    shown: list[dict[str, Any]] = []
    focused: dict[str, Any] | None = None
    for result in results:
        kind = result.get("type")
        if kind == "listings":
            criteria, shown = result.get("criteria") or {}, result.get("items") or []
        elif kind == "detail" and result.get("items"):
            focused = result["items"][0]
    lines = []
    if criteria is not None:
        lines.append(f"Current search criteria: {json.dumps(criteria, sort_keys=True)}")
        refs = "; ".join(_listing_ref(n, item) for n, item in enumerate(shown, 1))
        lines.append(
            "Last results, numbered as shown to the user (resolve 'the second one' here; their "
            f"facts are in the search's table above): {refs or '(no results)'}"
        )
    if focused:
        lines.append(f"Focused property: zpid {focused.get('zpid')} - {focused.get('address')}")
    return lines
