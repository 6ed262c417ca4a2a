"""Features a listing really has (providers/features.py): a private pool is told from a shared or
a merely possible one, the street address never counts, and every feature shows its evidence."""

from __future__ import annotations

import pytest
from criteria import parse_criteria
from providers.austin import AustinProvider
from providers.features import derive


def row(description: str, home_type: str = "Single Family", **columns: str) -> dict[str, str]:
    return {"description": description, "homeType": home_type, **columns}


@pytest.mark.parametrize(
    "description",
    [
        "Private backyard oasis with a sparkling in-ground pool and spa.",
        "Fenced yard, salt water pool and outdoor kitchen!",
        "Outdoor living at its finest: heated pool/spa with waterfall.",
        "Take a dip in your very own pool after work.",
    ],
)
def test_the_homes_own_pool(description: str) -> None:
    found = derive(row(description), "1 Main St")
    assert "pool" in found and "community_pool" not in found
    assert "pool" in found["pool"]  # the evidence is the clause that says so


@pytest.mark.parametrize(
    "description",
    [
        "Close to the neighborhood pool & park!",
        "The community offers resort-style amenities including 2 pools and a fitness center.",
        "Walking distance to the HOA pool and trails.",
        "Steps away from the comm pool and the new elementary school.",
        "Sendera pool just around the corner.",
    ],
)
def test_a_shared_pool_is_not_the_homes_own(description: str) -> None:
    found = derive(row(description), "1 Main St")
    assert "pool" not in found and "community_pool" in found


@pytest.mark.parametrize(
    "description",
    [
        "Huge flat backyard with plenty of room for a pool.",
        "Pool-ready yard with mature trees.",
        "Owners planned for pool out back, but work transferred them first.",
        "Lot has ample room for adding a pool or an addition.",
        "Game room with a pool table and wet bar.",
    ],
)
def test_a_possible_pool_or_a_pool_table_is_no_pool(description: str) -> None:
    assert "pool" not in derive(row(description), "1 Main St")


def test_a_condo_pool_is_shared_unless_it_says_private() -> None:
    assert "pool" not in derive(row("Views over the pool from the balcony.", "Condo"), "")
    assert "pool" in derive(row("Rare unit with a private pool.", "Condo"), "")


def test_the_street_address_is_not_a_feature() -> None:
    text = "10104 wading pool path, austin, tx 78748 is a single family home with 3 beds."
    assert derive(row(text), "10104 Wading Pool Path") == {}


def test_columns_say_where_they_came_from_and_text_features_quote_the_listing() -> None:
    found = derive(
        row("Cozy living room with a wood-burning fireplace.", garageSpaces="2", hasSpa="TRUE"),
        "",
    )
    assert found["garage"] == "listing data: 2 garage spaces"
    assert found["spa"] == "listing data: has a spa"
    assert "fireplace" in found["fireplace"]
    assert "fire pit" not in derive(row("Stone fire pit in the yard."), "")


def test_the_detail_shows_the_evidence_of_each_feature() -> None:
    provider = AustinProvider()
    homes = provider.search(parse_criteria({"features": ["pool"], "limit": 3}))["items"]
    detail = provider.details(homes[0]["zpid"])["items"][0]
    assert set(detail["feature_evidence"]) == set(detail["features"])
    assert "pool" in detail["feature_evidence"]["pool"]
