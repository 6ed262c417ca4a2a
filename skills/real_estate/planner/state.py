"""Conversation-state lines for the agent: the current criteria, numbered results, the focus.

Every model (offline or real) reads these lines in the context block, so that "the second one"
resolves against what the user was shown. The results are named by number and zpid only: the
homes themselves (streets, prices) are in the prompt once already, in the search's table or in
the answer that listed them by the same numbers, and a zpid is eight or more tokens, a digit
each. These lines are read again after every search, so they are written compactly.
"""

from __future__ import annotations

import json
from typing import Any

DEFAULT_LIMIT = 10
"""Results per page when the user names none (the skill's criteria.py)."""


def _criteria_said(criteria: dict[str, Any]) -> dict[str, Any]:
    """The criteria without the settings left at their default (the page size, the order a
    search gets when the user names none): what a model reuses for "same but ..." and "more"."""
    defaults = {"limit": DEFAULT_LIMIT, "sort": "distance" if criteria.get("near") else "relevance"}
    return {k: v for k, v in criteria.items() if k not in defaults or defaults[k] != v}


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
        said = json.dumps(_criteria_said(criteria), sort_keys=True, separators=(",", ":"))
        lines.append(f"Current search criteria: {said}")
        refs = "; ".join(f"{n}={item.get('zpid')}" for n, item in enumerate(shown, 1))
        lines.append(f"Zpids of the results shown, by number: {refs or '(no results)'}")
    if focused:
        lines.append(f"Focused property: zpid {focused.get('zpid')} - {focused.get('address')}")
    return lines
