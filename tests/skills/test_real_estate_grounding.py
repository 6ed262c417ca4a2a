"""Grounding (planner/check.py): a search call a real model made, read against the user's own
words: invented features and a ceiling sent as a floor get a precise correction; calls the
words, the current search or the saved preferences support pass untouched."""

from __future__ import annotations

from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PLANNER = load_planner(planner_file(SKILL_DIR), "real_estate_planner_grounding")
assert _PLANNER is not None
EVERY_FEATURE = ["pool", "community_pool", "garage", "view", "spa", "waterfront", "fireplace"]


def check(text: str, args: dict[str, Any], **turn: Any) -> list[str] | None:
    call = {"name": "search_properties", "args": args}
    return _PLANNER.check({"text": text, "call": call, "earlier": [], **turn})


def test_features_nobody_asked_for_are_corrected_by_name() -> None:
    said = check(
        "3 bed houses in Austin with a big backyard and an updated kitchen",
        {"location": "Austin", "beds_min": 3, "features": EVERY_FEATURE},
    )
    assert said is not None and len(said) == 1
    assert said[0].startswith("features: the user did not ask for pool, community_pool")


def test_a_ceiling_sent_as_a_floor_is_corrected() -> None:
    said = check(
        "Find houses in Austin with at least 3 bedrooms under $500,000.",
        {"location": "Austin", "beds_min": 3, "price_min": 500_000},
    )
    assert said == ["price_min: the user said at most $500,000: that is price_max, not price_min"]


@pytest.mark.parametrize(
    ("text", "args", "turn"),
    [
        ("houses with a pool and a garage", {"features": ["pool", "garage"]}, {}),
        ("3 bed houses in Austin under 500k", {"beds_min": 3, "price_max": 500_000}, {}),
        ("homes over $400k", {"price_min": 400_000}, {}),
        (
            "same but cheaper",
            {"features": ["pool"], "price_max": 400_000},
            {"earlier": [{"type": "listings", "items": [], "criteria": {"features": ["pool"]}}]},
        ),
        (
            "show me what's available",
            {"features": ["garage"]},
            {"preferences": {"features": "garage"}},
        ),
    ],
)
def test_calls_the_conversation_supports_pass(text: str, args: dict, turn: dict) -> None:
    assert check(text, args, **turn) is None


def test_other_tools_are_not_checked() -> None:
    turn = {"text": "hi", "call": {"name": "compare_properties", "args": {"zpids": ["1", "2"]}}}
    assert _PLANNER.check(turn) is None


def test_a_bound_the_user_stated_and_the_call_left_out_is_corrected() -> None:
    said = check(
        "Find houses in Austin with at least 3 bedrooms under $500,000.",
        {"location": "Austin", "beds_min": 3, "property_type": "house"},
    )
    assert said == ["price_max: the user said at most $500,000; add price_max: 500000"]


def _details(text: str, zpid: str, **turn: Any) -> list[str] | None:
    call = {"name": "get_property_details", "args": {"zpid": zpid}}
    return _PLANNER.check({"text": text, "call": call, "earlier": [], **turn})


SHOWN = {
    "type": "listings",
    "criteria": {},
    "items": [{"zpid": "111", "address": "1 A St"}, {"zpid": "222", "address": "2 B St"}],
}


def test_a_details_call_for_a_zpid_never_shown_is_corrected_with_the_homes_shown() -> None:
    said = _details("tell me more about the second one", "29324909", earlier=[SHOWN])
    assert said == [
        "zpid: 29324909 is not among the homes shown; they are: 1 = 111 (1 A St); 2 = 222 (2 B St)"
    ]
    assert _details("the second one", "29324909") == [
        "zpid: 29324909 was never shown; search first, or ask which home the user means"
    ]


@pytest.mark.parametrize(
    ("text", "zpid", "turn"),
    [
        ("tell me more about the second one", "222", {"earlier": [SHOWN]}),
        ("and the first of those", "111", {"this_turn": [SHOWN]}),
        ("Show me the details for the listing with zpid 1.", "1", {}),
    ],
)
def test_details_of_a_home_shown_or_named_pass(text: str, zpid: str, turn: dict) -> None:
    assert _details(text, zpid, **turn) is None


def test_a_saved_budget_left_out_of_a_search_naming_no_price_is_corrected() -> None:
    saved = {"preferences": {"budget_max": "$400,000"}}
    said = check("Show me houses in Austin.", {"location": "Austin"}, **saved)
    assert said == ["price_max: the user's saved budget is at most $400,000; add price_max: 400000"]
    assert check("Show me houses in Austin.", {"price_max": 400_000}, **saved) is None
    assert check("Houses in Austin over $600k", {"price_min": 600_000}, **saved) is None


