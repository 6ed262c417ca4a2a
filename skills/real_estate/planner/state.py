"""Conversation-state lines for the agent: the current criteria, numbered results, the focus.

Every model (offline or real) reads these lines in the reflect block, so that "the second one"
resolves against what the user was shown.
"""

from __future__ import annotations

import json
from typing import Any


def _listing_line(number: int, item: dict[str, Any]) -> str:
    facts = [
        f"${item['price']:,}" if isinstance(item.get("price"), int | float) else "price n/a",
        f"{item.get('beds', '?')} bd",
        f"{item.get('baths', '?')} ba",
    ]
    if item.get("sqft"):
        facts.append(f"{item['sqft']:,} sqft")
    return f"{number}. zpid {item.get('zpid')} - {item.get('address')} - {', '.join(facts)}"


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
        lines.append("Last results, numbered as shown to the user (resolve 'the second one' here):")
        lines.extend(_listing_line(n, item) for n, item in enumerate(shown, 1))
        if not shown:
            lines.append("(no results)")
    if focused:
        lines.append(f"Focused property: zpid {focused.get('zpid')} - {focused.get('address')}")
    return lines
