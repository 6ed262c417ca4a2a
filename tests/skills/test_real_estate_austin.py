"""The offline Austin provider: filters, sorts, landmarks, paging, oddities, details."""

from __future__ import annotations

import csv
import gzip
import math
from typing import Any

import pytest
from criteria import parse_criteria
from providers.austin import AustinProvider
from providers.austin_data import load_homes
from skill_runtime import ToolError

from tests.skills.real_estate_fakes import SKILL_DIR

PROVIDER = AustinProvider()
with gzip.open(SKILL_DIR / "data" / "austin_listings.csv.gz", "rt", encoding="utf-8") as fh:
    RAW = list(csv.DictReader(fh))
SEARCHABLE = [  # the documented default: no land, no sub-$20k prices, no >12-bedroom rows
    r
    for r in RAW
    if r["homeType"] != "Vacant Land"
    and float(r["latestPrice"]) >= 20_000
    and int(r["numOfBedrooms"]) <= 12
]


def has_garage(row: dict[str, str]) -> bool:
    return row["hasGarage"] == "TRUE" or int(row["garageSpaces"]) > 0


def search(**params: Any) -> dict[str, Any]:
    return PROVIDER.search(parse_criteria(params))


def all_items(**params: Any) -> list[dict[str, Any]]:
    items, page = [], 1
    while True:
        result = search(limit=50, page=page, **params)
        items += result["items"]
        if len(items) >= result["total"] or not result["items"]:
            return items
        page += 1


def miles(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (
        math.sin((p2 - p1) / 2) ** 2
        + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lng2 - lng1) / 2) ** 2
    )
    return 2 * 3958.8 * math.asin(math.sqrt(a))


def test_result_shape_matches_the_protocol() -> None:
    result = search(beds_min=3)
    assert set(result) == {"type", "items", "total", "page", "criteria"}
    assert result["type"] == "listings" and result["page"] == 1 and len(result["items"]) == 10
    item = result["items"][0]
    assert list(item) == [
        "zpid", "address", "city", "zipcode", "price", "beds", "baths", "sqft", "property_type",
        "photo_url", "url", "lat", "lng", "year_built", "lot_size", "hoa_fee", "tax_rate_percent",
        "zestimate", "features", "flags", "status", "days_on_market",
    ]  # fmt: skip
    assert item["url"] == f"https://www.zillow.com/homedetails/{item['zpid']}_zpid/"
    assert item["photo_url"] is None and item["hoa_fee"] is None
    assert item["address"].endswith(f", {item['city']}, TX {item['zipcode']}")
    assert "distance_miles" not in item


def test_zestimate_comes_from_the_description_when_it_quotes_one() -> None:
    quoted = [h for h in load_homes() if "Zestimate for this" in h.description]
    assert len(quoted) > 400
    home = quoted[0]
    number = home.description.split("Zestimate for this", 1)[1].split("$", 1)[1].split()[0]
    assert home.zestimate == int(number.rstrip(".").replace(",", ""))
    silent = next(h for h in load_homes() if "Zestimate" not in h.description)
    assert silent.zestimate is None


def test_default_search_hides_land_implausible_prices_and_bedrooms() -> None:
    items = all_items()
    assert len(items) == len(SEARCHABLE) == search()["total"]
    assert min(item["price"] for item in items) >= 20_000
    assert all(item["property_type"] != "land" for item in items)
    assert "2094498207" not in {item["zpid"] for item in items}  # the 20-bedroom condo


def test_land_is_shown_when_asked_for_explicitly() -> None:
    result = search(property_type="land", limit=50)
    assert result["total"] == sum(r["homeType"] == "Vacant Land" for r in RAW) == 15
    assert {item["property_type"] for item in result["items"]} == {"land"}


