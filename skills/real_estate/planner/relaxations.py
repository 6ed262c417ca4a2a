"""Ways to widen a search that found nothing, most restrictive criterion first: the advice in
a no-results answer and the hint chips offered with it."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .wording import DATA_CITIES, join_words, minimum_phrases, money, number, short_money, type_name

_RARE_FEATURES = {"waterfront": 3.5, "spa": 3.0, "pool": 2.5, "view": 2.5, "garage": 1.0}
_RARE_TYPES = {"house": 0.5, "condo": 2.0, "townhouse": 2.5}


@dataclass(frozen=True)
class Relaxation:
    """One way to widen a search that found nothing: advice for the answer, a hint chip."""

    score: float
    advice: str
    hint: str
    """A chip to send instead ("" for none)."""


def relaxations(criteria: Mapping[str, Any]) -> list[Relaxation]:
    """Ways to widen a search, the most restrictive criterion first."""
    found = [way for widen in _WIDENINGS for way in widen(criteria)]
    return sorted(found, key=lambda r: -r.score)


def _higher_budget(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (high := criteria.get("price_max")):
        return []
    score = 3.0 if high < 200_000 else 2.0 if high < 400_000 else 1.0
    wider = -(-high * 1.5 // 50_000) * 50_000
    advice = f"raising the budget above {money(high)}"
    return [Relaxation(score, advice, f"Show options under {short_money(wider)}")]


def _lower_minimum_price(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (low := criteria.get("price_min")):
        return []
    advice = f"lowering the minimum price below {money(low)}"
    hint = f"Show options over {short_money(low * 0.7)}"
    return [Relaxation(2.0 if low > 1_000_000 else 1.0, advice, hint)]


def _fewer_features(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (features := list(criteria.get("features") or [])):
        return []
    top = max(features, key=lambda f: _RARE_FEATURES.get(f, 2.0))
    plural = "requirements" if len(features) > 1 else "requirement"
    advice = f"dropping the {join_words(features)} {plural}"
    return [Relaxation(_RARE_FEATURES.get(top, 2.0), advice, f"Without the {top} requirement")]


def _fewer_rooms(criteria: Mapping[str, Any]) -> list[Relaxation]:
    found = []
    for key, label, high_at in (("beds_min", "bedrooms", 5), ("baths_min", "bathrooms", 3)):
        count = criteria.get(key) or 0
        if count > 1:
            score = 3.0 if count >= high_at else 2.0 if count >= high_at - 1 else 0.5
            fewer = number(count - 1)
            advice, hint = f"asking for {fewer}+ {label}", f"At least {fewer} {label}"
            found.append(Relaxation(score, advice, hint))
    return found


def _any_size(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (size := criteria.get("sqft_min")):
        return []
    advice = f"lowering the minimum size below {size:,} sqft"
    return [Relaxation(2.5 if size >= 3000 else 1.0, advice, "Any size")]


def _other_minimums(criteria: Mapping[str, Any]) -> list[Relaxation]:
    """A school rating, garage, stories, year or lot asked for: few listings say them (advice
    only: no hint chip, as the planner reads no words that lift one of these alone)."""
    return [
        Relaxation(3.5, f"allowing {widening}", "")
        for _phrase, widening in minimum_phrases(criteria)
    ]


def _wider_area(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (place := criteria.get("location")) or place == "Austin":
        return []
    known = place in DATA_CITIES.values() or re.fullmatch(r"78\d{3}", str(place))
    if known:
        advice = f"searching all of Austin instead of {place}"
    else:
        advice = f"widening the area beyond {place}"
    return [Relaxation(3.0 if known else 4.0, advice, "What about Austin?")]


def _other_types(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (kind := criteria.get("property_type")):
        return []
    advice = f"including other types than {type_name(kind)}"
    return [Relaxation(_RARE_TYPES.get(kind, 3.0), advice, "Any property type")]


def _wider_radius(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (radius := criteria.get("radius_miles")):
        return []
    advice = f"widening the radius beyond {number(radius)} miles"
    hint = f"Within {number(radius * 2)} miles instead"
    return [Relaxation(3.0 if radius <= 3 else 1.5, advice, hint)]


_WIDENINGS: tuple[Callable[[Mapping[str, Any]], list[Relaxation]], ...] = (
    _higher_budget,
    _lower_minimum_price,
    _fewer_features,
    _fewer_rooms,
    _any_size,
    _other_minimums,
    _wider_area,
    _other_types,
    _wider_radius,
)
"""Each criterion's way to widen a search, in the order ties are listed."""
