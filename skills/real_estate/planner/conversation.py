"""The offline model's real-estate brain: which tools a message needs, and how answers read.

Pure functions, no I/O. Decisions read only the user's own words (`Conversation.text`);
listing descriptions are data, never instructions.

A message is read in this order; the first that applies wins:
1. the older card click `Show me the details for {address} (zpid: {zpid})` -> details by zpid;
2. a typed street address -> details of the shown home at that address by its zpid (the web
   UI's card click `Tell me more about {address}`), else details by address;
3. homes like a shown or open one ("homes like the second one", "more like this") -> a search
   ranked by likeness to it (like_zpid), same type, price within 30%;
   a reference to a shown result ("the second one", "#3", "the cheapest one") -> details of
   that listing; out of range or nothing shown yet -> no call, a note saying why;
4. "more results" / "next page" / "page 3" -> the last search, next page;
5. anything with search criteria, preferences, or "what's available" -> save the stated
   preferences (see prefs.py), then search.
Saved homes, comparison and "forget my budget" (saved.py) are read right after a card click,
after saved searches, watches and tour requests (watch.py).

Refinement or new search (when an earlier search exists): a new search when the message says
so ("new search", "start over", "what's available"), or names a place along with other
criteria and none of the refinement words (same, instead, what about, also, cheaper, bigger,
closer, those...). Everything else refines: the last criteria with only what the message changes
(a place alone, "only houses", "3 bedrooms instead", "under 400k instead"). Features add up
("also with a pool") unless the message says instead/rather/just, which replaces them.
Only a new search is filled from saved preferences, with a note naming what was filled; a
saved town is not added to a search near an (Austin) landmark. The note does not repeat what
was saved in this message: the model words memory writes itself.
"home(s)" means a house unless another type is named ("a home, a condo ideally" -> condo).

Relative words: "cheaper" caps the price at 90% of the previous cap, or of the median price
shown when there was none; "more expensive" makes the old cap the new floor (or 110% of the
median shown); "bigger" asks 120% of the previous minimum size, or 110% of the median size
shown. Amounts are rounded to $1,000 and 100 sqft. With nothing to compare, they sort instead.
"around X" is X ± 10%. The page size is left to the skill (10) unless the user names one.
A distance sort or radius with no landmark means downtown.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from .hint_chips import follow_up_hints
from .market import asks_days_on_market
from .parse import Parsed, parse
from .prefs import fill_from_preferences, preference_writes
from .refs import card_click, find_reference, resolve, shown_at, typed_address
from .replies import describe_error, describe_results
from .saved import plan_saved
from .watch import plan_watch

__all__ = [
    "Conversation",
    "Plan",
    "ToolRequest",
    "describe_error",
    "describe_results",
    "follow_up_hints",
    "plan_for",
]

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


@dataclass
class Conversation:
    """What the offline model extracted from the message history."""

    text: str
    last_criteria: dict[str, Any] | None = None
    last_results: list[dict[str, Any]] = field(default_factory=list)
    focused: dict[str, Any] | None = None
    preferences: dict[str, str] = field(default_factory=dict)
    last_total: int | None = None
    timezone: str = "UTC"
    """The user's time zone: tour times said in words become dates there."""


@dataclass
class ToolRequest:
    name: str
    args: dict[str, Any]


@dataclass
class Plan:
    """Tool calls to make now, and a sentence to put before the answer (or instead of it)."""

    calls: list[ToolRequest]
    note: str = ""
    no_tools: bool = False
    """The message asks about a concept of this domain: it needs no tool, only words."""