SEARCHED = {
    "type": "listings",
    "items": [{"zpid": "111", "address": "1 A St", "price": 450_000}],
    "criteria": {
        "location": "Austin",
        "beds_min": 3,
        "property_type": "house",
        "price_max": 500_000,
    },
}


def test_a_refinement_that_drops_a_bound_of_the_current_search_is_corrected() -> None:
    moved = {"location": "Austin", "beds_min": 3, "near": "downtown", "sort": "distance"}
    said = check("Same but closer to downtown.", moved, earlier=[SEARCHED])
    assert said == [
        "price_max: the current search has price_max 500000 and this message does not change "
        "it; add price_max: 500000"
    ]
    assert (
        check("Same but closer to downtown.", {**moved, "price_max": 500_000}, earlier=[SEARCHED])
        is None
    )


def test_more_results_keep_the_search_and_turn_the_page() -> None:
    again = {"location": "Austin", "beds_min": 3, "property_type": "house"}
    said = check("Show me more.", again, earlier=[SEARCHED])
    assert said is not None and [s.split(":")[0] for s in said] == ["price_max", "page"]
    assert said[1] == "page: the user asked for more results of the current search; add page: 2"


def test_an_exclusion_the_user_stated_and_the_call_left_out_is_corrected() -> None:
    said = check("Show me homes in Austin under $400k, but no condos.", {"price_max": 400_000})
    assert said == [
        "exclude_types: the user's message asks for exclude_types ['condo']; "
        "add exclude_types: ['condo']"
    ]


def test_a_new_search_keeps_nothing_of_the_last_one() -> None:
    fresh = {"location": "Round Rock", "beds_min": 4}
    assert check("New search: 4 bed houses in Round Rock", fresh, earlier=[SEARCHED]) is None


def check_save(text: str, key: str, value: str, entry_type: str = "PREFERENCE") -> list[str] | None:
    call = {
        "name": "save_search_criteria",
        "args": {"entry_type": entry_type, "key": key, "value": value},
    }
    return _PLANNER.check({"text": text, "call": call, "earlier": [], "preferences": {}})


@pytest.mark.parametrize(
    ("text", "key", "value", "entry_type"),
    [  # searches a small model saved instead (untuned wordings of the local-model eval)
        (
            "We want a backyard pool. Houses in Austin up to 600 thousand?",
            "budget_max",
            "$600,000",
            "PREFERENCE",
        ),
        (
            "Anything in Austin under 400k except condominiums?",
            "exclude_property_type",
            "condo",
            "DECISION",
        ),
        ("3 or 4 bedroom homes in Austin, $300k to $450k", "location", "Austin", "PREFERENCE"),
    ],
)
def test_a_preference_saved_from_a_search_is_corrected_toward_the_search(
    text: str, key: str, value: str, entry_type: str
) -> None:
    said = check_save(text, key, value, entry_type)
    assert said is not None and len(said) == 1
    assert key in said[0] and "search_properties" in said[0]


@pytest.mark.parametrize(
    ("text", "key", "value", "entry_type"),
    [
        (
            "Please remember that my budget is at most $400,000.",
            "budget_max",
            "$400,000",
            "PREFERENCE",
        ),
        ("my budget is $450k", "budget_max", "$450,000", "PREFERENCE"),
        ("We're looking in Pflugerville", "location", "Pflugerville", "PREFERENCE"),
        ("never show me condos", "exclude_property_type", "condo", "DECISION"),
        ("Save the first one.", "home_123", "123", "SAVED"),
    ],
)
def test_a_save_the_words_ask_for_passes(text: str, key: str, value: str, entry_type: str) -> None:
    assert check_save(text, key, value, entry_type) is None


@pytest.mark.parametrize(
    "text",
    [
        "Is a townhouse the same thing as a condo?",
        "What is the difference between a condo and a townhouse?",
    ],
)
def test_a_search_for_a_question_about_words_is_corrected(text: str) -> None:
    said = check(text, {"location": "Austin", "property_type": "condo"})
    assert said is not None and len(said) == 1 and "without calling search_properties" in said[0]


def test_a_search_that_mentions_a_kind_of_home_is_not_a_question_about_words() -> None:
    assert (
        check(
            "Show me condos in Austin under $300k",
            {"location": "Austin", "property_type": "condo", "price_max": 300_000},
        )
        is None
    )
