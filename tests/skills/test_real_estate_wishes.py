"""Search by what the listing says (wishes/): free-text wishes ranked by meaning against the
descriptions and quoted per result; homes like another (like_zpid); both through the planner."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from criteria import parse_criteria
from landmarks import haversine_miles
from providers import austin
from providers.austin import AustinProvider
from skill_runtime import ToolError

from agent_graph.planning.host import load_planner, planner_file
from tests.skill_env import ensure_skill_envs
from tests.skills.real_estate_fakes import SKILL_DIR

PROVIDER = AustinProvider()
_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_planner_wishes")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")


@pytest.fixture(scope="module", autouse=True)
def _index_built() -> None:
    ensure_skill_envs()  # runs prepare.py: the index is built once per dataset and model


def search(**params: Any) -> dict[str, Any]:
    return PROVIDER.search(parse_criteria(params))


def description(zpid: str) -> str:
    return PROVIDER.details(zpid)["items"][0]["description"].lower()


@pytest.mark.parametrize(
    ("wish", "word"),
    [("workshop", "workshop"), ("quiet cul-de-sac", "cul"), ("updated kitchen", "kitchen")],
)
def test_wishes_rank_homes_whose_descriptions_say_it_first(wish: str, word: str) -> None:
    result = search(wishes=[wish], limit=10)
    assert result["criteria"]["wishes"] == [wish] and "wishes_unmatched" not in result
    for item in result["items"]:
        assert item["mentions"], item["address"]
        assert any(word in mention.lower() for mention in item["mentions"])


def test_each_mention_is_a_clause_of_that_homes_own_description() -> None:
    result = search(wishes="big backyard, updated kitchen", beds_min=3, limit=5)
    assert result["criteria"]["wishes"] == ["big backyard", "updated kitchen"]
    for item in result["items"]:
        text = description(item["zpid"])
        for mention in item["mentions"]:
            assert mention.rstrip("…").lower() in text


def test_structured_filters_still_hold_with_wishes() -> None:
    items = search(wishes=["home office"], beds_min=4, price_max=400_000)["items"]
    assert items and all(i["beds"] >= 4 and i["price"] <= 400_000 for i in items)


def test_an_unknown_wish_degrades_to_the_structured_search() -> None:
    plain = search(beds_min=3, location="78745")
    wished = search(beds_min=3, location="78745", wishes=["xylophone collection"])
    assert "xylophone collection" in wished["wishes_unmatched"]
    assert [i["zpid"] for i in wished["items"]] == [i["zpid"] for i in plain["items"]]
    assert wished["total"] == plain["total"]


def test_without_the_index_wishes_are_said_to_be_unused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(austin, "wish_index", lambda: None)
    result = search(wishes=["workshop"], beds_min=3)
    assert "index is not built" in result["wishes_unmatched"]
    assert result["items"] and "mentions" not in result["items"][0]


@pytest.mark.parametrize(
    ("wishes", "message"),
    [
        (["a", "b", "c", "d", "e", "f"], "at most 5 wishes"),
        (["x" * 81], "at most 80 characters"),
        ([3], "wishes must be a list of short phrases"),
    ],
)
def test_bad_wishes_are_clear_errors(wishes: Any, message: str) -> None:
    with pytest.raises(ToolError, match=message):
        parse_criteria({"wishes": wishes})


def test_homes_like_one_leave_it_out_and_come_most_alike_first() -> None:
    target = search(location="Austin", beds_min=3, price_max=500_000, property_type="house")
    home = target["items"][1]
    like = search(like_zpid=home["zpid"], property_type="house")
    assert like["like"]["zpid"] == home["zpid"]
    zpids = [i["zpid"] for i in like["items"]]
    assert home["zpid"] not in zpids and len(zpids) == 10
    scores = [i["similarity"] for i in like["items"]]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0.7
    assert all(i["property_type"] == "house" for i in like["items"])
    typical = search(property_type="house")["items"]  # plain relevance: less alike on average

    def unlike(item: dict[str, Any]) -> float:  # price and size apart, in shares, plus miles
        miles = haversine_miles(item["lat"], item["lng"], home["lat"], home["lng"])
        size = abs(item["sqft"] - home["sqft"]) / home["sqft"]
        return abs(item["price"] - home["price"]) / home["price"] + size + miles / 3

    assert sum(map(unlike, like["items"])) < sum(map(unlike, typical)) / 2


@pytest.mark.parametrize(("zpid", "status"), [("99999999999", 404), ("abc", 400)])
def test_like_an_unknown_or_malformed_listing_is_an_error(zpid: str, status: int) -> None:
    with pytest.raises(ToolError) as raised:
        search(like_zpid=zpid)
    assert raised.value.status == status


SHOWN = [
    {
        "zpid": f"{n}00",
        "address": f"{n} Oak St",
        "price": 300_000 + n * 10_000,
        "property_type": "house",
    }
    for n in range(1, 6)
]


@pytest.mark.parametrize(
    "text", ["show me homes like the second one", "anything similar to #2?", "more like the second"]
)
def test_the_planner_asks_for_homes_like_a_shown_one(text: str) -> None:
    conv = _conversation.Conversation(text=text, last_results=SHOWN, last_criteria={"beds_min": 3})
    call = _conversation.plan_for(conv).calls[-1]
    assert call.name == "search_properties"
    assert call.args["like_zpid"] == "200" and call.args["property_type"] == "house"
    assert call.args["price_min"] == 224_000 and call.args["price_max"] == 416_000


def test_more_like_this_uses_the_open_listing_and_wanting_one_is_not_likeness() -> None:
    open_one = _conversation.Conversation(text="more like this", focused=SHOWN[3])
    assert _conversation.plan_for(open_one).calls[-1].args["like_zpid"] == "400"
    wanting = _conversation.Conversation(text="I'd like the second one", last_results=SHOWN)
    assert _conversation.plan_for(wanting).calls[-1].name == "get_property_details"


@pytest.mark.parametrize(
    ("text", "wishes"),
    [
        (
            "3 bed house with an updated kitchen and a home office",
            ["updated kitchen", "home office"],
        ),
        (
            "condo with lots of natural light and high ceilings",
            ["lots of natural light", "high ceilings"],
        ),
        ("a quiet cul-de-sac near a park", ["quiet cul-de-sac", "near a park"]),
        ("walking distance to trails, 3 beds", ["walking distance to trails"]),
        ("house with a workshop and mature trees", ["workshop", "mature trees"]),
    ],
)
def test_the_planner_reads_wishes_from_what_people_type(text: str, wishes: list[str]) -> None:
    call = _conversation.plan_for(_conversation.Conversation(text=text)).calls[-1]
    assert call.args["wishes"] == wishes
    assert "radius_miles" not in call.args  # "walking distance to trails" is not downtown


def test_wishes_add_up_when_refining() -> None:
    conv = _conversation.Conversation(
        text="also with a home office", last_criteria={"beds_min": 3, "wishes": ["workshop"]}
    )
    assert _conversation.plan_for(conv).calls[-1].args["wishes"] == ["workshop", "home office"]
