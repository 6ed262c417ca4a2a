"""RealtyAPI (Zillow) JSON -> protocol listings, per research/realtyapi.md section 6.

Every accessor tolerates missing keys and wrong types: a sparse or odd row yields None fields,
never an exception.
"""

from __future__ import annotations

import re
from typing import Any

from providers.listing import format_address, make_listing, normalize_property_type, zillow_url

SQFT_PER_ACRE = 43_560
ZILLOW = "https://www.zillow.com"


def dig(data: Any, *path: str | int) -> Any:
    """data[path[0]][path[1]]…, or None as soon as a step is missing or of the wrong type."""
    for step in path:
        if isinstance(step, int):
            if not isinstance(data, list) or not -len(data) <= step < len(data):
                return None
        elif not isinstance(data, dict):
            return None
        data = data[step] if isinstance(step, int) else data.get(step)
    return data


def number(value: Any) -> float | None:
    """A finite number from a number or a numeric string ("$1,234", "6,969 sqft"); else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        match = re.search(r"-?\d[\d,]*\.?\d*", value)
        if match:
            return float(match.group().replace(",", ""))
    return None


def integer(value: Any) -> int | None:
    result = number(value)
    return round(result) if result is not None else None


def text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def first(*values: Any) -> Any:
    return next((value for value in values if value not in (None, "", [], {})), None)


def _address(prop: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """(one-line address, city, zipcode) from a nested address object or flat copies."""
    nested = prop.get("address")
    if isinstance(nested, str):  # some mirrors send a one-line string
        return nested.strip(), text(prop.get("city")), text(prop.get("zipcode"))
    parts = nested if isinstance(nested, dict) else prop
    street, city = text(parts.get("streetAddress")), text(parts.get("city"))
    state, zipcode = text(parts.get("state")), text(first(parts.get("zipcode"), parts.get("zip")))
    return format_address(street, city, state, zipcode), city, zipcode


def _url(relative: Any, zpid: str) -> str:
    if isinstance(relative, str) and relative.startswith("/"):
        return ZILLOW + relative
    if isinstance(relative, str) and relative.startswith("http"):
        return relative
    return zillow_url(zpid)


def map_search_row(row: Any) -> dict[str, Any] | None:
    """One `searchResults[]` entry -> listing; None when it has no zpid (unusable)."""
    prop = row.get("property") if isinstance(row, dict) else None
    prop = prop if isinstance(prop, dict) else row
    if not isinstance(prop, dict) or integer(prop.get("zpid")) is None:
        return None
    zpid = str(integer(prop["zpid"]))
    address, city, zipcode = _address(prop)
    price = prop.get("price")
    lot = dig(prop, "lotSizeWithUnit", "lotSize")
    lot_unit = str(dig(prop, "lotSizeWithUnit", "lotSizeUnit") or "").lower()
    lot_sqft = (
        number(lot) * SQFT_PER_ACRE if number(lot) is not None and lot_unit == "acres" else lot
    )
    return make_listing(
        zpid=zpid,
        address=address,
        city=city,
        zipcode=zipcode,
        price=integer(
            first(
                dig(price, "value") if isinstance(price, dict) else price,
                dig(prop, "rental", "baseRent"),
                dig(prop, "unitsGroup", 0, "minPrice"),
            )
        ),
        beds=integer(prop.get("bedrooms")),
        baths=number(prop.get("bathrooms")),
        sqft=integer(prop.get("livingArea")),
        property_type=normalize_property_type(
            first(prop.get("propertyType"), prop.get("homeType"))
        ),
        photo_url=text(
            first(
                dig(prop, "media", "propertyPhotoLinks", "highResolutionLink"),
                dig(prop, "media", "propertyPhotoLinks", "mediumSizeLink"),
                dig(prop, "media", "allPropertyPhotos", "highResolution", 0),
                prop.get("imgSrc"),
            )
        ),
        url=_url(dig(prop, "hdpView", "hdpUrl"), zpid),
        lat=number(first(dig(prop, "location", "latitude"), prop.get("latitude"))),
        lng=number(first(dig(prop, "location", "longitude"), prop.get("longitude"))),
        year_built=integer(prop.get("yearBuilt")),
        lot_size=integer(lot_sqft),
        zestimate=integer(first(dig(prop, "estimates", "zestimate"), prop.get("zestimate"))),
    )


def _features(details: dict[str, Any]) -> list[str]:
    reso = details.get("resoFacts") if isinstance(details.get("resoFacts"), dict) else {}
    found = []
    if reso.get("hasPrivatePool") is True or reso.get("poolFeatures"):
        found.append("pool")
    if reso.get("hasGarage") is True or (integer(reso.get("garageParkingCapacity")) or 0) > 0:
        found.append("garage")
    if reso.get("hasView") is True or reso.get("view"):
        found.append("view")
    if reso.get("hasSpa") is True or reso.get("spaFeatures"):
        found.append("spa")
    if reso.get("hasWaterfrontView") is True or reso.get("waterfrontFeatures"):
        found.append("waterfront")
    return sorted(found)


def map_detail(body: dict[str, Any]) -> dict[str, Any]:
    """A detail envelope (`propertyDetails` + `zillowURL`) -> listing with description."""
    d = body["propertyDetails"]
    zpid = str(integer(d.get("zpid")) or "")
    address, city, zipcode = _address(d)
    lot = number(d.get("lotSize"))
    if lot is None and str(d.get("lotAreaUnits", "")).lower() == "acres":
        lot = (number(d.get("lotAreaValue")) or 0) * SQFT_PER_ACRE or None
    elif lot is None and str(d.get("lotAreaUnits", "")).lower() == "square feet":
        lot = number(d.get("lotAreaValue"))
    price = d.get("price")
    listing = make_listing(
        zpid=zpid,
        address=address,
        city=city,
        zipcode=zipcode,
        price=integer(dig(price, "value") if isinstance(price, dict) else price),
        beds=integer(d.get("bedrooms")),
        baths=number(d.get("bathrooms")),
        sqft=integer(first(d.get("livingArea"), d.get("livingAreaValue"))),
        property_type=normalize_property_type(
            first(d.get("homeType"), dig(d, "resoFacts", "homeType"))
        ),
        photo_url=text(
            first(
                dig(d, "originalPhotos", 0, "mixedSources", "jpeg", -1, "url"),
                d.get("hiResImageLink"),
                d.get("desktopWebHdpImageLink"),
            )
        ),
        url=_url(first(body.get("zillowURL"), d.get("hdpUrl")), zpid),
        lat=number(d.get("latitude")),
        lng=number(d.get("longitude")),
        year_built=integer(first(d.get("yearBuilt"), dig(d, "resoFacts", "yearBuilt"))),
        lot_size=integer(lot),
        hoa_fee=number(first(d.get("monthlyHoaFee"), dig(d, "resoFacts", "hoaFee"))),
        tax_rate_percent=number(d.get("propertyTaxRate")),
        zestimate=integer(d.get("zestimate")),
        features=_features(d),
    )
    listing["description"] = text(d.get("description"))
    listing["facts"] = {"home_status": text(d.get("homeStatus"))}
    return listing


def is_not_found(status: int, body: Any) -> bool:
    """The three not-found signals of research note section 5 (HTTP 404, message, empty details)."""
    if status == 404:
        return True
    if not isinstance(body, dict):
        return True
    message = body.get("message")
    if message is not None and not str(message).startswith("200"):
        return True
    details = body.get("propertyDetails")
    if not isinstance(details, dict) or not details:
        return True
    # A record with neither a street nor any value is unusable (seen in public clients).
    street = first(details.get("streetAddress"), dig(details, "address", "streetAddress"))
    return street is None and first(details.get("price"), details.get("zestimate")) is None
