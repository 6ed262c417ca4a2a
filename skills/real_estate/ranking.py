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

from collections.abc import Callable, Iterable
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


FIT_KEYS = ("price_min", "price_max", "beds_min", "baths_min")
"""The criteria fit reads; without any of them fit is NEUTRAL for every listing."""

FitScorer = Callable[[float | None, float | None, float | None], float]


def fit_scorer(criteria: dict[str, Any]) -> FitScorer:
    """fit(price, beds, baths) for these criteria, with the constants worked out once (a
    search scores every match, so this is the hot loop of relevance ranking)."""
    low, high = criteria.get("price_min"), criteria.get("price_max")
    band = high * BUDGET_BAND if high else None
    ceiling = low * (2 - BUDGET_BAND) if low and not band else None
    beds_min, baths_min = criteria.get("beds_min"), criteria.get("baths_min")

    def counted(have: float | None, wanted: float) -> float | None:
        if have is None:
            return None
        extra = have - wanted
        return 1.0 if extra <= 1 else 1.0 / extra  # a capped range ("3 to 4") never goes past

    def score(price: float | None, beds: float | None, baths: float | None) -> float:
        total, parts = 0.0, 0
        if price and price > 0 and band:
            total, parts = min(1.0, price / band), 1
        elif price and price > 0 and ceiling:
            total, parts = min(1.0, ceiling / price), 1
        for have, wanted in ((beds, beds_min), (baths, baths_min)):
            if wanted is not None and (part := counted(have, wanted)) is not None:
                total += part
                parts += 1
        return total / parts if parts else NEUTRAL

    return score


def fit(listing: dict[str, Any], criteria: dict[str, Any]) -> float:
    return fit_scorer(criteria)(listing.get("price"), listing.get("beds"), listing.get("baths"))


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