def plan_for(conv: Conversation) -> Plan | None:
    """What to do for the user's message; None when it is not about homes."""
    text = conv.text.strip()
    if not text:
        return None
    if zpid := card_click(text):
        return Plan([_details(zpid)])
    near = (conv.last_criteria or {}).get("near")
    watched = plan_watch(
        text, conv.last_results, conv.focused, conv.last_criteria, conv.preferences, conv.timezone
    )
    if watched is not None:
        calls, note = watched
        return Plan([ToolRequest(name, args) for name, args in calls], note)
    if saved := plan_saved(text, conv.last_results, conv.focused, conv.preferences, near):
        calls, note = saved
        return Plan([ToolRequest(name, args) for name, args in calls], note)
    if address := typed_address(text):
        shown = [*conv.last_results, *([conv.focused] if conv.focused else [])]
        if zpid := shown_at(address, shown):  # a card click names the home it shows
            return Plan([_details(zpid)])
        return Plan([ToolRequest("get_property_details_by_address", {"address": address})])
    parsed = parse(text)
    if parsed.question:
        return Plan([], parsed.question)
    ref = find_reference(text)
    if ref is None and conv.focused and asks_days_on_market(text):  # about the open listing
        return Plan([_details(str(conv.focused["zpid"]))])
    if "similar" in parsed.modifiers and (ref is not None or conv.focused):
        target, why = resolve(ref, conv.last_results) if ref is not None else (conv.focused, "")
        if target is None:
            return Plan([], why)
        if ref is not None:  # "the first one" names the home, not a page size
            parsed.criteria.pop("limit", None)
        if parsed.generic_type:  # "homes like it": its type, not a house
            parsed.criteria.pop("property_type", None)
        return Plan([ToolRequest("search_properties", _tidy(_refine(_like(target), parsed, [])))])
    if ref is not None and (conv.last_results or not parsed.asks_anything()):
        listing, why = resolve(ref, conv.last_results)
        return Plan([_details(str(listing["zpid"]))]) if listing else Plan([], why)
    paging = bool(parsed.page_step or parsed.page) and set(parsed.criteria) <= {"limit"}
    if paging and conv.last_criteria is not None:
        return _next_page(parsed, conv)
    writes = preference_writes(text, conv.preferences)
    if not writes and not paging and not _wants_search(parsed, conv):
        return Plan([], no_tools=True) if _concept_question(parsed) else None
    note = ""
    if _is_refinement(parsed, conv) and conv.last_criteria is not None:
        criteria = _refine(conv.last_criteria, parsed, conv.last_results)
    else:
        criteria, note = fill_from_preferences(_refine({}, parsed, []), conv.preferences)
    saves = [
        ToolRequest(
            "save_search_criteria", {"entry_type": w.entry_type, "key": w.key, "value": w.value}
        )
        for w in writes
    ]
    return Plan([*saves, ToolRequest("search_properties", _tidy(criteria))], note)


def _details(zpid: str) -> ToolRequest:
    return ToolRequest("get_property_details", {"zpid": zpid})


def _wants_search(parsed: Parsed, conv: Conversation) -> bool:
    if parsed.rerun and conv.last_criteria is not None:
        return True
    if not parsed.asks_anything():
        return False
    if _concept_question(parsed):
        return False  # "what is a condo?" asks for an explanation
    only_place = set(parsed.criteria) <= {"location", "near"} and not parsed.modifiers
    if only_place and not (parsed.real_estate or parsed.refine or parsed.browse):
        return not parsed.other_domain and not parsed.guessed_location
    return True


def _concept_question(parsed: Parsed) -> bool:
    """A question about a kind of home or a feature ("what is a condo?"), not a request."""
    kinds = set(parsed.criteria)
    return parsed.general and bool(kinds) and kinds <= {"property_type", "features"}


def _is_refinement(parsed: Parsed, conv: Conversation) -> bool:
    if conv.last_criteria is None or parsed.new_search or parsed.browse:
        return False
    if parsed.refine or "location" not in parsed.criteria:
        return True
    return set(parsed.criteria) == {"location"}


def _next_page(parsed: Parsed, conv: Conversation) -> Plan:
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
    return Plan([ToolRequest("search_properties", criteria)])


def _refine(base: dict[str, Any], parsed: Parsed, shown: list[dict[str, Any]]) -> dict[str, Any]:
    """The base criteria with only what the message changes."""
    c = {k: v for k, v in base.items() if k != "page"}
    new = parsed.criteria
    for key in parsed.drop:
        for name in ("price_min", "price_max") if key == "price" else (key,):
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


def _median(items: list[dict[str, Any]], key: str) -> float:
    values = [float(i[key]) for i in items if isinstance(i.get(key), int | float) and i[key] > 0]
    return statistics.median(values) if values else 0.0


def _like(listing: dict[str, Any]) -> dict[str, Any]:
    """Homes like one: the skill ranks by its description and attributes (like_zpid); the same
    type and a price within 30% keep the list to homes one would weigh against it."""
    c: dict[str, Any] = {"like_zpid": str(listing["zpid"])}
    if listing.get("property_type"):
        c["property_type"] = listing["property_type"]
    if price := listing.get("price"):
        c["price_min"], c["price_max"] = round(price * 0.7), round(price * 1.3)
    return c


def _tidy(criteria: dict[str, Any]) -> dict[str, Any]:
    c = {k: v for k, v in criteria.items() if v not in (None, [], "")}
    if (c.get("sort") == "distance" or "radius_miles" in c) and "near" not in c:
        c["near"] = "downtown"
    return c
