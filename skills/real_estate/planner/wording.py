"""Words shared by the offline real-estate brain: places, types, money and criteria phrases."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

DATA_CITIES: dict[str, str] = {
    "austin": "Austin",
    "pflugerville": "Pflugerville",
    "del valle": "Del Valle",
    "manor": "Manor",
    "driftwood": "Driftwood",
    "dripping springs": "Dripping Springs",
    "manchaca": "Manchaca",
}
"""Cities present in the bundled Austin dataset (lower case -> display name)."""

AUSTIN_AREA_TOWNS = (
    "round rock",
    "cedar park",
    "georgetown",
    "leander",
    "buda",
    "kyle",
    "san marcos",
    "lakeway",
    "bee cave",
    "hutto",
    "west lake hills",
    "sunset valley",
    "lago vista",
    "elgin",
    "bastrop",
    "wimberley",
    "taylor",
    "lockhart",
    "liberty hill",
)
"""Towns around Austin the data does not cover: a person settled on one keeps it as their area."""
NEARBY_CITIES: dict[str, str] = {
    name: name.title() for name in (*AUSTIN_AREA_TOWNS, "san antonio", "houston", "dallas")
}
"""Other Texas places people name; passed through so the answer can say nothing matched there."""
FARAWAY_CITIES: dict[str, str] = {
    **{
        name: name.title()
        for name in (
            "new york",
            "los angeles",
            "chicago",
            "san francisco",
            "seattle",
            "denver",
            "boston",
            "miami",
            "phoenix",
            "atlanta",
            "nashville",
            "las vegas",
            "san diego",
            "philadelphia",
            "minneapolis",
        )
    },
    "new york city": "New York",
    "nyc": "New York",
}
"""Big cities elsewhere people name, said in lower case too ("3br in new york"): passed through
like NEARBY_CITIES, never dropped from the search."""
PLACES: dict[str, str] = {**DATA_CITIES, **NEARBY_CITIES, **FARAWAY_CITIES}
"""Every place the planner reads by its name (lower case -> as shown)."""

LANDMARK_LABELS: dict[str, str] = {
    "downtown": "downtown",
    "ut austin": "UT Austin",
    "capitol": "the Capitol",
    "zilker park": "Zilker Park",
    "the domain": "the Domain",
    "airport": "the airport",
    "lady bird lake": "Lady Bird Lake",
}

FEATURE_PHRASES: dict[str, str] = {
    "pool": "a pool",
    "community_pool": "a community pool",
    "fireplace": "a fireplace",
    "garage": "a garage",
    "view": "a view",
    "spa": "a spa",
    "waterfront": "waterfront access",
}

_TYPE_NAMES: dict[str, tuple[str, str]] = {
    "house": ("house", "houses"),
    "condo": ("condo", "condos"),
    "townhouse": ("townhouse", "townhouses"),
    "multi_family": ("multi-family home", "multi-family homes"),
    "apartment": ("apartment", "apartments"),
    "land": ("lot", "lots"),
    "mobile": ("mobile home", "mobile homes"),
    "other": ("property", "properties"),
}


def money(value: float) -> str:
    """450000 -> '$450,000' (the format preferences are saved in)."""
    return f"${round(value):,}"


def short_money(value: float) -> str:
    """450000 -> '$450k', 1200000 -> '$1.2M' (for short hint chips)."""
    if value >= 1_000_000:
        return f"${value / 1_000_000:.2f}".rstrip("0").rstrip(".") + "M"
    return f"${round(value / 1000):,}k"


def number(value: float) -> str:
    """2.0 -> '2', 2.5 -> '2.5'."""
    return f"{value:,.1f}".removesuffix(".0")


def join_words(words: Sequence[str], conjunction: str = "and") -> str:
    """['a', 'b', 'c'] -> 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def type_name(property_type: str | None, count: int = 2) -> str:
    """'house' -> 'houses' (or 'house' for one); no type -> 'homes'."""
    singular, plural = _TYPE_NAMES.get(property_type or "", ("home", "homes"))
    return singular if count == 1 else plural


def landmark_label(near: str) -> str:
    return LANDMARK_LABELS.get(near, near)


def price_phrase(criteria: Mapping[str, Any]) -> str:
    """'under $500,000', 'over $300,000', 'between $300,000 and $400,000' or ''."""
    low, high = criteria.get("price_min"), criteria.get("price_max")
    if low and high:
        return f"between {money(low)} and {money(high)}"
    if high:
        return f"under {money(high)}"
    return f"over {money(low)}" if low else ""


MINIMUMS: tuple[tuple[str, str, str], ...] = (
    ("school_rating_min", "a school rating of {}+", "any school rating"),
    ("garage_spaces_min", "{}+ garage spaces", "fewer garage spaces"),
    ("stories_min", "{}+ stories", "fewer stories"),
    ("year_built_min", "built in {} or later", "older homes"),
    ("lot_size_min", "a lot of {}+ sqft", "smaller lots"),
)
"""The other lower bounds a search may set: the key, its phrase, and how to widen it."""


def minimum_phrases(criteria: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(phrase, widening) of each of MINIMUMS the criteria set: ("a school rating of 7+",
    "any school rating")."""
    found = []
    for key, phrase, widening in MINIMUMS:
        if value := criteria.get(key):
            shown = {"lot_size_min": f"{value:,}", "year_built_min": str(value)}.get(key)
            found.append((phrase.format(shown or number(value)), widening))
    return found


def criteria_phrase(criteria: Mapping[str, Any], count: int, mention_near: bool = True) -> str:
    """'houses in Austin with 3+ bedrooms and a pool under $500,000 near downtown'."""
    words = [type_name(criteria.get("property_type"), count)]
    if criteria.get("location"):
        words.append(f"in {criteria['location']}")
    extras = []
    for key, label in (("beds", "bedrooms"), ("baths", "bathrooms")):
        low, high = criteria.get(f"{key}_min"), criteria.get(f"{key}_max")
        if low and high:
            extras.append(f"{number(low)}–{number(high)} {label}")
        elif low:
            extras.append(f"{number(low)}+ {label}")
        elif high:
            extras.append(f"at most {number(high)} {label}")
    if criteria.get("sqft_min"):
        extras.append(f"{criteria['sqft_min']:,}+ sqft")
    extras += [FEATURE_PHRASES.get(f, str(f)) for f in criteria.get("features") or []]
    extras += [phrase for phrase, _widening in minimum_phrases(criteria)]
    if extras:
        words.append("with " + join_words(extras))
    if price := price_phrase(criteria):
        words.append(price)
    near = criteria.get("near")
    if near and criteria.get("radius_miles"):
        miles = number(criteria["radius_miles"])
        words.append(f"within {miles} miles of {landmark_label(near)}")
    elif near and mention_near:
        words.append(f"near {landmark_label(near)}")
    if excluded := [type_name(t) for t in criteria.get("exclude_types") or []]:
        words.append("excluding " + join_words(excluded))
    if days := criteria.get("price_dropped_within_days"):
        words.append(f"whose price dropped in the last {_days(days)}")
    if days := criteria.get("days_on_market_max"):
        words.append(f"listed in the last {_days(days)}")
    return " ".join(words)


def _days(days: int) -> str:
    """7 -> "week", 30 -> "30 days", 1 -> "day"."""
    return {1: "day", 7: "week", 14: "two weeks"}.get(days, f"{days} days")
