"""compare_properties: 2-5 listings side by side, one row per fact, the best value marked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from landmarks import LANDMARKS, haversine_miles, resolve_landmark
from saved_homes import Details, zpids_of
from skill_runtime import ToolError

MIN_HOMES, MAX_HOMES = 2, 5

# (field, label, which value is best: min, max, or None = not ranked)
ROWS: tuple[tuple[str, str, Callable[[list[float]], float] | None], ...] = (
    ("price", "Price", min),
    ("price_per_sqft", "$/sqft", min),
    ("beds", "Bedrooms", max),
    ("baths", "Bathrooms", max),
    ("sqft", "Living area (sqft)", max),
    ("year_built", "Year built", max),
    ("lot_size", "Lot (sqft)", max),
    ("hoa_fee", "HOA ($/month)", min),
    ("zestimate", "Zestimate", None),
    ("price_vs_zestimate", "Price vs Zestimate", min),
    ("distance_miles", "Distance (miles)", min),
)


def _derived(listing: dict[str, Any]) -> dict[str, Any]:
    price, sqft, zestimate = listing.get("price"), listing.get("sqft"), listing.get("zestimate")
    per_sqft = round(price / sqft) if price and sqft else None
    vs = round((price - zestimate) / zestimate * 100, 1) if price and zestimate else None
    return {**listing, "price_per_sqft": per_sqft, "price_vs_zestimate": vs}


def _best(values: list[Any], pick: Callable[[list[float]], float] | None) -> int | None:
    """Index of the single best known value; None when unranked, fewer than 2 known, or tied."""
    known = [v for v in values if isinstance(v, int | float)]
    if pick is None or len(known) < 2:
        return None
    best = pick(known)
    return values.index(best) if known.count(best) == 1 else None


def compare_properties(params: dict[str, Any], details: Details) -> dict[str, Any]:
    """{"type": "comparison", "items", "rows": [{"field", "label", "values", "best"}], "total"}."""
    zpids = zpids_of(params, MIN_HOMES, MAX_HOMES)
    near = params.get("near")
    landmark = resolve_landmark(near) if isinstance(near, str) else None
    if near not in (None, "") and landmark is None:
        raise ToolError(f"unknown landmark {near!r}; use one of: {', '.join(LANDMARKS)}")
    items = []
    for zpid in zpids:
        listing = {
            k: v for k, v in details(zpid)["items"][0].items() if k not in ("description", "facts")
        }
        if landmark and listing.get("lat") is not None and listing.get("lng") is not None:
            spot = LANDMARKS[landmark]
            listing["distance_miles"] = round(
                haversine_miles(listing["lat"], listing["lng"], *spot), 1
            )
        items.append(_derived(listing))
    rows = []
    for field, label, pick in ROWS:
        values = [item.get(field) for item in items]
        if all(value is None for value in values):
            continue  # e.g. distance without a landmark, HOA when no provider knows it
        rows.append({"field": field, "label": label, "values": values, "best": _best(values, pick)})
    result: dict[str, Any] = {"type": "comparison", "items": items, "rows": rows}
    result["total"] = len(items)
    if landmark:
        result["near"] = landmark
    return result
