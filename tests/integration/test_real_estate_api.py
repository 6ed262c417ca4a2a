"""Home search through the real API: offline model, real real_estate workers, the Austin data."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.servers import answer_text, last_data, stream_turn

DOWNTOWN = (30.2672, -97.7431)
Listing = dict[str, Any]


def _miles(item: Listing) -> float:
    lat1, lng1, lat2, lng2 = map(math.radians, (*DOWNTOWN, item["lat"], item["lng"]))
    a = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    )
    return 3958.8 * 2 * math.asin(math.sqrt(a))


def test_three_bed_house_in_austin_under_500k(app_client: TestClient) -> None:
    events = stream_turn(app_client, "find me a 3-bed house in Austin under $500k")
    data = last_data(events)
    assert data["type"] == "listings" and len(data["items"]) >= 3
    for item in data["items"]:
        assert item["city"] == "Austin" and item["property_type"] == "house"
        assert item["beds"] >= 3 and item["price"] <= 500_000
        assert item["url"] == f"https://www.zillow.com/homedetails/{item['zpid']}_zpid/"
    intro = answer_text(events).split("\n\n")[0]
    assert intro.startswith(f"I found {data['total']:,} houses in Austin")
    assert len(next(e for e in events if e["type"] == "hints")["hints"]) == 3


def test_card_click_second_one_and_closer_to_downtown(app_client: TestClient) -> None:
    first = stream_turn(app_client, "find me a 3-bed house in Austin under $500k")
    session = first[0]["session_id"]
    shown = last_data(first)["items"]

    card = shown[0]
    click = stream_turn(
        app_client, f"Show me the details for {card['address']} (zpid: {card['zpid']})", session
    )
    detail = last_data(click)
    assert detail["type"] == "detail" and detail["items"][0]["zpid"] == card["zpid"]
    assert isinstance(detail["items"][0]["lat"], float) and isinstance(
        detail["items"][0]["lng"], float
    )
    assert detail["items"][0]["description"]

    second = last_data(stream_turn(app_client, "show me more on the second one", session))
    assert second["type"] == "detail" and second["items"][0]["zpid"] == shown[1]["zpid"]

    closer = last_data(stream_turn(app_client, "same but closer to downtown", session))
    assert closer["criteria"]["near"] == "downtown"
    distances = [_miles(item) for item in closer["items"]]
    assert distances == sorted(distances)
    for item in closer["items"]:
        assert item["city"] == "Austin" and item["property_type"] == "house"
        assert item["beds"] >= 3 and item["price"] <= 500_000
    assert _miles(closer["items"][0]) < min(_miles(item) for item in shown)


def test_address_typed_by_the_user_fetches_details(app_client: TestClient) -> None:
    listing = last_data(stream_turn(app_client, "cheapest condo in Austin"))["items"][0]
    street = listing["address"].split(",")[0]
    events = stream_turn(app_client, f"tell me about {street}, Austin TX")
    steps = [e["name"] for e in events if e["type"] == "step" and e["status"] == "start"]
    assert steps == ["get_property_details_by_address"]
    assert last_data(events)["items"][0]["zpid"] == listing["zpid"]


def test_no_results_says_what_to_relax(app_client: TestClient) -> None:
    events = stream_turn(app_client, "5 bedroom condo in Pflugerville under $100k with a pool")
    text = answer_text(events).lower()
    assert "no " in text or "nothing" in text or "couldn't" in text
    assert "try" in text


def _all(*checks: Callable[[Listing], bool]) -> Callable[[Listing], bool]:
    return lambda item: all(check(item) for check in checks)


def beds(n: int) -> Callable[[Listing], bool]:
    return lambda i: i["beds"] >= n


def baths(n: float) -> Callable[[Listing], bool]:
    return lambda i: i["baths"] >= n


def at_most(p: int) -> Callable[[Listing], bool]:
    return lambda i: i["price"] <= p


def at_least(p: int) -> Callable[[Listing], bool]:
    return lambda i: i["price"] >= p


def kind(t: str) -> Callable[[Listing], bool]:
    return lambda i: i["property_type"] == t


def city(c: str) -> Callable[[Listing], bool]:
    return lambda i: i["city"] == c


def zipcode(z: str) -> Callable[[Listing], bool]:
    return lambda i: i["zipcode"] == z


def feature(f: str) -> Callable[[Listing], bool]:
    return lambda i: f in i["features"]


def sqft(n: int) -> Callable[[Listing], bool]:
    return lambda i: (i["sqft"] or 0) >= n


def within(miles: float) -> Callable[[Listing], bool]:
    return lambda i: _miles(i) <= miles + 0.01


PHRASINGS: list[tuple[str, Callable[[Listing], bool]]] = [
    (
        "find me a 3-bed house in Austin under $500k",
        _all(beds(3), kind("house"), city("Austin"), at_most(500_000)),
    ),
    (
        "three bedroom homes in Austin below 450,000",
        _all(beds(3), at_most(450_000), city("Austin")),
    ),
    ("4 bedrooms 3 baths in Austin", _all(beds(4), baths(3), city("Austin"))),
    ("at least 2 baths in 78704", _all(baths(2), zipcode("78704"))),
    (
        "houses between 300k and 400k in Austin",
        _all(kind("house"), at_least(300_000), at_most(400_000)),
    ),
    ("condos in Austin under $300k", _all(kind("condo"), at_most(300_000), city("Austin"))),
    ("townhouses in Austin", _all(kind("townhouse"), city("Austin"))),
    ("townhomes under 400k", _all(kind("townhouse"), at_most(400_000))),
    ("homes in Pflugerville", city("Pflugerville")),
    ("3br in Pflugerville under 350k", _all(beds(3), city("Pflugerville"), at_most(350_000))),
    ("homes in Del Valle", city("Del Valle")),
    ("houses in 78745 under $400,000", _all(kind("house"), zipcode("78745"), at_most(400_000))),
    ("show me homes in 78748 with a pool", _all(zipcode("78748"), feature("pool"))),
    (
        "house with a garage in Austin under 350k",
        _all(kind("house"), feature("garage"), at_most(350_000)),
    ),
    ("homes with a view in Austin", _all(feature("view"), city("Austin"))),
    ("waterfront homes in Austin", feature("waterfront")),
    ("homes with a hot tub", feature("spa")),
    ("a 2 bedroom condo near downtown", _all(beds(2), kind("condo"))),
    (
        "houses within 5 miles of downtown under 600k",
        _all(kind("house"), within(5), at_most(600_000)),
    ),
    ("3 bed near UT Austin under $700k", _all(beds(3), at_most(700_000))),
    ("homes near the capitol under 1.2 million", at_most(1_200_000)),
    ("homes over $1M in Austin", _all(at_least(1_000_000), city("Austin"))),
    ("$1.2M max, 4 beds, Austin", _all(at_most(1_200_000), beds(4), city("Austin"))),
    ("cheapest 3 bedroom house in Austin", _all(beds(3), kind("house"))),
    ("biggest homes in Austin under 800k", _all(at_most(800_000), city("Austin"))),
    ("newest houses in 78704", _all(kind("house"), zipcode("78704"))),
    ("5 bedroom houses in Austin", _all(beds(5), kind("house"))),
    ("2.5 bathrooms minimum in Austin", baths(2.5)),
    ("at least 2000 square feet in Austin under 500k", _all(sqft(2000), at_most(500_000))),
    ("homes over 3000 sqft in Austin", sqft(3000)),
    ("four bedroom house with a pool in Austin", _all(beds(4), kind("house"), feature("pool"))),
    ("two bedroom condos in 78704", _all(beds(2), kind("condo"), zipcode("78704"))),
    ("under 250k in Austin", _all(at_most(250_000), city("Austin"))),
    ("less than 300,000 in 78744", _all(at_most(300_000), zipcode("78744"))),
    ("between 400k and 500k with 3 beds", _all(at_least(400_000), at_most(500_000), beds(3))),
    ("300-400k houses in Austin", _all(at_least(300_000), at_most(400_000), kind("house"))),
    (
        "single family homes under 350k in 78753",
        _all(kind("house"), at_most(350_000), zipcode("78753")),
    ),
    ("show me 5 houses near zilker park", kind("house")),
    ("homes near the domain under 600k", at_most(600_000)),
    (
        "3 bedroom 2 bath house in 78749 under $550k",
        _all(beds(3), baths(2), kind("house"), zipcode("78749"), at_most(550_000)),
    ),
    ("multi-family in Austin", kind("multi_family")),
    ("homes in Austin TX with at least 3 bedrooms and a garage", _all(beds(3), feature("garage"))),
    ("houses around 400k in Austin", _all(at_least(360_000), at_most(440_000), kind("house"))),
    ("a house in Manor", city("Manor")),
]


@pytest.mark.parametrize(("phrase", "satisfied"), PHRASINGS, ids=[p for p, _ in PHRASINGS])
def test_every_returned_listing_satisfies_the_stated_constraints(
    app_client: TestClient, phrase: str, satisfied: Callable[[Listing], bool]
) -> None:
    data = last_data(stream_turn(app_client, phrase))
    assert data["type"] == "listings"
    assert data["items"], f"no results for {phrase!r}: {data['criteria']}"
    bad = [i for i in data["items"] if not satisfied(i)]
    assert not bad, f"{phrase!r} returned {bad[0]} (criteria {data['criteria']})"
