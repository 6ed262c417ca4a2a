"""New search criteria from the last ones and what a message changes (conversation.py's rules
for refinement, relative words, "around X", paging and homes like one)."""

from __future__ import annotations

import statistics
from typing import Any

from real_estate.domain import SEARCH

from .parse import Parsed
from .plans import Conversation, Plan, ToolRequest

_SCALARS = ("location", "beds_min", "baths_min", "sqft_min", "property_type", "near")
_HOME_FACTS = (
    "school_rating_min",
    "garage_spaces_min",
    "lot_size_min",
    "year_built_min",
    "no_hoa",
)
_BOUNDED = (("beds_min", "beds_max"), ("baths_min", "baths_max"))
_SCALARS_LATE = ("radius_miles", "sort", "limit")
_MARKET = ("price_dropped_within_days", "days_on_market_max")  # planner/market.py
_DROPPED = {
    "price": ("price_min", "price_max"),
    "beds_min": ("beds_min", "beds_max"),
    "baths_min": ("baths_min", "baths_max"),
}
"""A criterion dropped, and the criteria that go with it."""


def wants_search(parsed: Parsed, conv: Conversation) -> bool:
    if parsed.rerun and conv.last_criteria is not None:
        return True
    if not parsed.asks_anything():
        return False
    if concept_question(parsed):
        return False  # "what is a condo?" asks for an explanation
    only_place = set(parsed.criteria) <= {"location", "near"} and not parsed.modifiers
    if only_place and not (parsed.real_estate or parsed.refine or parsed.browse):
        return not parsed.other_domain and not parsed.guessed_location
    return True


def concept_question(parsed: Parsed) -> bool:
    """A question about a kind of home or a feature ("what is a condo?"), not a request."""
    kinds = set(parsed.criteria)
    return parsed.general and bool(kinds) and kinds <= {"property_type", "features"}


def is_refinement(parsed: Parsed, conv: Conversation) -> bool:
    if conv.last_criteria is None or parsed.new_search or parsed.browse:
        return False
    if parsed.refine or "location" not in parsed.criteria:
        return True
    return set(parsed.criteria) == {"location"}


def next_page(parsed: Parsed, conv: Conversation) -> Plan:
    criteria = dict(conv.last_criteria or {})
    current = int(criteria.get("page") or 1)
    page = parsed.page or max(1, current + parsed.page_step)
    if "limit" in parsed.criteria:
        criteria["limit"] = parsed.criteria["limit"]
    limit = int(criteria.get("limit") or 10)
    if page == current and parsed.page_step < 0:
        return Plan([], "You're already on the first page of results.")
    if conv.last_total is not None and (page - 1) * limit >= conv.last_total:
        return Plan([], f"That's all of them: the search found {conv.last_total} results.")
    criteria["page"] = page
    return Plan([ToolRequest(SEARCH, criteria)])


