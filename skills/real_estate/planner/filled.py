"""How saved preferences fill what a new search leaves out, and the note that says so."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from real_estate.domain import FEATURE_WORDS, TYPE_WORDS

from .money import money_in
from .prefs import kinds_in
from .wording import FEATURE_PHRASES, join_words, money, number, type_name


def fill_from_preferences(
    criteria: Mapping[str, Any], saved: Mapping[str, str]
) -> tuple[dict[str, Any], str]:
    """Fills what a new search left out from saved preferences; returns it and the note."""
    c = dict(criteria)
    filled: list[str] = []
    high, low = money_in(saved.get("budget_max", "")), money_in(saved.get("budget_min", ""))
    given_price = "price_min" in c or "price_max" in c
    took_high = bool(high and "price_max" not in c and high > c.get("price_min", 0))
    took_low = bool(low and not given_price and low < (high or float("inf")))
    if took_high:
        c["price_max"] = high
    if took_low:
        c["price_min"] = low
    if took_high and took_low and high and low:
        filled.append(f"budget of {money(low)} to {money(high)}")
    elif took_high and high:
        filled.append(f"budget of {money(high)}")
    elif took_low and low:
        filled.append(f"minimum price of {money(low)}")
    location = saved.get("location", "").strip()
    # Landmarks are in Austin: a saved "Pflugerville" would contradict "near downtown".
    if location and "location" not in c and ("near" not in c or location == "Austin"):
        c["location"] = location
        filled.append(f"location {location}")
    excluded = list(c.get("exclude_types") or [])
    types = kinds_in(saved.get("property_type", ""), TYPE_WORDS)
    if types and "property_type" not in c and types[0] not in excluded:
        c["property_type"] = types[0]
        filled.append(f"property type {types[0]}")
    for key, label in (("beds_min", "bedrooms"), ("baths_min", "bathrooms")):
        count = _count(saved.get(key, ""))
        if count and key not in c:
            c[key] = count
            filled.append(f"minimum of {number(count)} {label}")
    if (features := kinds_in(saved.get("features", ""), FEATURE_WORDS)) and not c.get("features"):
        c["features"] = features
        filled.append("must-have " + join_words([FEATURE_PHRASES[f] for f in features]))
    never = kinds_in(saved.get("exclude_property_type", ""), TYPE_WORDS)
    if added := [t for t in never if t not in excluded and t != c.get("property_type")]:
        c["exclude_types"] = excluded + added
        filled.append("exclusion of " + join_words([type_name(t) for t in added]))
    return c, ("Using your saved " + join_words(filled) + ".") if filled else ""


def _count(value: str) -> int | float | None:
    match = re.search(r"\d+(?:\.\d+)?", value)
    if not match:
        return None
    count = float(match.group())
    return int(count) if count == int(count) else count
