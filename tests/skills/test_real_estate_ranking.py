"""Relevance ranking and price-plausibility flags (ranking.py) on the Austin data."""

from __future__ import annotations

from datetime import date
from typing import Any

from criteria import parse_criteria
from providers.austin import AustinProvider
from providers.austin_data import load_homes
from ranking import PRICE_IMPLAUSIBLE, fit, flags, recency, relevance, value

PROVIDER = AustinProvider()
SUSPICIOUS_ZPID = "58311776"  # $62,500 with its own Zestimate at $251,216 (issue 16)


def search(**params: Any) -> dict[str, Any]:
    return PROVIDER.search(parse_criteria(params))


def test_a_price_far_from_its_own_zestimate_is_flagged() -> None:
    assert flags(62_500, 251_216) == [PRICE_IMPLAUSIBLE]
    assert flags(900_000, 400_000) == [PRICE_IMPLAUSIBLE]
    assert flags(240_000, 251_216) == []
    assert flags(240_000, None) == [] and flags(None, 251_216) == []


def test_the_issue_example_is_flagged_and_never_leads_cheapest_first() -> None:
    params = {"location": "Austin", "beds_min": 3, "property_type": "house", "price_max": 500_000}
    cheapest = search(sort="price", limit=50, **params)
    items = cheapest["items"]
    assert items[0]["zpid"] != SUSPICIOUS_ZPID and not items[0]["flags"]
    everything = search(sort="price", limit=50, page=1, **{**params, "price_max": 70_000})
    flagged = [i for i in everything["items"] if i["zpid"] == SUSPICIOUS_ZPID]
    assert flagged and flagged[0]["flags"] == [PRICE_IMPLAUSIBLE]
    assert everything["items"][-1]["flags"]  # the flagged ones close the list
    plausible = [i["price"] for i in items if not i["flags"]]
    assert plausible == sorted(plausible)  # cheapest first still holds among the rest


def test_no_requested_order_ranks_by_relevance_not_cheapest_first() -> None:
    result = search(location="Austin", beds_min=3, property_type="house", price_max=500_000)
    assert result["criteria"]["sort"] == "relevance"
    prices = [i["price"] for i in result["items"]]
    assert prices != sorted(prices)
    cheapest = search(
        location="Austin", beds_min=3, property_type="house", price_max=500_000, sort="price"
    )
    assert min(prices) > cheapest["items"][0]["price"]
    assert not any(i["flags"] for i in result["items"])
    assert SUSPICIOUS_ZPID not in {i["zpid"] for i in result["items"]}


def test_relevance_orders_the_whole_result_by_its_documented_score() -> None:
    c = parse_criteria({"location": "78745", "beds_min": 3, "limit": 50})
    homes = {h.zpid: h for h in load_homes()}
    newest = max(date.fromisoformat(h.sale_date) for h in homes.values())
    items = PROVIDER.search(c)["items"]
    scores = [
        relevance(i, c.echo(), date.fromisoformat(homes[i["zpid"]].sale_date), newest)
        for i in items
        if not i["flags"]
    ]
    assert scores == sorted(scores, reverse=True)


def test_score_parts_follow_the_documented_rules() -> None:
    assert fit({"price": 480_000}, {"price_max": 500_000}) == 1.0
    assert fit({"price": 175_000}, {"price_max": 500_000}) == 0.5
    assert fit({"beds": 4}, {"beds_min": 3}) == 1.0 and fit({"beds": 6}, {"beds_min": 3}) < 0.5
    assert fit({"price": 1}, {}) == 0.5
    assert value(300_000, 400_000) == 1.0 and value(400_000, 400_000) == 0.5
    assert value(500_000, 400_000) == 0.0 and value(400_000, None) == 0.5
    assert recency(date(2021, 1, 1), date(2021, 1, 1)) == 1.0
    assert recency(date(2017, 1, 1), date(2021, 1, 1)) == 0.0


def test_newest_biggest_and_distance_orders_still_work() -> None:
    newest = search(location="78704", sort="newest", limit=50)["items"]
    dates = {h.zpid: h.sale_date for h in load_homes()}
    ordered = [dates[i["zpid"]] for i in newest if not i["flags"]]
    assert ordered == sorted(ordered, reverse=True)
    biggest = [i["sqft"] or 0 for i in search(location="78704", sort="size")["items"]]
    assert biggest == sorted(biggest, reverse=True)
    near = search(near="downtown", beds_min=3)
    assert near["criteria"]["sort"] == "distance"
    distances = [i["distance_miles"] for i in near["items"] if not i["flags"]]
    assert distances == sorted(distances)
