"""Three follow-up hint chips that fit the current search and never repeat what's applied.

Every hint is phrased so that plan() understands it when the user clicks it.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from typing import Any

from .replies import relaxations
from .wording import short_money

STARTERS = [
    "Find 3-bed houses in Austin under $500k",
    "Show condos near downtown",
    "What's available in Pflugerville?",
    "Show the cheapest first",
]


def follow_up_hints(
    criteria: Mapping[str, Any] | None, result: Mapping[str, Any] | None
) -> list[str]:
    """Exactly 3 short hints for what to ask next."""
    result = result or {}
    c: Mapping[str, Any] = criteria or result.get("criteria") or {}
    items = [i for i in result.get("items") or [] if isinstance(i, Mapping)]
    kind = result.get("type")
    if kind == "detail" and items:
        found = _detail_hints(items[0], c)
    elif kind == "listings" and not items:
        found = [r.hint for r in relaxations(c)]
    elif kind == "listings" or c:
        found = _search_hints(c, items, int(result.get("total") or len(items)))
    else:
        found = []
    hints = list(dict.fromkeys(found))[:3]
    for starter in STARTERS:
        if len(hints) == 3:
            break
        if starter not in hints:
            hints.append(starter)
    return hints


def _search_hints(c: Mapping[str, Any], items: list[Mapping[str, Any]], total: int) -> list[str]:
    hints = ["Tell me about the first one"] if items else []
    prices = [float(i["price"]) for i in items if isinstance(i.get("price"), int | float)]
    if c.get("price_max"):
        hints.append("Show cheaper options")
    elif prices and (cap := statistics.median(prices) // 50_000 * 50_000) >= 50_000:
        hints.append(f"Show options under {short_money(cap)}")
    if not c.get("near"):
        hints.append("Closer to downtown")
    elif c.get("sort") != "distance":
        hints.append("Show the closest first")
    features = c.get("features") or []
    for feature in ("pool", "garage", "view"):
        if feature not in features:
            hints.append(f"Only show listings with a {feature}")
            break
    if c.get("sort") != "price":
        hints.append("Show the cheapest first")
    beds = int(c.get("beds_min") or 0)
    hints.append(f"At least {max(3, beds + 1)} bedrooms")
    if total > len(items) > 0:
        hints.append("Show more results")
    return hints


def _detail_hints(listing: Mapping[str, Any], c: Mapping[str, Any]) -> list[str]:
    hints = ["Show similar listings"]
    if place := listing.get("zipcode") or listing.get("city"):
        hints.append(f"What's available in {place}?")
    hints.append("Closer to downtown" if not c.get("near") else "Show the cheapest first")
    return hints
