"""The Listing wire shape (docs/protocol.md) and the property-type vocabulary of all providers."""

from __future__ import annotations

import re
from typing import Any

from ranking import flags
from real_estate.domain import PROVIDER_TYPES


def normalize_property_type(raw: object) -> str:
    """Map any provider spelling of a home type onto PROPERTY_TYPES ("other" when unknown)."""
    if not isinstance(raw, str):
        return "other"
    return PROVIDER_TYPES.get(re.sub(r"[^a-z]", "", raw.lower()), "other")


def zillow_url(zpid: str) -> str:
    return f"https://www.zillow.com/homedetails/{zpid}_zpid/"


def format_address(
    street: str | None, city: str | None, state: str | None, zipcode: str | None
) -> str:
    """ "2306 Shoal Creek Blvd, Austin, TX 78705", skipping missing parts."""
    tail = " ".join(part for part in (state, zipcode) if part)
    return ", ".join(part for part in (street, city, tail) if part)


def make_listing(
    *,
    zpid: str,
    address: str,
    city: str | None = None,
    zipcode: str | None = None,
    price: int | None = None,
    beds: int | None = None,
    baths: float | None = None,
    sqft: int | None = None,
    property_type: str = "other",
    photo_url: str | None = None,
    url: str | None = None,
    lat: float | None = None,
    lng: float | None = None,
    year_built: int | None = None,
    lot_size: int | None = None,
    hoa_fee: float | None = None,
    tax_rate_percent: float | None = None,
    zestimate: int | None = None,
    features: list[str] | None = None,
) -> dict[str, Any]:
    """A listing dict with every protocol field present, in protocol order; `flags` is derived
    (see ranking.py)."""
    return {
        "zpid": zpid,
        "address": address,
        "city": city,
        "zipcode": zipcode,
        "price": price,
        "beds": beds,
        "baths": baths,
        "sqft": sqft,
        "property_type": property_type,
        "photo_url": photo_url,
        "url": url or zillow_url(zpid),
        "lat": lat,
        "lng": lng,
        "year_built": year_built,
        "lot_size": lot_size,
        "hoa_fee": hoa_fee,
        "tax_rate_percent": tax_rate_percent,
        "zestimate": zestimate,
        "features": features or [],
        "flags": flags(price, zestimate),
    }
