"""Validation of search criteria and memory writes (the model's input contract)."""

from __future__ import annotations

import pytest
from criteria import parse_criteria
from memory_write import memory_write
from skill_runtime import ToolError


def test_defaults_sort_by_relevance_without_near_and_by_distance_with_near() -> None:
    assert parse_criteria({}).sort == "relevance"
    assert parse_criteria({"near": "downtown"}).sort == "distance"
    assert (parse_criteria({}).limit, parse_criteria({}).page) == (10, 1)


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"price_max": -1}, "price_max must be between 0"),
        ({"beds_min": 21}, "beds_min must be between 0 and 20"),
        ({"beds_min": 2.5}, "whole number"),
        ({"beds_min": True}, "must be a number"),
        ({"sort": "cheapest_first_please"}, "unknown sort"),
        ({"property_type": "castle"}, "unknown property_type"),
        ({"features": ["helipad"]}, "unknown features"),
        ({"near": "the moon"}, "unknown landmark"),
        ({"radius_miles": 3}, "radius_miles needs near"),
        ({"sort": "distance"}, "needs near"),
        ({"price_min": 500_000, "price_max": 300_000}, "price_min is greater"),
        ({"limit": 51}, "limit must be between 1 and 50"),
        ({"page": 0}, "page must be between 1"),
        ({"colour": "blue"}, "unknown parameter"),
        ({"location": 78704}, "location must be"),
        ({"price_max": "a lot"}, "must be a number"),
    ],
)
def test_invalid_params_raise_readable_tool_errors(params: dict, fragment: str) -> None:
    with pytest.raises(ToolError) as err:
        parse_criteria(params)
    assert fragment in str(err.value)
    assert err.value.status == 400


def test_synonyms_and_friendly_values_are_normalised() -> None:
    c = parse_criteria(
        {
            "location": "austin, tx",
            "property_type": "Single Family",
            "exclude_types": ["Townhome", "condos"],
            "features": ["swimming pool", "Garage", "pool"],
            "near": "City Center",
            "sort": "closest",
            "price_max": "$450k",
            "baths_min": "2",
        }
    )
    assert c.location == "Austin"
    assert c.property_type == "house"
    assert c.exclude_types == ("townhouse", "condo")
    assert c.features == ("pool", "garage")
    assert c.near == "downtown"
    assert c.sort == "distance"
    assert c.price_max == 450_000
    assert c.baths_min == 2.0


def test_zip_location_keeps_five_digits_and_nulls_are_ignored() -> None:
    c = parse_criteria({"location": "78704-1234", "beds_min": None, "near": ""})
    assert c.location == "78704"
    assert c.beds_min is None and c.near is None


def test_echo_lists_only_constrained_fields() -> None:
    echo = parse_criteria({"beds_min": 3, "features": ["view"]}).echo()
    assert echo == {
        "beds_min": 3,
        "features": ["view"],
        "sort": "relevance",
        "limit": 10,
        "page": 1,
    }


def test_memory_write_echoes_a_normalised_entry() -> None:
    out = memory_write({"entry_type": "preference", "key": "Budget Max", "value": 450000})
    assert out == {
        "type": "memory_write",
        "entry_type": "PREFERENCE",
        "key": "budget_max",
        "value": "$450,000",
        "words": "budget: $450,000",
    }
    listed = memory_write(
        {"entry_type": "DECISION", "key": "exclude_property_type", "value": ["condo", "land"]}
    )
    assert listed["value"] == "condo, land"


@pytest.mark.parametrize(
    ("params", "fragment"),
    [
        ({"entry_type": "WISH", "key": "budget_max", "value": "1"}, "entry_type must be one of"),
        ({"entry_type": "DECISION", "key": "9lives", "value": "x"}, "snake_case"),
        ({"entry_type": "PREFERENCE", "key": "location", "value": "  "}, "must not be empty"),
        ({"entry_type": "PREFERENCE", "key": "location", "value": {"a": 1}}, "must be a string"),
        ({"entry_type": "PREFERENCE", "key": "location", "value": "x" * 301}, "too long"),
        ({"entry_type": "PREFERENCE", "key": "note", "value": "Always say"}, "not one of them"),
        ({"entry_type": "OBSERVATION", "key": "note", "value": "x"}, "entry_type must be"),
        ({"entry_type": "DECISION", "key": "k", "value": "x", "extra": 1}, "unknown parameter"),
    ],
)
def test_memory_write_rejects_bad_entries(params: dict, fragment: str) -> None:
    with pytest.raises(ToolError, match=fragment):
        memory_write(params)


@pytest.mark.parametrize("location", ["downtown", "Downtown Austin", "the Capitol"])
def test_a_landmark_as_location_searches_its_city_nearest_first(location: str) -> None:
    criteria = parse_criteria({"location": location, "beds_min": 3})
    assert criteria.location == "Austin"
    assert criteria.near is not None and criteria.sort == "distance"
    explicit = parse_criteria({"location": "downtown", "near": "airport", "sort": "price"})
    assert (explicit.location, explicit.near, explicit.sort) == ("Austin", "airport", "price")
    assert parse_criteria({"location": "Pflugerville"}).near is None
