"""Three follow-up hint chips that follow from what the turn showed: a search's narrow the
search and never repeat what's applied; a home, a save, a watch or a tour request get the chips
`follow_ups.json` (beside SKILL.md) names for them; nothing shown gets the starters.

Every hint is phrased so that plan() understands it when the user clicks it.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .relaxations import relaxations
from .wording import short_money

FOLLOW_UPS: dict[str, list[str]] = {
    kind: chips
    for kind, chips in json.loads(
        (Path(__file__).parent.parent / "follow_ups.json").read_text(encoding="utf-8")
    ).items()
    if isinstance(chips, list)
}
STARTERS = FOLLOW_UPS["nothing"]
KEPT = {"SAVED": "saved_home", "WATCH": "watch", "SEARCH": "saved_search"}
"""A write's entry type -> its chips in follow_ups.json."""


def done_kind(result: Mapping[str, Any]) -> str:
    """What a turn without a listing did, as a key of follow_ups.json ("nothing" when none)."""
    if result.get("type") == "handoff":
        return str(result.get("kind") or "nothing")
    if result.get("type") != "memory_write":
        return "nothing"
    if result.get("op") == "delete":
        return "forgotten"
    return KEPT.get(str(result.get("entry_type")), "remembered")


def follow_up_hints(
    criteria: Mapping[str, Any] | None, result: Mapping[str, Any] | None
) -> list[str]:
    """Exactly 3 short hints for what to ask next."""
    result = result or {}
    c: Mapping[str, Any] = criteria or result.get("criteria") or {}
    items = [i for i in result.get("items") or [] if isinstance(i, Mapping)]
    kind = result.get("type")
    if kind == "detail" and items:
        found = list(FOLLOW_UPS["detail"])
    elif kind == "listings" and not items:
        found = [r.hint for r in relaxations(c) if r.hint]
    elif kind == "listings" or c:
        found = _search_hints(c, items, int(result.get("total") or len(items)))
    else:
        found = list(FOLLOW_UPS.get(done_kind(result), []))
    hints = list(dict.fromkeys(found))[:3]
    for starter in STARTERS:
        if len(hints) == 3:
            break
        if starter not in hints:
            hints.append(starter)
    return hints


def _search_hints(c: Mapping[str, Any], items: list[Mapping[str, Any]], total: int) -> list[str]:
    """A way to narrow the search first, then the next page and a comparison when they apply."""
    narrower = _narrower(c, items)
    hints = narrower[:1]
    if total > len(items) > 0:
        hints.append("Show more results")
    if len(items) >= 2:
        hints.append("Compare the first two")
    if items:
        hints.append("Tell me about the first one")
    return [*hints, *narrower[1:]]


def _narrower(c: Mapping[str, Any], items: list[Mapping[str, Any]]) -> list[str]:
    hints = []
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
    return hints
