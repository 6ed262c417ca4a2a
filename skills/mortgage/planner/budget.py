"""A payment on the person's saved budget ("with my budget, what's the monthly at 7%?", "if I
spend my whole budget..."): the price is the budget they told the home search, which SKILL.md's
`planner_reads: [preference:budget_max]` lets this planner read."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .terms import money

_MY_BUDGET = re.compile(
    r"\b(?:my|our|the)\s+(?:(?:whole|full|entire|max(?:imum)?|top|saved|total)\s+)?"
    r"(?:budget|price (?:limit|cap|ceiling)|max(?:imum)? price|spending limit)\b"
)
_AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*([km])?\b")
"""The saved budget as the home search wrote it ("$500,000", "450k")."""


def budget_price(text: str, preferences: Mapping[str, Any]) -> float | None:
    """The saved budget_max as the price, when the message names the budget and one is saved."""
    if not _MY_BUDGET.search(text):
        return None
    found = _AMOUNT.search(str(preferences.get("budget_max") or "").lower())
    if found is None:
        return None
    return money(found.group(1), found.group(2)) or None
