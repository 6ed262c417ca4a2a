"""Turn Criteria into the short natural-language prompt `/search/byaiprompt` expects."""

from __future__ import annotations

from criteria import Criteria
from real_estate.domain import LANDMARK_DISPLAY

_PLURAL = {
    "house": "houses",
    "condo": "condos",
    "townhouse": "townhouses",
    "multi_family": "multi-family homes",
    "apartment": "apartments",
    "land": "lots",
    "mobile": "mobile homes",
    "other": "homes",
}


def _money(value: int) -> str:
    return f"${value:,}"


def build_prompt(c: Criteria) -> str:
    """E.g. "3 bedroom houses for sale in Austin TX under $500,000 with a pool"."""
    beds = f"{c.beds_min} to {c.beds_max}" if c.beds_min and c.beds_max else c.beds_min
    words = [f"{beds} bedroom" if beds else ""]
    words.append(_PLURAL.get(c.property_type or "", "homes") + " for sale")
    if c.location:
        bare_city = not c.location.isdigit() and "," not in c.location
        words.append(f"in {c.location}" + (" TX" if bare_city else ""))
    elif c.near:
        words.append("in Austin TX")
    if c.near:
        radius = f"within {c.radius_miles:g} miles of" if c.radius_miles else "near"
        words.append(f"{radius} {LANDMARK_DISPLAY[c.near]}")
    if c.price_min and c.price_max:
        words.append(f"between {_money(c.price_min)} and {_money(c.price_max)}")
    elif c.price_max:
        words.append(f"under {_money(c.price_max)}")
    elif c.price_min:
        words.append(f"over {_money(c.price_min)}")
    if c.baths_min and c.baths_max:
        words.append(f"with {c.baths_min:g} to {c.baths_max:g} bathrooms")
    elif c.baths_min:
        words.append(f"with at least {c.baths_min:g} bathrooms")
    if c.sqft_min:
        words.append(f"at least {c.sqft_min:,} sqft")
    if c.features:
        names = [
            f"a {name}" if name in ("pool", "garage", "view", "spa") else name
            for name in c.features
        ]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        words.append(f"with {joined}")
    if c.wishes:  # the provider's search reads plain words: the wishes go in as said
        words.append("with " + ", ".join(c.wishes))
    if c.exclude_types:
        words.append("excluding " + ", ".join(_PLURAL[kind] for kind in c.exclude_types))
    return " ".join(word for word in words if word)
