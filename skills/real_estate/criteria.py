"""Validation and normalisation of `search_properties` parameters into one typed Criteria.

Both providers consume Criteria, so synonyms, ranges and defaults are decided once, here.
Errors are ToolErrors whose text tells the model exactly what to fix.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from landmarks import resolve_landmark
from planner.fair_housing import decline, protected_category
from real_estate.domain import CITY as LANDMARK_CITY
from real_estate.domain import (
    FEATURE_ARGUMENTS,
    FEATURE_WORDS,
    FEATURES,
    LANDMARKS,
    PROPERTY_TYPES,
    SORT_ARGUMENTS,
    SORT_WORDS,
    SORTS,
    TYPE_ARGUMENTS,
    TYPE_WORDS,
    named,
)
from saved_homes import zpid_of
from skill_runtime import ToolError
from wishes.text import MAX_WISH_CHARS, MAX_WISHES, split_wishes

DEFAULT_LIMIT, MAX_LIMIT, MAX_PAGE = 10, 50, 500
MAX_BEDS, MAX_BATHS, MAX_PRICE, MAX_SQFT, MAX_RADIUS = 20, 20, 100_000_000, 100_000, 100
MAX_STORIES, MAX_LOT, MAX_YEAR, MAX_DAYS = 10, 100_000_000, 2100, 3650

_STATE_SUFFIX = re.compile(r"[\s,]+(tx|texas)$")


@dataclass(frozen=True)
class Criteria:
    """Normalised search criteria; None / empty means "no constraint"."""

    location: str | None = None
    beds_min: int | None = None
    beds_max: int | None = None
    baths_min: float | None = None
    baths_max: float | None = None
    price_min: int | None = None
    price_max: int | None = None
    sqft_min: int | None = None
    property_type: str | None = None
    exclude_types: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    near: str | None = None
    radius_miles: float | None = None
    school_rating_min: float | None = None
    garage_spaces_min: int | None = None
    stories_min: int | None = None
    stories_max: int | None = None
    lot_size_min: int | None = None
    year_built_min: int | None = None
    no_hoa: bool = False
    wishes: tuple[str, ...] = ()
    like_zpid: str | None = None
    price_dropped_within_days: int | None = None
    days_on_market_max: int | None = None
    sort: str = "relevance"
    limit: int = DEFAULT_LIMIT
    page: int = 1

    def echo(self) -> dict[str, Any]:
        """The `criteria` echoed in results: only constrained fields, plus sort/limit/page."""
        out = {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(self).items()}
        return {k: v for k, v in out.items() if v not in (None, [], False)}


def _number(name: str, value: Any, *, low: float, high: float, integer: bool) -> float:
    if isinstance(value, str):
        value = _parse_number_text(name, value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ToolError(f"{name} must be a number, got {value!r}")
    if integer and value != int(value):
        raise ToolError(f"{name} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise ToolError(f"{name} must be between {low:g} and {high:g}, got {value:g}")
    return int(value) if integer else float(value)


def _parse_number_text(name: str, text: str) -> float:
    """Accept "450000", "$450,000", "450k", "1.2m" (models sometimes send strings)."""
    match = re.fullmatch(r"\$?\s*(-?[\d,]*\.?\d+)\s*([km]?)", text.strip().lower())
    if not match:
        raise ToolError(f"{name} must be a number, got {text!r}")
    scale = {"": 1, "k": 1_000, "m": 1_000_000}[match.group(2)]
    return float(match.group(1).replace(",", "")) * scale


Vocabulary = tuple[tuple[str, ...], list[tuple[str, str]], dict[str, str]]
"""The allowed values, the words people use for them and the argument-only words (domain.py)."""
_TYPES: Vocabulary = (PROPERTY_TYPES, TYPE_WORDS, TYPE_ARGUMENTS)
_FEATURES: Vocabulary = (FEATURES, FEATURE_WORDS, FEATURE_ARGUMENTS)
_SORTS: Vocabulary = (SORTS, SORT_WORDS, SORT_ARGUMENTS)


def _choice(name: str, value: Any, vocabulary: Vocabulary) -> str:
    allowed, words, arguments = vocabulary
    if not isinstance(value, str):
        raise ToolError(f"{name} must be a string, one of {', '.join(allowed)}")
    key = " ".join(value.lower().replace("_", " ").split())
    for candidate in (key, key.replace(" ", "_"), named(key, words, arguments)):
        if candidate in allowed:
            return candidate
    raise ToolError(f"unknown {name} {value!r}; use one of: {', '.join(allowed)}")


def _choices(name: str, value: Any, vocabulary: Vocabulary) -> tuple:
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list):
        raise ToolError(f"{name} must be a list of strings from: {', '.join(vocabulary[0])}")
    return tuple(dict.fromkeys(_choice(name, item, vocabulary) for item in items if item))


def _location(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ToolError("location must be a non-empty string: a city name or a 5-digit ZIP")
    text = _STATE_SUFFIX.sub("", " ".join(value.lower().split()).strip(" ,"))
    zip_match = re.fullmatch(r"(\d{5})(-\d{4})?", text)
    if zip_match:
        return zip_match.group(1)
    city, _, rest = text.partition(",")
    return city.strip().title() + (f", {rest.strip().upper()}" if rest.strip() else "")


def _wishes(value: Any) -> tuple[str, ...]:
    """Free-text wishes about the home: a string ("big yard, updated kitchen") or a list."""
    items = split_wishes(value) if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        raise ToolError("wishes must be a list of short phrases, e.g. ['big backyard']")
    found = tuple(dict.fromkeys(" ".join(item.split()).lower() for item in items if item.strip()))
    if len(found) > MAX_WISHES:
        raise ToolError(f"at most {MAX_WISHES} wishes, got {len(found)}: keep the most important")
    if long := [w for w in found if len(w) > MAX_WISH_CHARS]:
        raise ToolError(f"each wish at most {MAX_WISH_CHARS} characters: {long[0][:40]!r}…")
    return found


def _check_fair_housing(params: dict[str, Any]) -> None:
    """Refuse text that filters by a protected characteristic, whichever parameter holds it."""
    for value in params.values():
        texts = value if isinstance(value, list) else [value]
        for text in texts:
            if isinstance(text, str) and (category := protected_category(text)):
                raise ToolError(f"fair housing: {decline(category)}", 422)


_NUMBERS: tuple[tuple[str, float, float, bool], ...] = (
    ("beds_min", 0, MAX_BEDS, True), ("beds_max", 0, MAX_BEDS, True),
    ("baths_min", 0, MAX_BATHS, False), ("baths_max", 0, MAX_BATHS, False),
    ("price_min", 0, MAX_PRICE, True), ("price_max", 0, MAX_PRICE, True),
    ("sqft_min", 0, MAX_SQFT, True), ("limit", 1, MAX_LIMIT, True), ("page", 1, MAX_PAGE, True),
    ("school_rating_min", 0, 10, False), ("garage_spaces_min", 0, 10, True),
    ("stories_min", 1, MAX_STORIES, True), ("stories_max", 1, MAX_STORIES, True),
    ("lot_size_min", 0, MAX_LOT, True), ("year_built_min", 0, MAX_YEAR, True),
    ("price_dropped_within_days", 1, MAX_DAYS, True), ("days_on_market_max", 0, MAX_DAYS, True),
)  # fmt: skip
"""Each number argument: its name, lowest and highest value, and whether it is whole."""
_RANGES = (
    ("price_min", "price_max", MAX_PRICE), ("beds_min", "beds_max", MAX_BEDS),
    ("baths_min", "baths_max", MAX_BATHS), ("stories_min", "stories_max", MAX_STORIES),
)  # fmt: skip


def parse_criteria(params: dict[str, Any]) -> Criteria:
    """Validate raw tool params into Criteria (ToolError on anything the model must fix)."""
    p = _given(params)
    _check_fair_housing(p)
    out: dict[str, Any] = _place(p)
    out.update(_numbers(p))
    _check_ranges(out)
    out.update(_words(p))
    out.update(_nearness(p))
    out["sort"] = _sort(p, out)
    return Criteria(**out)


def _given(params: dict[str, Any]) -> dict[str, Any]:
    """The arguments given a value; ToolError on one Criteria does not know."""
    known = set(Criteria.__dataclass_fields__)
    unknown = sorted(set(params) - known)
    if unknown:
        raise ToolError(f"unknown parameter(s) {unknown}; known: {', '.join(sorted(known))}")
    return {k: v for k, v in params.items() if v is not None and v != ""}


def _place(p: dict[str, Any]) -> dict[str, Any]:
    """The location; a landmark given as the location ("homes downtown") is its city, measured
    from it (`near` is set in `p` then)."""
    if "location" not in p:
        return {}
    location = _location(p["location"])
    landmark = resolve_landmark(p["location"]) if isinstance(p["location"], str) else None
    if landmark is not None and not re.fullmatch(r"\d{5}", location):
        p.setdefault("near", landmark)
        return {"location": LANDMARK_CITY}
    return {"location": location}


def _numbers(p: dict[str, Any]) -> dict[str, Any]:
    """Every number argument and `no_hoa`, each checked against its bounds."""
    out = {
        name: _number(name, p[name], low=low, high=high, integer=integer)
        for name, low, high, integer in _NUMBERS
        if name in p
    }
    if "no_hoa" in p:
        if not isinstance(p["no_hoa"], bool):
            raise ToolError(f"no_hoa must be true or false, got {p['no_hoa']!r}")
        out["no_hoa"] = p["no_hoa"]
    return out


def _check_ranges(out: dict[str, Any]) -> None:
    for low, high, top in _RANGES:
        if out.get(low, 0) > out.get(high, top):
            raise ToolError(f"{low} is greater than {high}: ask the user which they meant")


def _words(p: dict[str, Any]) -> dict[str, Any]:
    """Types, features, the home to be like and the free-text wishes."""
    out: dict[str, Any] = {}
    if "property_type" in p:
        out["property_type"] = _choice("property_type", p["property_type"], _TYPES)
    if "exclude_types" in p:
        out["exclude_types"] = _choices("exclude_types", p["exclude_types"], _TYPES)
    if "features" in p:
        out["features"] = _choices("features", p["features"], _FEATURES)
    if "like_zpid" in p:
        out["like_zpid"] = zpid_of(p["like_zpid"], "like_zpid")
    if "wishes" in p:
        out["wishes"] = _wishes(p["wishes"])
    return out


def _nearness(p: dict[str, Any]) -> dict[str, Any]:
    """The landmark to measure from and the radius around it."""
    out: dict[str, Any] = {}
    if "near" in p:
        landmark = resolve_landmark(p["near"]) if isinstance(p["near"], str) else None
        if landmark is None:
            raise ToolError(f"unknown landmark {p['near']!r}; use one of: {', '.join(LANDMARKS)}")
        out["near"] = landmark
    if "radius_miles" in p:
        if "near" not in out:
            raise ToolError("radius_miles needs near (a landmark to measure from)")
        radius = p["radius_miles"]
        out["radius_miles"] = _number(
            "radius_miles", radius, low=0.1, high=MAX_RADIUS, integer=False
        )
    return out


def _sort(p: dict[str, Any], out: dict[str, Any]) -> str:
    """The order asked for; by default by distance from a landmark, else by relevance."""
    if "sort" not in p:
        return "distance" if "near" in out else "relevance"
    sort = _choice("sort", p["sort"], _SORTS)
    if sort == "distance" and "near" not in out:
        raise ToolError("sort 'distance' needs near (a landmark to measure from)")
    return sort