def refine(base: dict[str, Any], parsed: Parsed, shown: list[dict[str, Any]]) -> dict[str, Any]:
    """The base criteria with only what the message changes."""
    c = {k: v for k, v in base.items() if k != "page"}
    new = parsed.criteria
    for key in parsed.drop:
        for name in _DROPPED.get(key, (key,)):
            c.pop(name, None)
    for key in _SCALARS + _HOME_FACTS + _SCALARS_LATE + _MARKET:
        if key in new:
            c[key] = new[key]
    if "stories_min" in new or "stories_max" in new:  # "single story instead" replaces "2 story"
        for key in ("stories_min", "stories_max"):
            c.pop(key, None)
        c.update({k: new[k] for k in ("stories_min", "stories_max") if k in new})
    for low, high in _BOUNDED:  # "3 bedrooms instead" after "3 to 4 bedrooms" lifts the cap
        if low in new or high in new:
            c.pop(high, None)
            if high in new:
                c[high] = new[high]
    if "price_max" in new:
        c["price_max"] = new["price_max"]
        if "price_min" in new or c.get("price_min", 0) >= new["price_max"]:
            c.pop("price_min", None)
    if "price_min" in new:
        c["price_min"] = new["price_min"]
        if "price_max" not in new and c.get("price_max", float("inf")) <= new["price_min"]:
            c.pop("price_max", None)
    excluded = list(c.get("exclude_types") or [])
    c["exclude_types"] = excluded + [t for t in new.get("exclude_types", []) if t not in excluded]
    kept = [] if parsed.replace_features and new.get("features") else c.get("features") or []
    features = list(dict.fromkeys([*kept, *new.get("features", [])]))
    c["features"] = [f for f in features if f not in parsed.removed_features]
    kept_wishes = [] if parsed.replace_features and new.get("wishes") else c.get("wishes") or []
    c["wishes"] = list(dict.fromkeys([*kept_wishes, *new.get("wishes", [])]))[:5]
    if "property_type" in new:
        c["exclude_types"] = [t for t in c["exclude_types"] if t != new["property_type"]]
    elif c.get("property_type") in c["exclude_types"]:
        c.pop("property_type")
    _apply_modifiers(c, parsed, shown)
    return c


def _apply_modifiers(c: dict[str, Any], parsed: Parsed, shown: list[dict[str, Any]]) -> None:
    new, mods = parsed.criteria, parsed.modifiers
    prices = _median(shown, "price")
    if "cheaper" in mods and "price_max" not in new:
        if c.get("price_max") or prices:
            c["price_max"] = round((c.get("price_max") or prices) * 0.9 / 1000) * 1000
            if c.get("price_min", 0) >= c["price_max"]:
                c.pop("price_min", None)
        else:
            c.setdefault("sort", "price")
    if "pricier" in mods and "price_min" not in new:
        if c.get("price_max"):
            c["price_min"] = c.pop("price_max")
        elif prices:
            c["price_min"] = round(prices * 1.1 / 1000) * 1000
        else:
            c.setdefault("sort", "price_desc")
    if "bigger" in mods and "sqft_min" not in new:
        if c.get("sqft_min"):
            c["sqft_min"] = round(c["sqft_min"] * 1.2 / 100) * 100
        elif size := _median(shown, "sqft"):
            c["sqft_min"] = round(size * 1.1 / 100) * 100
        else:
            c.setdefault("sort", "size")
    if "more_beds" in mods and "beds_min" not in new:
        c["beds_min"] = int(c.get("beds_min") or _median(shown, "beds") or 2) + 1
    if "fewer_beds" in mods and "beds_min" not in new and int(c.get("beds_min") or 0) > 1:
        c["beds_min"] = int(c["beds_min"]) - 1  # "one bedroom fewer": asked no more than that
        c.pop("beds_max", None)
    if "more_baths" in mods and "baths_min" not in new:
        c["baths_min"] = int(c.get("baths_min") or _median(shown, "baths") or 1) + 1


def _median(items: list[dict[str, Any]], key: str) -> float:
    values = [float(i[key]) for i in items if isinstance(i.get(key), int | float) and i[key] > 0]
    return statistics.median(values) if values else 0.0


def like(listing: dict[str, Any]) -> dict[str, Any]:
    """Homes like one: the skill ranks by its description and attributes (like_zpid); the same
    type and a price within 30% keep the list to homes one would weigh against it."""
    c: dict[str, Any] = {"like_zpid": str(listing["zpid"])}
    if listing.get("property_type"):
        c["property_type"] = listing["property_type"]
    if price := listing.get("price"):
        c["price_min"], c["price_max"] = round(price * 0.7), round(price * 1.3)
    return c


def tidy(criteria: dict[str, Any]) -> dict[str, Any]:
    c = {k: v for k, v in criteria.items() if v not in (None, [], "")}
    if (c.get("sort") == "distance" or "radius_miles" in c) and "near" not in c:
        c["near"] = "downtown"
    return c
