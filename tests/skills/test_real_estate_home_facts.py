"""Criteria the data supports beyond beds and price (planner/facts.py, criteria.py): schools,
garage spaces, stories, lot size, year built and no HOA, from what people type to the echoed
criteria; a message that contradicts itself gets a question, not a search."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from criteria import parse_criteria
from skill_runtime import ToolError

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_planner_facts")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")

PHRASES: list[tuple[str, dict[str, Any]]] = [
    ("3 bed house in Austin with good schools", {"school_rating_min": 7, "beds_min": 3}),
    ("homes near great schools", {"school_rating_min": 8}),
    ("school rating 6 or better, 2 baths", {"school_rating_min": 6, "baths_min": 2}),
    ("single story house with a 2-car garage", {"stories_max": 1, "garage_spaces_min": 2}),
    ("a ranch-style home with a garage for three cars", {"stories_max": 1, "garage_spaces_min": 3}),
    ("two-story houses under 400k", {"stories_min": 2, "price_max": 400_000}),
    ("big backyard, 3 bedrooms", {"lot_size_min": 10_000, "beds_min": 3}),
    ("a house on half an acre", {"lot_size_min": 21_780}),
    ("house on a 12,000 sq ft lot", {"lot_size_min": 12_000}),
    ("homes built after 2010 with no HOA", {"year_built_min": 2011, "no_hoa": True}),
    ("condos built in 2015 or later", {"year_built_min": 2015}),
    ("HOA-free townhomes in 78704", {"no_hoa": True, "location": "78704"}),
]


@pytest.mark.parametrize(("text", "expected"), PHRASES, ids=[t for t, _ in PHRASES])
def test_what_people_type_becomes_the_search_criteria(text: str, expected: dict) -> None:
    planned = _conversation.plan_for(_conversation.Conversation(text=text))
    search = planned.calls[-1]
    assert search.name == "search_properties"
    assert search.args.items() >= expected.items()
    assert parse_criteria(search.args).echo().items() >= expected.items()  # the tool accepts it


def test_a_message_that_contradicts_itself_gets_a_question() -> None:
    planned = _conversation.plan_for(
        _conversation.Conversation(text="a single story house with 3 stories")
    )
    assert planned.calls == []
    assert "Single story or 3 stories" in planned.note


def test_refining_adds_a_fact_and_keeps_the_rest() -> None:
    last = {"location": "Austin", "beds_min": 3, "price_max": 450_000, "stories_min": 2}
    conv = _conversation.Conversation(
        text="same but single story with good schools", last_criteria=last
    )
    args = _conversation.plan_for(conv).calls[-1].args
    assert args["stories_max"] == 1 and "stories_min" not in args
    assert args["school_rating_min"] == 7
    assert args["beds_min"] == 3 and args["price_max"] == 450_000


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"stories_min": 3, "stories_max": 1}, "stories_min is greater than stories_max"),
        ({"no_hoa": "yes"}, "no_hoa must be true or false"),
        ({"school_rating_min": 11}, "school_rating_min must be between 0 and 10"),
        ({"year_built_min": 2010.5}, "year_built_min must be a whole number"),
    ],
)
def test_bad_criteria_are_clear_errors(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ToolError, match=message):
        parse_criteria(params)


def test_the_echo_names_only_what_was_asked() -> None:
    echoed = parse_criteria({"no_hoa": False, "lot_size_min": 10_000}).echo()
    assert "no_hoa" not in echoed and echoed["lot_size_min"] == 10_000
