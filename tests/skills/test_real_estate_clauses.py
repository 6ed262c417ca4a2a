"""Two wishes in one message (planner/clauses.py and the "two wishes" recognizer) and English
as a learner writes it (planner/plain_english.py), read by the real_estate planner."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_clauses")
clauses = importlib.import_module(f"{_PACKAGE.__name__}.clauses")
recognizers = importlib.import_module(f"{_PACKAGE.__name__}.recognizers")
conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
plain = importlib.import_module(f"{_PACKAGE.__name__}.plain_english")
plans = importlib.import_module(f"{_PACKAGE.__name__}.plans")
Conversation = plans.Conversation

HOMES = [
    {"zpid": f"{29000000 + n}", "address": f"{n}00 Main St, Austin, TX 78745", "price": p}
    for n, p in enumerate((350_000, 269_900, 424_000, 310_000), start=1)
]
SHOWN = {"last_criteria": {"location": "78745", "beds_min": 3}, "last_results": HOMES}
REMEMBERED = {"budget_max": "500000", "location": "Austin"}


def calls(found: Any) -> list[tuple[str, dict[str, Any]]]:
    assert found is not None
    return [(c.name, c.args) for c in found.calls]


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("save this one and show me similar ones", ["save this one", "show me similar ones"]),
        ("details on the third, then similar ones", ["details on the third", "similar ones"]),
        (
            "tell me if the 2nd gets cheaper, also save it",
            ["tell me if the 2nd gets cheaper", "save it"],
        ),
        (
            "forget my budget and then look in Round Rock",
            ["forget my budget", "look in Round Rock"],
        ),
        (
            "I like the 2nd one, save it and show me similar ones",
            ["I like the 2nd one", "save it", "show me similar ones"],
        ),
        (
            "what's the HOA on the second and is it still for sale",
            ["what's the HOA on the second", "is it still for sale"],
        ),
    ],
)
def test_a_message_is_split_where_a_second_wish_starts(text: str, parts: list[str]) -> None:
    assert clauses.clauses(text) == parts


@pytest.mark.parametrize(
    "text",
    [
        "show me the first and the third",
        "cheaper ones and with a pool",
        "3 bedrooms and 2 baths in 78745",
        "houses with a garage, a pool and a big yard",
        "if the price on #3 ever goes down, give me a shout",  # a condition and its wish
        "compare 1 and 2 and tell me which is closer to downtown",
        "save it, then watch it, then book a tour, then compare it with #2",  # too many: whole
    ],
)
def test_one_wish_with_and_or_commas_stays_one_clause(text: str) -> None:
    assert clauses.clauses(text) == [text]


def test_it_in_a_later_clause_is_the_home_an_earlier_one_acted_on() -> None:
    assert clauses.referring_back("save it", ["29000002"], HOMES) == "save #2"
    assert clauses.referring_back("compare them", ["29000001", "29000004"], HOMES) == (
        "compare #1 and #4"
    )
    assert clauses.referring_back("save it", ["99999999"], HOMES) == "save it"  # not shown


def test_each_clause_is_read_in_the_conversation_the_ones_before_it_leave() -> None:
    forgot = Conversation(
        "forget my budget and show me houses in Round Rock", preferences=dict(REMEMBERED)
    )
    assert calls(recognizers.two_wishes(forgot)) == [
        ("forget_search_criteria", {"key": "budget_max"}),
        ("search_properties", {"location": "Round Rock", "property_type": "house"}),
    ]
    searched = calls(
        recognizers.two_wishes(Conversation("show me condos in 78701 and save that search"))
    )
    assert searched == [
        ("search_properties", {"location": "78701", "property_type": "condo"}),
        ("save_search", {"criteria": {"location": "78701", "property_type": "condo"}}),
    ]


def test_a_preference_saved_in_an_earlier_clause_fills_the_search_without_a_note() -> None:
    found = recognizers.two_wishes(
        Conversation("remember my budget is 400k and look in Round Rock")
    )
    assert calls(found)[-1] == (
        "search_properties",
        {"location": "Round Rock", "price_max": 400_000},
    )
    assert found is not None and found.note == ""  # the model words the memory write itself


def test_both_wishes_about_one_home_are_planned_in_order() -> None:
    found = recognizers.two_wishes(
        Conversation("I like the 2nd one, save it and show me similar ones", **SHOWN)
    )
    (saved, similar) = calls(found)
    assert saved == ("save_home", {"zpid": "29000002"})
    assert similar[0] == "search_properties" and similar[1]["like_zpid"] == "29000002"
    asked = recognizers.two_wishes(
        Conversation("what's the HOA on the second and is it still for sale", **SHOWN)
    )
    assert calls(asked) == [("get_property_details", {"zpid": "29000002"})]  # each call once
    thanked = recognizers.two_wishes(Conversation("thanks, and save the fourth one too", **SHOWN))
    assert calls(thanked) == [("save_home", {"zpid": "29000004"})]


def test_a_refinement_said_in_parts_or_a_clause_not_understood_is_read_whole() -> None:
    assert (
        recognizers.two_wishes(Conversation("cheaper ones, also only single story", **SHOWN))
        is None
    )
    assert recognizers.two_wishes(Conversation("save it and also the blue thing", **SHOWN)) is None


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("I want see the fourth house", "I want to see the fourth house"),
        ("please you save it", "please save it"),
        ("can you save it", "can you save it"),
        ("save a search with what you remember", "save a search with what you remember"),
        ("if it gets cheaper, you tell me", "if it gets cheaper, tell me"),
        ("how much cost the third one?", "what is the price of the third one?"),
        ("is having pool the second one?", "has pool the second one?"),
        ("when it become more cheap", "when it gets cheaper"),
        ("please show me next houses", "please show me next page"),
        ("keep house two for me", "keep number two for me"),
        ("a house 2 bath in 78745", "a house 2 bath in 78745"),
        ("how many days is on market", "how many days has been on the market"),
    ],
)
def test_learner_english_is_rewritten_by_construction(said: str, read: str) -> None:
    assert plain.plain_english(said) == read


@pytest.mark.parametrize(
    ("text", "state", "planned"),
    [
        ("please you save house number two", SHOWN, [("save_home", {"zpid": "29000002"})]),
        (
            "how much cost the third house?",
            SHOWN,
            [("get_property_details", {"zpid": "29000003"})],
        ),
        (
            "when house number 4 become more cheap, you tell me please",
            SHOWN,
            [("watch_home", {"zpid": "29000004", "watch": "price"})],
        ),
        (
            "give me details of house one and house two",
            SHOWN,
            [
                ("get_property_details", {"zpid": "29000001"}),
                ("get_property_details", {"zpid": "29000002"}),
            ],
        ),
    ],
)
def test_learner_english_is_planned_like_the_plain_wish(
    text: str, state: dict[str, Any], planned: list[tuple[str, dict[str, Any]]]
) -> None:
    assert calls(conversation.plan_for(Conversation(text, **state))) == planned


def test_a_clause_naming_only_a_home_is_read_with_the_wish_before_it() -> None:
    assert clauses.with_wish_of("put the 3rd on my list", "the 4th")[0] == (
        "put the 4th on my list"
    )
    assert "tell me about 2" in clauses.with_wish_of("tell me about 1", "about 2")
    assert clauses.with_wish_of("save the 3rd", "show me similar ones") == []  # a wish of its own


@pytest.mark.parametrize(
    ("text", "planned"),
    [
        (
            "put the third on my list, also the first",
            [("save_home", {"zpid": "29000003"}), ("save_home", {"zpid": "29000001"})],
        ),
        (
            "tell me about 2 and also about 4",
            [
                ("get_property_details", {"zpid": "29000002"}),
                ("get_property_details", {"zpid": "29000004"}),
            ],
        ),
        (
            "let me know if the 2nd drops and also the 4th",
            [
                ("watch_home", {"zpid": "29000002", "watch": "price"}),
                ("watch_home", {"zpid": "29000004", "watch": "price"}),
            ],
        ),
    ],
)
def test_a_second_wish_naming_only_its_home_repeats_the_first_wish(
    text: str, planned: list[tuple[str, dict[str, Any]]]
) -> None:
    assert calls(recognizers.two_wishes(Conversation(text, **SHOWN))) == planned
