"""Which Austin landmark a `near` argument names, and distances (the landmarks and their words
are the skill's vocabulary, domain.py)."""

from __future__ import annotations

import math

from real_estate.domain import LANDMARK_ARGUMENTS, LANDMARK_WORDS, LANDMARKS, named

__all__ = ["LANDMARKS", "haversine_miles", "resolve_landmark"]

EARTH_RADIUS_MILES = 3958.8


def resolve_landmark(name: str) -> str | None:
    """Canonical landmark for a user phrase (case/punctuation-insensitive), or None."""
    key = " ".join(name.lower().replace(",", " ").split())
    key = key.removesuffix(" tx").removesuffix(" texas").strip()
    if key in LANDMARKS:
        return key
    return named(key, LANDMARK_WORDS, LANDMARK_ARGUMENTS)


def haversine_miles(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance in miles."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_MILES * math.asin(math.sqrt(a))
