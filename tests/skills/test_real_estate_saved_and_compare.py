"""get_saved_homes and compare_properties against the Austin provider (in-process)."""

from __future__ import annotations

import pytest
from compare import compare_properties
from criteria import parse_criteria
from providers.austin import AustinProvider
from saved_homes import get_saved_homes
from skill_runtime import ToolError

PROVIDER = AustinProvider()


def _three() -> list[dict]:
    return PROVIDER.search(parse_criteria({"location": "78704", "beds_min": 2, "limit": 3}))[
        "items"
    ]


def test_saved_homes_come_back_as_listings_marked_saved() -> None:
    homes = _three()
    result = get_saved_homes({"zpids": [h["zpid"] for h in homes] + ["1"]}, PROVIDER.details)
    assert result["type"] == "listings" and result["saved"] is True
    assert [i["zpid"] for i in result["items"]] == [h["zpid"] for h in homes]
    assert result["total"] == 3 and result["missing"] == ["1"]
    assert "description" not in result["items"][0]
    keyed = get_saved_homes({"zpids": [f"home_{homes[0]['zpid']}"]}, PROVIDER.details)
    assert [i["zpid"] for i in keyed["items"]] == [homes[0]["zpid"]]  # a save's key stands for it
    empty = get_saved_homes({"zpids": []}, PROVIDER.details)
    assert empty["items"] == [] and empty["total"] == 0


def test_comparison_rows_mark_the_best_value() -> None:
    homes = _three()
    result = compare_properties(
        {"zpids": [h["zpid"] for h in homes], "near": "downtown"}, PROVIDER.details
    )
    assert result["type"] == "comparison" and result["total"] == 3
    rows = {row["field"]: row for row in result["rows"]}
    assert {"price", "price_per_sqft", "beds", "baths", "sqft", "distance_miles"} <= set(rows)
    prices = rows["price"]["values"]
    assert prices == [h["price"] for h in homes]
    if len(set(prices)) == 3:
        assert rows["price"]["best"] == prices.index(min(prices))
    distances = rows["distance_miles"]["values"]
    if len(set(distances)) == 3:
        assert rows["distance_miles"]["best"] == distances.index(min(distances))
    per_sqft = rows["price_per_sqft"]["values"]
    assert per_sqft[0] == round(homes[0]["price"] / homes[0]["sqft"])
    assert "hoa_fee" not in rows  # unknown for every home: no empty row


def test_ties_and_unranked_rows_mark_nothing() -> None:
    zpid = _three()[0]["zpid"]
    other = _three()[1]["zpid"]
    result = compare_properties({"zpids": [zpid, other]}, PROVIDER.details)
    assert "distance_miles" not in {row["field"] for row in result["rows"]}
    for row in result["rows"]:
        known = [v for v in row["values"] if v is not None]
        if len(set(known)) == 1 and len(known) == 2:
            assert row["best"] is None


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"zpids": ["29324909"]}, "2 to 5"),
        ({"zpids": ["1", "2", "3", "4", "5", "6"]}, "2 to 5"),
        ({"zpids": ["x", "2"]}, "numeric Zillow id"),
        ({"zpids": "29324909"}, "2 to 5"),
        ({"zpids": ["1", "2"], "near": "mars"}, "unknown landmark"),
        ({"zpids": ["1", "2"], "sort": "price"}, "unknown parameter"),
    ],
)
def test_compare_rejects_bad_params_readably(params: dict, message: str) -> None:
    with pytest.raises(ToolError, match=message):
        compare_properties(params, PROVIDER.details)
