"""The check of a call reads the message as the plan did (its intents included), so the
planner never corrects its own call: real_estate's planner process, the real intent matcher."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from agent_graph.planning.planners import Planners
from agent_graph.planning.view import Facts, TurnView
from agent_graph.understanding.intents import Intent
from agent_graph.understanding.matcher import IntentMatcher
from tests.skills.real_estate_fakes import SKILL_DIR

SEARCH, DETAILS = "search_properties", "get_property_details"
HOME = {"zpid": "111", "address": "1 Oak St, Austin", "price": 450000, "beds": 3}
CRITERIA = {"location": "Austin", "beds_min": 2, "price_max": 500000, "near": "downtown"}
SHOWN = (
    (SEARCH, {"type": "listings", "criteria": CRITERIA, "items": [HOME]}),
    (DETAILS, {"type": "detail", "items": [{**HOME, "property_type": "SINGLE_FAMILY"}]}),
)
INTENTS = [
    Intent("real_estate", "similar_homes", ("cheaper ones please",), SEARCH),
    Intent("real_estate", "search_homes", ("three bedroom houses in Dallas",), SEARCH),
]
"""The message's nearest intent is `similar_homes` (the words alone refine the last search)."""


@pytest.fixture
def planners() -> Iterator[Planners]:
    found = Planners.from_folders([SKILL_DIR])
    yield dataclasses.replace(found, understanding=IntentMatcher(INTENTS))
    found.close()


def test_a_plan_an_intent_chose_is_not_corrected_by_the_check_of_that_call(
    planners: Planners,
) -> None:
    owners = {SEARCH: "real_estate", DETAILS: "real_estate"}
    facts = Facts(owners=owners, heard=frozenset({"real_estate"}))
    view = TurnView("cheaper ones please", (SEARCH, DETAILS), SHOWN, (), facts)
    plan = planners.plan(view)
    assert plan is not None
    [call] = plan["calls"]
    assert call["name"] == SEARCH and call["args"]["like_zpid"] == "111"  # the intent's plan
    assert "beds_min" not in call["args"]  # what a words-only re-plan would add back
    assert planners.corrections(view.with_call(SEARCH, call["args"])) == []
