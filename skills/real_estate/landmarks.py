"""Named Austin landmarks for `near` searches, with the aliases users actually type."""

from __future__ import annotations

import math

CITY = "Austin"
"""The city every landmark is in (a search "location" that names a landmark searches it)."""

# canonical name -> (lat, lng); downtown is the Congress Ave / 6th St area.
LANDMARKS: dict[str, tuple[float, float]] = {
    "downtown": (30.2672, -97.7431),
    "ut austin": (30.2849, -97.7341),
    "capitol": (30.2747, -97.7404),
    "zilker park": (30.2669, -97.7729),
    "the domain": (30.4020, -97.7253),
    "airport": (30.1975, -97.6664),
    "lady bird lake": (30.2637, -97.7560),
}

# How a landmark reads in a sentence (used in provider prompts).
DISPLAY: dict[str, str] = {
    "downtown": "downtown Austin",
    "ut austin": "UT Austin",
    "capitol": "the Texas Capitol",
    "zilker park": "Zilker Park",
    "the domain": "The Domain",
    "airport": "the Austin airport",
    "lady bird lake": "Lady Bird Lake",
}

ALIASES: dict[str, str] = {
    "downtown austin": "downtown",
    "city center": "downtown",
    "city centre": "downtown",
    "center": "downtown",
    "centre": "downtown",
    "cbd": "downtown",
    "ut": "ut austin",
    "university of texas": "ut austin",
    "university of texas at austin": "ut austin",
    "campus": "ut austin",
    "texas capitol": "capitol",
    "state capitol": "capitol",
    "the capitol": "capitol",
    "zilker": "zilker park",
    "domain": "the domain",
    "austin airport": "airport",
    "aus": "airport",
    "austin-bergstrom": "airport",
    "austin bergstrom": "airport",
    "austin-bergstrom international airport": "airport",
    "lady bird": "lady bird lake",
    "town lake": "lady bird lake",
}

EARTH_RADIUS_MILES = 3958.8


def resolve_landmark(name: str) -> str | None:
    """Canonical landmark for a user phrase (case/punctuation-insensitive), or None."""
    key = " ".join(name.lower().replace(",", " ").split())
    key = key.removesuffix(" tx").removesuffix(" texas").strip()
    if key in LANDMARKS:
        return key
    return ALIASES.get(key) or ALIASES.get(key.removeprefix("the ")) or None


def haversine_miles(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance in miles."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_MILES * math.asin(math.sqrt(a))
