"""Ranges of bedrooms and bathrooms ("3 to 4 bedrooms") in the search criteria."""

from __future__ import annotations

import pytest
from criteria import parse_criteria
from providers.austin import AustinProvider
from skill_runtime import ToolError

PROVIDER = AustinProvider()


def test_bedroom_and_bathroom_ranges_bound_every_result() -> None:
    c = parse_criteria(
        {"location": "Austin", "beds_min": 3, "beds_max": 4, "baths_min": 2, "baths_max": 2.5}
    )
    result = PROVIDER.search(c)
    assert result["total"] > 10
    assert result["criteria"]["beds_max"] == 4 and result["criteria"]["baths_max"] == 2.5
    for item in result["items"]:
        assert 3 <= item["beds"] <= 4 and 2 <= item["baths"] <= 2.5


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"beds_min": 5, "beds_max": 3}, "beds_min is greater than beds_max"),
        ({"baths_min": 3, "baths_max": 2}, "baths_min is greater than baths_max"),
        ({"beds_max": 30}, "between 0 and 20"),
    ],
)
def test_inverted_or_out_of_range_bounds_are_readable_errors(params: dict, message: str) -> None:
    with pytest.raises(ToolError, match=message):
        parse_criteria(params)
