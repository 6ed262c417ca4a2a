"""A conversation that opens with alerts: their homes are on screen until a search shows others,
named by what the alert said of them ("the new one", "the one that dropped")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skills.real_estate_words import ON_SCREEN, Conversation, conversation, module

NEW = {"zpid": "7001", "address": "12 Oak St, Austin, TX 78745", "price": 400_000}
DROPPED = {"zpid": "7002", "address": "9 Elm Dr, Austin, TX 78745", "price": 380_000}
ALERTS = [
    {"kind": "new_match", "title": "A new home matches your search", "items": [NEW]},
    {"kind": "price_drop", "title": "Price drop: 9 Elm Dr", "items": [DROPPED]},
]
alerted_homes = module("alerted").alerted_homes


def planned(text: str, **context: Any) -> list[tuple[str, str]]:
    found = conversation.plan_for(Conversation(text=text, alerted=alerted_homes(ALERTS), **context))
    assert found is not None, text
    return [(c.name, str(c.args.get("zpid") or c.args.get("like_zpid") or "")) for c in found.calls]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("whats the story on the newest listing", [("get_property_details", "7001")]),
        ("pull up that reduced house", [("get_property_details", "7002")]),
        ("bookmark the brand new one", [("save_home", "7001")]),
        (
            "the place that went down in price, can we see it sunday at 2pm",
            [("request_tour", "7002")],
        ),
        ("more homes like the marked-down one", [("search_properties", "7002")]),
        ("tell me about the second one", [("get_property_details", "7002")]),
    ],
)
def test_an_alerted_home_is_named_by_what_its_alert_said(
    text: str, expected: list[tuple[str, str]]
) -> None:
    assert planned(text) == expected


def test_both_alerted_homes_side_by_side() -> None:
    found = conversation.plan_for(
        Conversation(text="put the price drop next to the new match", alerted=alerted_homes(ALERTS))
    )
    assert found is not None
    assert [(c.name, sorted(c.args["zpids"])) for c in found.calls] == [
        ("compare_properties", ["7001", "7002"])
    ]


def test_a_search_on_screen_is_still_what_positions_name() -> None:
    assert planned("tell me about the second one", **ON_SCREEN) == [("get_property_details", "902")]


def test_a_new_search_is_not_an_alerted_home() -> None:
    assert [name for name, _ in planned("find me a new home in manor")] == ["search_properties"]


def test_malformed_alerts_name_no_home() -> None:
    assert alerted_homes([{"kind": "x"}, "junk", {"items": ["no", {"zpid": ""}]}]) == []
    assert alerted_homes(None) == []


def test_the_new_listing_alerts_are_the_saved_searchs_not_a_home() -> None:
    said = module("alerted").said_by_position
    assert said("mute the new match emails", ["new_match"]) == "mute the new match emails"
    assert said("open the new match", ["new_match"]) == "open number 1"


def test_the_home_named_by_its_alert_is_meant_for_the_other_skills() -> None:
    meant = module("meant").meant_home
    said = "how much a month would the reduced house be"
    assert meant(Conversation(text=said, alerted=alerted_homes(ALERTS))) == DROPPED
    assert meant(Conversation(text="the monthly on the 2nd", alerted=alerted_homes(ALERTS))) is None


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("is the reduced house already being monitored", "Yes, I'm watching 9 Elm Dr"),
        ("is the new one still being watched?", "No, I'm not watching 12 Oak St"),
    ],
)
def test_asking_if_an_alerted_home_is_watched_is_answered_not_watched(
    said: str, answer: str
) -> None:
    found = conversation.plan_for(
        Conversation(text=said, alerted=alerted_homes(ALERTS), preferences={"watch_7002": "price"})
    )
    assert found is not None and found.calls == [] and found.note.startswith(answer)


@pytest.mark.parametrize(
    "said", ["stick the newest listing in our favourites", "put the marked-down one on my list"]
)
def test_an_alerted_home_kept_is_saved_though_the_words_are_near_a_stop(said: str) -> None:
    near_a_stop = [("stop_watching", 0.7), ("save_home", 0.6)]
    found = conversation.plan_for(
        Conversation(text=said, alerted=alerted_homes(ALERTS), intents=near_a_stop)
    )
    assert found is not None
    assert [c.name for c in found.calls] == ["save_home"]


@pytest.mark.parametrize(
    ("said", "context"),
    [("is the brand new one a townhome?", {}), ("is #4 a condo", ON_SCREEN)],
)
def test_asking_what_kind_a_home_is_opens_it_though_near_similar_homes(
    said: str, context: dict[str, Any]
) -> None:
    alerts = {} if context else {"alerted": alerted_homes(ALERTS)}
    found = conversation.plan_for(
        Conversation(text=said, intents=[("similar_homes", 0.6)], **alerts, **context)
    )
    assert found is not None
    assert [c.name for c in found.calls] == ["get_property_details"]


@pytest.mark.parametrize(
    ("said", "tool"),
    [("bookmark them both", "save_home"), ("keep tabs on both of them", "watch_home")],
)
def test_both_alerted_homes_named_together_are_each_acted_on(said: str, tool: str) -> None:
    assert planned(said) == [(tool, "7001"), (tool, "7002")]


@pytest.mark.parametrize(
    ("said", "zpid"),
    [("where's the brand new one", "7001"), ("so where is the reduced house located", "7002")],
)
def test_asking_where_an_alerted_home_is_opens_it_though_near_similar_homes(
    said: str, zpid: str
) -> None:
    found = conversation.plan_for(
        Conversation(text=said, intents=[("similar_homes", 0.6)], alerted=alerted_homes(ALERTS))
    )
    assert found is not None
    assert [(c.name, c.args.get("zpid")) for c in found.calls] == [("get_property_details", zpid)]


@pytest.mark.parametrize(
    ("said", "zpid"),
    [("pull up the top notification", "7001"), ("can I see the 2nd alert", "7002")],
)
def test_an_alert_named_by_its_place_opens_its_home_though_near_listing_them(
    said: str, zpid: str
) -> None:
    found = conversation.plan_for(
        Conversation(
            text=said, intents=[("list_saved_searches", 0.6)], alerted=alerted_homes(ALERTS)
        )
    )
    assert found is not None
    assert [(c.name, c.args.get("zpid")) for c in found.calls] == [("get_property_details", zpid)]


def test_the_home_with_the_reduced_price_is_the_one_that_dropped() -> None:
    assert planned("tell me about the house with a reduced price") == [
        ("get_property_details", "7002")
    ]