@pytest.mark.parametrize(
    ("params", "keep"),
    [
        ({"beds_min": 4}, lambda r: int(r["numOfBedrooms"]) >= 4),
        ({"baths_min": 3.5}, lambda r: float(r["numOfBathrooms"]) >= 3.5),
        ({"price_min": 300_000, "price_max": 400_000},
         lambda r: 300_000 <= float(r["latestPrice"]) <= 400_000),
        ({"sqft_min": 3000}, lambda r: float(r["livingAreaSqFt"]) >= 3000),
        ({"property_type": "condo"}, lambda r: r["homeType"] == "Condo"),
        ({"property_type": "multi_family"},
         lambda r: r["homeType"] in ("Multiple Occupancy", "MultiFamily")),
        ({"exclude_types": ["house"]},
         lambda r: r["homeType"] not in ("Single Family", "Residential")),
        ({"location": "78704"}, lambda r: r["zipcode"] == "78704"),
        ({"location": "PFLUGERVILLE"}, lambda r: r["city"] == "pflugerville"),
        ({"location": "Del Valle, TX"}, lambda r: r["city"] == "del valle"),
        ({"features": ["view"]}, lambda r: r["hasView"] == "TRUE"),
        ({"features": ["spa"]}, lambda r: r["hasSpa"] == "TRUE"),
        ({"features": ["garage"]}, lambda r: has_garage(r)),
        ({"features": ["garage", "view"]}, lambda r: r["hasView"] == "TRUE" and has_garage(r)),
        ({"school_rating_min": 7},
         lambda r: r["avgSchoolRating"] != "" and float(r["avgSchoolRating"]) >= 7),
        ({"garage_spaces_min": 3}, lambda r: int(r["garageSpaces"]) >= 3),
        ({"stories_max": 1}, lambda r: r["numOfStories"] == "1"),
        ({"stories_min": 2}, lambda r: int(r["numOfStories"] or 0) >= 2),
        ({"lot_size_min": 10_000}, lambda r: float(r["lotSizeSqFt"] or 0) >= 10_000),
        ({"year_built_min": 2011}, lambda r: int(r["yearBuilt"] or 0) >= 2011),
        ({"no_hoa": True}, lambda r: r["hasAssociation"] != "TRUE"),
        ({"no_hoa": True, "stories_max": 1, "school_rating_min": 6, "year_built_min": 2000},
         lambda r: r["hasAssociation"] != "TRUE" and r["numOfStories"] == "1"
         and float(r["avgSchoolRating"] or 0) >= 6 and int(r["yearBuilt"] or 0) >= 2000),
    ],
)  # fmt: skip
def test_each_filter_matches_an_independent_count(params: dict, keep: Any) -> None:
    expected = [r["zpid"] for r in SEARCHABLE if keep(r)]
    items = all_items(**params)
    assert expected, "the filter should match something in the dataset"
    assert sorted(item["zpid"] for item in items) == sorted(expected)


def test_text_derived_features_pool_and_waterfront() -> None:
    pools = all_items(features=["pool"])
    shared = all_items(features=["community_pool"])
    # about 500 descriptions say "pool"; fewer than half describe the home's own
    assert 120 < len(pools) < 260 and 200 < len(shared) < 400
    rows = {r["zpid"]: r for r in RAW}
    for item in pools:
        own = (
            rows[item["zpid"]]["description"]
            .lower()
            .replace(rows[item["zpid"]]["streetAddress"].strip().lower(), "")
        )
        assert "pool" in own and "pool" in item["features"]
    assert "89548865" not in {item["zpid"] for item in pools}  # 10104 Wading Pool Path
    waterfront = {item["zpid"] for item in all_items(features=["waterfront"])}
    flagged = {r["zpid"] for r in SEARCHABLE if int(r["numOfWaterfrontFeatures"]) > 0}
    assert flagged and flagged <= waterfront


def test_unknown_location_lists_known_cities() -> None:
    with pytest.raises(ToolError) as err:
        search(location="Dallas")
    assert err.value.status == 404
    assert "Austin" in str(err.value) and "Pflugerville" in str(err.value)


def test_no_match_is_an_empty_result_not_an_error() -> None:
    result = search(location="78660", price_min=3_000_000)
    assert result["total"] == 0 and result["items"] == []


@pytest.mark.parametrize(
    ("sort", "value", "descending"),
    [("price", "price", False), ("price_desc", "price", True), ("size", "sqft", True)],
)
def test_sorts_order_the_whole_result_with_flagged_listings_last(
    sort: str, value: str, descending: bool
) -> None:
    items = all_items(sort=sort, location="78745")
    plausible = [item for item in items if not item["flags"]]
    assert items[: len(plausible)] == plausible  # flagged ones, if any, only at the end
    values = [item[value] or 0 for item in plausible]
    assert values == sorted(values, reverse=descending)
    assert len(set(values)) > 1


