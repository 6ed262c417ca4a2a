"""Everyday phrasings through the real API (offline model, real workers, the Austin data):
ranges, places outside the data, misspellings, ZIP codes as lasting preferences, one-off
filters that are not remembered."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.servers import answer_text, last_data, started_tools, stream_turn


def _saved_keys(events: list[dict[str, Any]]) -> list[str]:
    return [
        e["args"]["key"]
        for e in events
        if e["type"] == "step" and e["status"] == "start" and e["name"] == "save_search_criteria"
    ]


RANGES: list[tuple[str, dict[str, tuple[float, float]]]] = [
    ("3 to 4 bedrooms in Austin", {"beds": (3, 4)}),
    ("2-3 bedroom condos in Austin", {"beds": (2, 3)}),
    ("3 or 4 beds under 500k in Austin", {"beds": (3, 4), "price": (0, 500_000)}),
    ("between 2 and 3 bathrooms in 78704", {"baths": (2, 3)}),
    ("three to four bedroom houses with 2 to 3 baths", {"beds": (3, 4), "baths": (2, 3)}),
    ("houses from $300k to $450k in Austin", {"price": (300_000, 450_000)}),
    ("homes between 300 and 400 thousand in 78745", {"price": (300_000, 400_000)}),
    ("$250,000 - $350,000 condos", {"price": (250_000, 350_000)}),
]


@pytest.mark.parametrize(("phrase", "bounds"), RANGES, ids=[p for p, _ in RANGES])
def test_ranges_bound_every_listing_on_both_sides(
    app_client: TestClient, phrase: str, bounds: dict[str, tuple[float, float]]
) -> None:
    events = stream_turn(app_client, phrase)
    data = last_data(events)
    assert data["items"], f"no results for {phrase!r}: {data['criteria']}"
    for field, (low, high) in bounds.items():
        values = [item[field] for item in data["items"]]
        assert all(low <= v <= high for v in values), (phrase, field, values)
    if "beds" in bounds:  # a range, and not just its top ("3 to 4" is not 4+)
        assert (data["criteria"]["beds_min"], data["criteria"]["beds_max"]) == bounds["beds"]
    assert _saved_keys(events) == []


@pytest.mark.parametrize(
    "phrase",
    [
        "I need 3 bedrooms in Seattle",
        "homes in Dallas with 3 bedrooms",
        "remember we're looking in Houston, budget 400k",
        "3 bed houses in Round Rock",
    ],
)
def test_a_place_outside_the_data_gets_an_honest_answer_and_nothing_is_saved(
    app_client: TestClient, phrase: str
) -> None:
    before = app_client.get("/memory/preferences").json()
    events = stream_turn(app_client, phrase)
    text = answer_text(events)
    place = next(p for p in ("Seattle", "Dallas", "Houston", "Round Rock") if p in phrase)
    assert f"I don't have any listings in {place}" in text
    assert "Austin" in text and "Pflugerville" in text and "78704" in text
    assert "off the market" not in text
    assert _saved_keys(events) == []
    assert app_client.get("/memory/preferences").json() == before


MISSPELLED: list[tuple[str, dict[str, Any]]] = [
    ("3 bedroom hosues in Austin", {"property_type": "house", "beds_min": 3}),
    ("cheepest condos in austin", {"property_type": "condo", "sort": "price"}),
    ("3 bedrooms in Pflugervile", {"location": "Pflugerville", "beds_min": 3}),
    ("show me appartments under 300k", {"property_type": "apartment", "price_max": 300_000}),
    ("townhomse near downtwon", {"property_type": "townhouse", "near": "downtown"}),
    ("2 bedroms 2 bathrroms in 78704", {"beds_min": 2, "baths_min": 2, "location": "78704"}),
    ("biggset houses in Austin", {"property_type": "house", "sort": "size"}),
]


@pytest.mark.parametrize(("phrase", "expected"), MISSPELLED, ids=[p for p, _ in MISSPELLED])
def test_misspelled_common_words_are_read_as_meant(
    app_client: TestClient, phrase: str, expected: dict[str, Any]
) -> None:
    criteria = last_data(stream_turn(app_client, phrase))["criteria"]
    assert {k: criteria.get(k) for k in expected} == expected


def test_one_off_filters_are_not_remembered_unless_asked(app_client: TestClient) -> None:
    for phrase in ("we need 3 bedrooms in Austin", "must have a garage, 78745", "3-bed in 78704"):
        assert _saved_keys(stream_turn(app_client, phrase)) == []
    remembered = stream_turn(app_client, "remember we need 3 bedrooms and always a garage")
    assert sorted(_saved_keys(remembered)) == ["beds_min", "features"]
    assert "remember" in answer_text(remembered).lower()


def test_a_zip_code_is_a_lasting_location_like_a_city(app_client: TestClient) -> None:
    events = stream_turn(app_client, "my zip is 78745")
    assert _saved_keys(events) == ["location"]
    prefs = app_client.get("/memory/preferences").json()["preferences"]["real_estate"]
    assert {"entry_type": "PREFERENCE", "key": "location", "value": "78745"} in prefs
    later = last_data(stream_turn(app_client, "show me what's available"))
    assert later["criteria"]["location"] == "78745"
    assert all(item["zipcode"] == "78745" for item in later["items"])


def test_no_requested_order_ranks_by_relevance_with_implausible_prices_last(
    app_client: TestClient,
) -> None:
    events = stream_turn(app_client, "new search: 3 bedroom houses in Austin under $500k")
    data = last_data(events)
    assert data["criteria"]["sort"] == "relevance"
    assert "best matches" in answer_text(events)
    assert not data["items"][0]["flags"]
    cheapest = last_data(stream_turn(app_client, "cheapest 3 bedroom houses in Austin under 500k"))
    assert cheapest["criteria"]["sort"] == "price"
    first = cheapest["items"][0]
    assert not first["flags"] and first["zpid"] != "58311776"  # the $62,500 house
    plausible = [i["price"] for i in cheapest["items"] if not i["flags"]]
    assert plausible == sorted(plausible)


@pytest.mark.parametrize(
    "phrase",
    ["3 bed houses in a neighborhood without kids", "homes in a mostly white area of Austin"],
)
def test_steering_by_who_lives_there_is_declined_and_no_tool_runs(
    app_client: TestClient, phrase: str
) -> None:
    events = stream_turn(app_client, phrase)
    assert started_tools(events) == []
    assert not [e for e in events if e["type"] == "data"]
    assert "Fair Housing" in answer_text(events)
    lawful = stream_turn(app_client, "3 bed houses in Austin near a park with good schools")
    assert started_tools(lawful)[-1] == "search_properties"


def test_wishes_rank_by_what_listings_say_and_homes_like_one_follow(
    app_client: TestClient,
) -> None:
    """Through the real workers (their own venv, the index prepare.py built): a wish becomes
    `wishes`, each card quotes its description, and "homes like the second one" ranks by
    likeness without the home itself."""
    events = stream_turn(app_client, "new search: 3 bed houses in Austin with a workshop")
    data = last_data(events)
    assert data["criteria"]["wishes"] == ["workshop"]
    assert all(any("workshop" in m.lower() for m in i["mentions"]) for i in data["items"])
    second = data["items"][1]
    like = last_data(
        stream_turn(app_client, "show me homes like the second one", events[-1]["session_id"])
    )
    assert like["like"]["zpid"] == second["zpid"]
    assert second["zpid"] not in [i["zpid"] for i in like["items"]]
    assert [i["similarity"] for i in like["items"]] == sorted(
        (i["similarity"] for i in like["items"]), reverse=True
    )
