"""Relevance ranking and plausibility flags for listings (both providers use these).

A search with no requested order is ranked by relevance, a score in [0, 1]:

    relevance = 0.5 * fit + 0.3 * value + 0.2 * recency

- fit: how well the listing sits inside the stated constraints (the criteria, which carry the
  user's saved preferences too: the agent fills them in). Price: 1 within the top 30 % of the
  budget (a $480k house for a $500k budget), less the further below it; with only a floor, 1 up to
  30 % above it. Bedrooms and bathrooms: 1 at the minimum or one more, then 1/extra. The mean of the
  components that apply; 0.5 when nothing was constrained.
- value: price against the listing's own Zestimate: 1 at 25 % or more below it, 0.5 at par,
  0 at 25 % or more above it; 0.5 when the Zestimate is unknown.
- recency: 1 for the newest listing event of the data, falling linearly to 0 over three years;
  0.5 when the date is unknown.

A price below half or above twice the listing's own Zestimate is implausible (a data error, a
partial-interest sale, a typo): the listing gets `flags: ["price_implausible"]` and never leads
the results: in every order, flagged listings come after all the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

PRICE_IMPLAUSIBLE = "price_implausible"
IMPLAUSIBLE_BELOW, IMPLAUSIBLE_ABOVE = 0.5, 2.0
WEIGHTS = {"fit": 0.5, "value": 0.3, "recency": 0.2}
BUDGET_BAND = 0.7  # prices within the top 30 % of the budget fit fully
RECENCY_DAYS = 3 * 365
NEUTRAL = 0.5


def flags(price: float | None, zestimate: float | None) -> list[str]:
    """["price_implausible"] when the price is off its own Zestimate by 2x either way."""
    if not price or not zestimate or zestimate <= 0:
        return []
    ratio = price / zestimate
    return [PRICE_IMPLAUSIBLE] if not IMPLAUSIBLE_BELOW <= ratio <= IMPLAUSIBLE_ABOVE else []


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, value))


def _count_fit(have: float | None, wanted: float | None) -> float | None:
    if wanted is None or have is None:
        return None
    extra = have - wanted
    return 1.0 if extra <= 1 else 1.0 / extra  # a capped range ("3 to 4") never goes past it


def _price_fit(price: float | None, low: float | None, high: float | None) -> float | None:
    if price is None or price <= 0 or (low is None and high is None):
        return None
    if high is not None and high > 0:
        return _clamp(price / (high * BUDGET_BAND))
    ceiling = (low or 0) * (2 - BUDGET_BAND)  # with only a floor: up to 30 % above it fits
    return 1.0 if price <= ceiling or not ceiling else ceiling / price


def fit(listing: dict[str, Any], criteria: dict[str, Any]) -> float:
    parts = [
        _price_fit(listing.get("price"), criteria.get("price_min"), criteria.get("price_max")),
        _count_fit(listing.get("beds"), criteria.get("beds_min")),
        _count_fit(listing.get("baths"), criteria.get("baths_min")),
    ]
    known = [part for part in parts if part is not None]
    return sum(known) / len(known) if known else NEUTRAL


def value(price: float | None, zestimate: float | None) -> float:
    if not price or not zestimate or zestimate <= 0:
        return NEUTRAL
    return _clamp(0.5 + 2 * (1 - price / zestimate))


def recency(event: date | None, newest: date | None) -> float:
    if event is None or newest is None:
        return NEUTRAL
    return _clamp(1 - (newest - event).days / RECENCY_DAYS)


def relevance(
    listing: dict[str, Any],
    criteria: dict[str, Any],
    event: date | None = None,
    newest: date | None = None,
) -> float:
    """The documented score (higher is better) of one listing dict for these criteria."""
    return (
        WEIGHTS["fit"] * fit(listing, criteria)
        + WEIGHTS["value"] * value(listing.get("price"), listing.get("zestimate"))
        + WEIGHTS["recency"] * recency(event, newest)
    )


def flagged_last(items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same order, except that flagged listings move (stably) behind all the others."""
    items = list(items)
    return [i for i in items if not i.get("flags")] + [i for i in items if i.get("flags")]
