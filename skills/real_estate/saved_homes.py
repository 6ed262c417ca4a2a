"""Saved homes: save_home / remove_saved_home request L1 memory writes (the core persists them,
entry type SAVED, key home_<zpid>); get_saved_homes shows the saved zpids as listings."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from real_estate.domain import HOME_PREFIX
from skill_runtime import ToolError

SAVED = "SAVED"
MAX_SAVED_SHOWN = 50
_ZPID = re.compile(r"\d{1,12}")

Details = Callable[[str], dict[str, Any]]


def zpid_of(value: Any, name: str = "zpid") -> str:
    """A numeric Zillow id from a string or an int; ToolError otherwise. A saved home's key
    (home_<zpid>, what a save reports) stands for its zpid."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str):
        value = value.strip().removeprefix(HOME_PREFIX)
    if not isinstance(value, str) or not _ZPID.fullmatch(value):
        raise ToolError(f"{name} must be the numeric Zillow id of a listing, e.g. '29324909'")
    return value


def zpids_of(params: dict[str, Any], low: int, high: int) -> list[str]:
    """The `zpids` list (deduplicated, order kept) with low..high entries."""
    unknown = sorted(set(params) - {"zpids", "near"})
    if unknown:
        raise ToolError(f"unknown parameter(s) {unknown}; expected zpids")
    raw = params.get("zpids")
    if isinstance(raw, str):
        raw = [part for part in re.split(r"[,\s]+", raw) if part]
    if not isinstance(raw, list):
        raise ToolError("zpids must be a list of numeric Zillow ids")
    zpids = list(dict.fromkeys(zpid_of(item, "each of zpids") for item in raw))
    if not low <= len(zpids) <= high:
        raise ToolError(f"zpids must hold {low} to {high} different ids, got {len(zpids)}")
    return zpids


def _only_zpid(params: dict[str, Any]) -> str:
    extra = sorted(set(params) - {"zpid"})
    if extra:
        raise ToolError(f"unknown parameter(s) {extra}; expected only zpid")
    return zpid_of(params.get("zpid"))


def saved_line(listing: dict[str, Any]) -> str:
    """The readable L1 value of a saved home: "<address> · $<price>"."""
    price = listing.get("price")
    money = f"${price:,.0f}" if isinstance(price, int | float) else "price not listed"
    return f"{listing.get('address') or 'unknown address'} · {money}"


def save_home(params: dict[str, Any], details: Details) -> dict[str, Any]:
    """Look the home up (it must exist) and ask the core to remember it."""
    zpid = _only_zpid(params)
    listing = details(zpid)["items"][0]
    return {
        "type": "memory_write",
        "entry_type": SAVED,
        "key": f"{HOME_PREFIX}{zpid}",
        "value": saved_line(listing),
        "zpid": zpid,
    }


def remove_saved_home(params: dict[str, Any]) -> dict[str, Any]:
    """Ask the core to forget one saved home (no lookup: it may have left the market)."""
    zpid = _only_zpid(params)
    return {
        "type": "memory_write",
        "op": "delete",
        "entry_type": SAVED,
        "key": f"{HOME_PREFIX}{zpid}",
        "value": None,
        "zpid": zpid,
    }


def get_saved_homes(params: dict[str, Any], details: Details) -> dict[str, Any]:
    """The saved zpids as a listings result; homes no longer found are named in `missing`."""
    raw = params.get("zpids")
    zpids = [] if raw in (None, [], "") else zpids_of(params, 1, MAX_SAVED_SHOWN)
    items, missing = [], []
    for zpid in zpids:
        try:
            items.append(_listing_only(details(zpid)["items"][0]))
        except ToolError as exc:
            if exc.status != 404:
                raise
            missing.append(zpid)
    return {
        "type": "listings",
        "items": items,
        "total": len(items),
        "page": 1,
        "saved": True,
        "missing": missing,
    }


def _listing_only(detail: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in detail.items() if k not in ("description", "facts")}
