"""The real_estate planner on further ways people say a wish (phrasings of our own, in no
corpus): a second wish started by a verb the clauses did not know, a home named by a bare
number, "the cheapest of the bunch" or "the one with the lowest price", a letter-named street,
market words without "the", a ceiling said as a "top price", a preference kept by "keep that"
or "as my default" and forgotten by its value, new listings that "pop up", and a saved search
changed by naming the count first, or stopped in other words."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_own_words")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
_clauses = importlib.import_module(f"{_PACKAGE.__name__}.clauses")
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": f"z{n}", "address": f"{n}00 Elm St, Austin, TX 78745", "price": p}
    for n, p in enumerate((350_000, 269_900, 424_000, 310_000, 515_000), start=1)
]
LAST = {"location": "78745", "beds_min": 3, "property_type": "house"}
ON_SCREEN = {"last_results": SHOWN, "last_criteria": LAST}
REMEMBERED = {"budget_max": "$475,000", "location": "Manchaca", "property_type": "condo"}
SAVED_SEARCH = {"search_78745": json.dumps(LAST)}


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def saved(key: str, value: str) -> tuple[str, dict[str, Any]]:
    return ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("open the 5th and bookmark it", ["open the 5th", "bookmark it"]),
        ("save #2 and fill us in on #4", ["save #2", "fill us in on #4"]),
        ("save the 1st and walk us through the 3rd", ["save the 1st", "walk us through the 3rd"]),
        ("details on 2 and subscribe me to these", ["details on 2", "subscribe me to these"]),
    ],
)
def test_a_second_wish_may_start_with_more_verbs(text: str, parts: list[str]) -> None:
    assert _clauses.clauses(text) == parts


def test_each_of_the_two_wishes_is_planned() -> None:
    assert calls("save #2 and fill us in on #4", **ON_SCREEN) == [
        ("save_home", {"zpid": "z2"}),
        ("get_property_details", {"zpid": "z4"}),
    ]


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("stats on 3", "z3"),
        ("the rundown for 4", "z4"),
        ("more on the second last", "z4"),
        ("the priciest of the lot", "z5"),
        ("cheapest of the results", "z2"),
        ("the listing with the highest price", "z5"),
        ("open the place with the lowest price", "z2"),
    ],
)
def test_a_home_named_by_a_bare_number_or_a_superlative_said_otherwise(
    text: str, zpid: str
) -> None:
    assert calls(text, **ON_SCREEN) == [("get_property_details", {"zpid": zpid})]


def test_a_bare_number_after_a_count_word_is_still_a_count() -> None:
    assert calls("info on 3 bedroom houses in 78745")[0][0] == "search_properties"


def test_a_street_named_by_a_letter_is_an_address() -> None:
    assert calls("what's the story on 3806 Avenue H") == [
        ("get_property_details_by_address", {"address": "3806 Avenue H"})
    ]


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("condos new to market in 78704 this week", 7),
        ("homes that hit market in 78745 in the past 2 days", 2),
        ("anything listd in 78745 this month", 30),
    ],
)
def test_new_listings_said_without_the_or_misspelled(text: str, days: int) -> None:
    assert calls(text)[0][1]["days_on_market_max"] == days


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("our highest price is 410000, note that", [saved("budget_max", "$410,000")]),
        ("two bathrooms at least, please keep that", [saved("baths_min", "2")]),
        ("we only care about Manor", [saved("location", "Manor")]),
        ("remember the condo needs 3 bedrooms", [saved("beds_min", "3")]),
    ],
)
def test_preferences_kept_in_other_words(text: str, expected: list[Any]) -> None:
    assert [c for c in calls(text) if c[0] == "save_search_criteria"] == expected


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("we're not sold on Manchaca anymore, scratch it", "location"),
        ("no more budget", "budget_max"),
    ],
)
def test_a_preference_forgotten_by_its_value_or_no_more(text: str, key: str) -> None:
    assert calls(text, preferences=REMEMBERED) == [("forget_search_criteria", {"key": key})]


def test_a_value_named_in_a_search_is_not_forgotten() -> None:
    found = calls("find condos in Manchaca but drop the pool", preferences=REMEMBERED)
    assert "forget_search_criteria" not in [name for name, _ in found]


def test_new_homes_that_pop_up_are_a_saved_search_not_a_watch() -> None:
    assert calls("ping us if something fresh pops up that fits this", **ON_SCREEN) == [
        ("save_search", {"criteria": LAST})
    ]


def test_my_search_changed_by_naming_the_count_first() -> None:
    assert calls("set the baths on my search to 2", preferences=SAVED_SEARCH, **ON_SCREEN) == [
        ("save_search", {"criteria": {**LAST, "baths_min": 2}})
    ]


def test_my_search_with_none_saved_refines_the_one_on_screen() -> None:
    assert calls("change my search to condos", **ON_SCREEN) == [
        ("search_properties", {**LAST, "property_type": "condo"})
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("keep 78745 as our usual area", [saved("location", "78745")]),
        ("our budget went up, it is 460k now", [saved("budget_max", "$460,000")]),
        ("bump the budget to 475", [saved("budget_max", "$475,000")]),
    ],
)
def test_preferences_said_as_a_default_or_a_budget_before_its_amount(
    text: str, expected: list[Any]
) -> None:
    assert calls(text, preferences=REMEMBERED) == expected


def test_a_price_said_after_a_budget_with_its_own_amount_is_a_filter() -> None:
    found = calls("my budget is 400k, show me houses under 300k in Austin")
    assert found[0] == saved("budget_max", "$400,000")
    assert found[1][1]["price_max"] == 300_000


def test_all_preferences_forgotten_at_once() -> None:
    assert calls("wipe my search preferences", preferences=REMEMBERED) == [
        ("forget_search_criteria", {"key": key}) for key in REMEMBERED
    ]


@pytest.mark.parametrize(
    "text",
    [
        "shut off the emails for that search",
        "we don't want those notifications anymore",
        "unsubscribe me please",
        "pause the saved search for now",
    ],
)
def test_a_saved_search_stopped_in_other_words(text: str) -> None:
    assert calls(text, preferences=SAVED_SEARCH, **ON_SCREEN) == [
        ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745"})
    ]


@pytest.mark.parametrize("text", ["set up notifications for this search", "store this search"])
def test_a_search_saved_in_other_words(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [("save_search", {"criteria": LAST})]


@pytest.mark.parametrize(
    ("text", "criterion", "days"),
    [
        ("condos that are new today in 78704", "days_on_market_max", 1),
        ("houses that just hit the market in Manor", "days_on_market_max", 7),
        ("condos that just came on in 78704 in the past 2 days", "days_on_market_max", 2),
        ("homes posted in the last 3 days in 78745", "days_on_market_max", 3),
        ("homes listed in the past 72 hours in Austin", "days_on_market_max", 3),
        ("any markdowns on condos in 78704", "price_dropped_within_days", 30),
    ],
)
def test_market_words_said_otherwise(text: str, criterion: str, days: int) -> None:
    assert calls(text)[0][1][criterion] == days


def test_shown_homes_that_drop_in_price_are_a_refinement() -> None:
    found = calls("did any of these drop in price lately", **ON_SCREEN)
    assert found == [("search_properties", {**LAST, "price_dropped_within_days": 30})]


@pytest.mark.parametrize(
    "text",
    [
        "when did this place come on the market",
        "how old is that listing",
        "did this one get any price reductions",
        "show me its price history",
        "is it a newly listed home",
    ],
)
def test_the_market_history_of_the_home_in_view_is_its_details(text: str) -> None:
    assert calls(text, focused=SHOWN[2], **ON_SCREEN) == [("get_property_details", {"zpid": "z3"})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'd like you to remember we want a garage", [saved("features", "garage")]),
        ("store that we only want to live in Del Valle", [saved("location", "Del Valle")]),
        ("our max is now 515", [saved("budget_max", "$515,000")]),
        ("save a preference for 2 baths", [saved("baths_min", "2")]),
    ],
)
def test_only_remembered_when_asked_in_other_words(text: str, expected: list[Any]) -> None:
    assert calls(text) == expected


@pytest.mark.parametrize(
    ("text", "key"),
    [("honestly we're open about the area", "location"), ("flexible on price", "budget_max")],
)
def test_open_or_flexible_on_a_preference_forgets_it(text: str, key: str) -> None:
    assert calls(text, preferences=REMEMBERED) == [("forget_search_criteria", {"key": key})]


@pytest.mark.parametrize("text", ["details: 29486087", "info on 29486087", "pull up 29486087 pls"])
def test_an_id_after_a_word_asking_its_details(text: str) -> None:
    assert calls(text) == [("get_property_details", {"zpid": "29486087"})]


@pytest.mark.parametrize(
    "text",
    [
        "keep 475 as my top price going forward",
        "make 475 my top price from now on",
        "remember 475 as my max",
    ],
)
def test_a_ceiling_said_after_its_bare_amount_is_remembered(text: str) -> None:
    assert calls(text) == [saved("budget_max", "$475,000")]


def test_a_ceiling_after_its_amount_bounds_the_search() -> None:
    assert calls("houses in austin, 500 is our limit") == [
        saved("budget_max", "$500,000"),
        (
            "search_properties",
            {"location": "Austin", "property_type": "house", "price_max": 500_000},
        ),
    ]


def test_no_longer_set_on_a_place_never_saved_says_so_and_removes_no_home() -> None:
    found = _conversation.plan_for(
        Conversation(
            text="we're not sold on manor anymore, scratch it", focused=SHOWN[2], **ON_SCREEN
        )
    )
    assert found is not None and found.calls == []
    assert "nothing saved" in found.note


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("hmm ok thx bye", "Goodbye!"),
        ("ok cool, thanx a lot", "You're welcome!"),
        ("oh hi there, what can you do?", "I'm PropSearch"),
    ],
)
def test_small_talk_with_fillers_and_several_kinds_is_answered(text: str, starts: str) -> None:
    found = _conversation.plan_for(Conversation(text=text, **ON_SCREEN))
    assert found is not None and found.calls == [] and found.note.startswith(starts)
