"""A RESO Data Dictionary record (a Web API / OData `value` item) as a row of the shipped shape.

RESO keys that are not numeric (the skill's ids are) become a stable 12-digit number derived from
the key, so the same listing keeps its id across feeds. Off-market statuses (Withdrawn, Expired,
Canceled…) remove the listing.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date
from typing import Any

# CSV column -> the RESO field it comes from (also how errors name a field of a RESO feed).
FIELD_NAMES = {
    "zpid": "ListingKey", "latestPrice": "ListPrice", "homeStatus": "StandardStatus",
    "numOfBedrooms": "BedroomsTotal", "numOfBathrooms": "BathroomsTotalInteger",
    "livingAreaSqFt": "LivingArea", "lotSizeSqFt": "LotSizeSquareFeet", "zipcode": "PostalCode",
    "city": "City", "streetAddress": "UnparsedAddress", "latitude": "Latitude",
    "longitude": "Longitude", "homeType": "PropertySubType", "yearBuilt": "YearBuilt",
    "description": "PublicRemarks", "numOfStories": "StoriesTotal",
    "garageSpaces": "GarageSpaces", "latest_saledate": "ModificationTimestamp",
}  # fmt: skip
_FLAGS = {
    "hasGarage": "GarageYN", "hasSpa": "SpaYN", "hasView": "ViewYN",
    "hasAssociation": "AssociationYN",
}  # fmt: skip


def listing_id(key: object) -> str:
    """The numeric id: the key itself when numeric, else 12 digits of its sha256."""
    text = str(key if key is not None else "").strip()
    if re.fullmatch(r"\d{1,12}", text) or not text:
        return text
    return str(int(hashlib.sha256(text.encode()).hexdigest(), 16) % 10**12)


def _text(value: Any) -> str:
    if value is None or isinstance(value, bool):
        return "" if value is None else ("TRUE" if value else "FALSE")
    return str(value)


def _us_date(value: Any) -> str:
    """ "2026-11-20T08:00:00Z" -> "11/20/2026" (the shipped shape); "" when absent or unreadable."""
    match = re.match(r"(\d{4})-(\d{2})-(\d{2})", _text(value))
    if not match:
        return _text(value)
    year, month, day = (int(g) for g in match.groups())
    return f"{month}/{day}/{year}"


def _street(record: dict[str, Any]) -> str:
    """UnparsedAddress up to its first comma ("123 Main St, Austin, TX" -> "123 Main St"), else
    the address parts."""
    unparsed = _text(record.get("UnparsedAddress")).split(",")[0].strip()
    if unparsed:
        return unparsed
    parts = ("StreetNumber", "StreetDirPrefix", "StreetName", "StreetSuffix", "UnitNumber")
    return " ".join(_text(record.get(p)) for p in parts if record.get(p))


def from_reso(record: dict[str, Any]) -> dict[str, str]:
    """The row of one record (the reader refuses a record that is not an object)."""
    baths = record.get("BathroomsTotalInteger", record.get("BathroomsTotalDecimal"))
    on_market = record.get("OnMarketDate") or record.get("ListingContractDate")
    row = {
        "zpid": listing_id(record.get("ListingKey") or record.get("ListingId")),
        "latestPrice": _text(record.get("ListPrice")),
        "homeStatus": _text(record.get("StandardStatus")) or "Active",
        "numOfBedrooms": _text(record.get("BedroomsTotal")),
        "numOfBathrooms": _text(baths),
        "livingAreaSqFt": _text(record.get("LivingArea")),
        "lotSizeSqFt": _text(record.get("LotSizeSquareFeet")),
        "zipcode": _text(record.get("PostalCode"))[:5],
        "city": _text(record.get("City")),
        "streetAddress": _street(record),
        "latitude": _text(record.get("Latitude")),
        "longitude": _text(record.get("Longitude")),
        "homeType": _text(record.get("PropertySubType") or record.get("PropertyType")),
        "yearBuilt": _text(record.get("YearBuilt")),
        "description": _text(record.get("PublicRemarks")),
        "numOfStories": _text(record.get("StoriesTotal") or record.get("Stories")),
        "garageSpaces": _text(record.get("GarageSpaces")),
        "numOfWaterfrontFeatures": "1" if record.get("WaterfrontYN") else "0",
        "propertyTaxRate": "",
        "avgSchoolRating": "",
        "latest_saledate": _us_date(
            record.get("ModificationTimestamp") or date.today().isoformat()
        ),
        "onMarketDate": _us_date(on_market) if on_market else "",
    }
    row.update({column: _text(record.get(field)) for column, field in _FLAGS.items()})
    return row