def test_newest_sorts_by_latest_sale_date_descending() -> None:
    items = search(sort="newest", limit=50)["items"]
    dates = [
        PROVIDER.details(item["zpid"])["items"][0]["facts"]["latest_sale_date"] for item in items
    ]
    assert dates == sorted(dates, reverse=True)
    assert dates[0].startswith("2021")


def test_near_adds_haversine_distance_and_sorts_by_it() -> None:
    result = search(near="downtown austin", limit=20)
    assert result["criteria"]["near"] == "downtown" and result["criteria"]["sort"] == "distance"
    distances = [item["distance_miles"] for item in result["items"]]
    assert distances == sorted(distances)
    for item in result["items"]:
        assert item["distance_miles"] == pytest.approx(
            miles(item["lat"], item["lng"], 30.2672, -97.7431), abs=0.051
        )


def test_each_landmark_ranks_its_own_neighbourhood_first() -> None:
    points = {"downtown": (30.2672, -97.7431), "the domain": (30.4020, -97.7253),
              "airport": (30.1975, -97.6664)}  # fmt: skip
    for name, (lat, lng) in points.items():
        nearest = search(near=name, limit=1)["items"][0]
        own = miles(nearest["lat"], nearest["lng"], lat, lng)
        others = [miles(nearest["lat"], nearest["lng"], *p) for n, p in points.items() if n != name]
        assert own < min(others)


def test_radius_filters_by_distance_and_other_sorts_keep_distance() -> None:
    inside = all_items(near="zilker park", radius_miles=2, sort="price")
    assert inside and all(item["distance_miles"] <= 2.0 for item in inside)
    assert [i["price"] for i in inside] == sorted(i["price"] for i in inside)
    assert len(inside) < search(near="zilker park")["total"]


def test_pagination_is_disjoint_and_consistent() -> None:
    first, second = search(limit=5, page=1), search(limit=5, page=2)
    both = search(limit=10, page=1)
    assert [i["zpid"] for i in first["items"] + second["items"]] == [
        i["zpid"] for i in both["items"]
    ]
    assert first["total"] == second["total"] == both["total"]
    beyond = search(limit=50, page=500)
    assert beyond["items"] == [] and beyond["total"] == both["total"]


def test_details_by_zpid_repairs_text_and_adds_facts() -> None:
    broken = next(r for r in RAW if "â€™" in r["description"])
    item = PROVIDER.details(broken["zpid"])["items"][0]
    assert "â€™" not in item["description"] and "’" in item["description"]
    assert item["zpid"] == broken["zpid"]
    assert item["price"] == int(float(broken["latestPrice"]))
    assert set(item["facts"]) >= {"stories", "garage_spaces", "has_hoa", "avg_school_rating"}


def test_details_work_for_rows_hidden_from_search() -> None:
    item = PROVIDER.details("2094498207")["items"][0]
    assert item["beds"] == 20 and item["property_type"] == "condo"


def test_unknown_zpid_is_a_404() -> None:
    with pytest.raises(ToolError) as err:
        PROVIDER.details("1")
    assert err.value.status == 404


@pytest.mark.parametrize(
    "address",
    [
        "14424 Lake Victor Dr, Pflugerville, TX 78660",
        "14424 Lake Victor Drive, Pflugerville, Texas 78660",
        "14424 lake victor dr",
        "  14424  LAKE VICTOR DR.  ",
    ],
)
def test_details_by_address_tolerates_spelling(address: str) -> None:
    item = PROVIDER.details_by_address(address)["items"][0]
    assert item["zpid"] == "111373431"
    assert item["address"] == "14424 Lake Victor Dr, Pflugerville, TX 78660"


def test_unknown_address_is_a_404() -> None:
    with pytest.raises(ToolError) as err:
        PROVIDER.details_by_address("1 Nowhere Lane, Austin, TX 78701")
    assert err.value.status == 404
