"""Between the rules and the nearest intent (planner/arbitration.py): a message the recognizers
plan nothing for is planned by its leading intent's own recognizer, which still reads what the
state allows; wherever the rules plan, they decide."""

from __future__ import annotations

import importlib
from typing import Any

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_arbitration")
arbitration = importlib.import_module(f"{_PACKAGE.__name__}.arbitration")
recognizers = importlib.import_module(f"{_PACKAGE.__name__}.recognizers")
conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
Conversation = conversation.Conversation
Ranking = importlib.import_module(f"{_PACKAGE.__name__}.plans").Ranking

HOMES = [
    {"zpid": "29000001", "address": "5200 Buffalo Pass, Austin, TX 78745", "price": 350_000},
    {"zpid": "29000002", "address": "2509 Cockburn Dr, Austin, TX 78745", "price": 269_900},
]
OPEN_HOME = {"focused": HOMES[0], "last_results": HOMES, "last_criteria": {"location": "78745"}}
VAGUE = "what's the story with this place"
"""Words the rules read no wish in: no position, no detail word they know."""


def calls(found: Any) -> list[tuple[str, dict[str, Any]]]:
    assert found is not None
    return [(c.name, c.args) for c in found.calls]


def test_the_rules_alone_ask_back_for_words_they_read_no_wish_in() -> None:
    unsure = Conversation(VAGUE, intents=[("home_details", 0.3), ("greeting", 0.2)], **OPEN_HOME)
    found = conversation.plan_for(unsure)
    assert found is not None and found.calls == [] and found.note


def test_a_message_the_rules_miss_is_planned_as_the_intent_it_leads_to() -> None:
    sure = Conversation(VAGUE, intents=[("home_details", 0.45), ("greeting", 0.2)], **OPEN_HOME)
    assert calls(conversation.plan_for(sure)) == [("get_property_details", {"zpid": "29000001"})]


def test_an_intent_that_does_not_lead_by_the_margin_is_not_planned() -> None:
    close = [("home_details", 0.45), ("similar_homes", 0.44)]
    assert arbitration.leading_intent(Conversation(VAGUE, intents=close, **OPEN_HOME)) is None
    nearer_elsewhere = Conversation(VAGUE, intents=[("home_details", 0.45)], elsewhere=0.6)
    assert arbitration.leading_intent(nearer_elsewhere) is None


def test_a_position_with_no_results_on_screen_still_asks_back() -> None:
    found = recognizers.plan_as("home_details", Conversation("the second one"))
    assert found is not None and found.calls == []
    assert "second" in found.note or "Which" in found.note or "search" in found.note


def test_the_rules_decide_wherever_they_plan_whatever_the_intent_says() -> None:
    sure_of_a_page = Conversation("tell me about the second one", intents=[("next_page", 0.9)],
                                  **OPEN_HOME)  # fmt: skip
    assert recognizers.plan_as("next_page", sure_of_a_page) is None
    assert calls(conversation.plan_for(sure_of_a_page)) == [
        ("get_property_details", {"zpid": "29000002"})
    ]


def test_each_intent_planner_is_callable_alone_and_an_answer_intent_has_none() -> None:
    shown = Conversation("keep that second house for me", **OPEN_HOME)
    assert calls(recognizers.plan_as("save_home", shown)) == [("save_home", {"zpid": "29000002"})]
    assert recognizers.plan_as("greeting", shown) is None


SAVED = ("save_home", {"zpid": "29000002"})
WANDER = "could we have a nose about in it on sunday"
"""A tour in words the rules do not know for one: they read "it" as the home to open."""
PARTS = (
    Ranking("save the 2nd one", [("save_home", 0.7), ("watch_home", 0.4)]),
    Ranking(WANDER, [("request_tour", 0.62), ("watch_home", 0.3)]),
)
"""The platform's ranking of each part of the messages below (planning/planners.py)."""


def test_a_clause_only_its_intent_recognizes_is_planned_beside_the_other() -> None:
    text = f"save the 2nd one, then {WANDER}"
    words_only = conversation.plan_for(Conversation(text, **OPEN_HOME))
    assert words_only is None or "request_tour" not in [c.name for c in words_only.calls]
    found = calls(conversation.plan_for(Conversation(text, parts=PARTS, **OPEN_HOME)))
    assert [name for name, _ in found] == ["save_home", "request_tour"]
    assert found[0] == SAVED and found[1][1]["zpid"] == "29000002"


RECALL = "what was the max price I gave you"


def test_a_question_about_what_was_said_recalls_the_saved_preferences_in_words() -> None:
    near_recall = [("recall_preferences", 0.84), ("remember_preference", 0.48)]
    saved = {"budget_max": "$450,000", "location": "Round Rock", "beds_min": "3"}
    found = conversation.plan_for(Conversation(RECALL, intents=near_recall, preferences=saved))
    assert found is not None and found.calls == [] and found.no_tools
    assert "$450,000" in found.note and "Round Rock" in found.note and "3 bedrooms" in found.note
    nothing = conversation.plan_for(Conversation(RECALL, intents=near_recall))
    assert nothing is not None and nothing.calls == [] and "haven't told me" in nothing.note


KEEP = "this place goes in the maybe pile"
"""Keeping a home in words the rules read no wish in ("hang onto this place" and "a keeper"
they now read)."""
NOT_LEADING = [("save_home", 0.39), ("similar_homes", 0.38)]
"""Its nearest examples: no intent leads (under LEAD, within the margin)."""


def test_a_message_the_rules_leave_is_planned_as_the_classifiers_likeliest_intent() -> None:
    unsure = conversation.plan_for(Conversation(KEEP, intents=NOT_LEADING, **OPEN_HOME))
    assert unsure is not None and unsure.calls == []
    likely = [("save_home", 0.9), ("similar_homes", 0.05)]
    sure = Conversation(KEEP, intents=NOT_LEADING, learned=likely, **OPEN_HOME)
    assert calls(conversation.plan_for(sure)) == [("save_home", {"zpid": "29000001"})]


def test_the_classifier_under_its_gate_or_likelier_elsewhere_names_no_intent() -> None:
    gate = arbitration.GATE
    assert arbitration.learned_intent(Conversation(KEEP, learned=[("save_home", gate)])) == (
        "save_home"
    )
    under = Conversation(KEEP, learned=[("save_home", gate - 0.01)])
    elsewhere = Conversation(KEEP, learned=[("save_home", gate)], learned_elsewhere=gate + 0.01)
    assert arbitration.learned_intent(under) is None
    assert arbitration.learned_intent(elsewhere) is None


def test_the_rules_decide_wherever_they_plan_whatever_the_classifier_says() -> None:
    sure_of_saving = Conversation("tell me about the second one", learned=[("save_home", 0.99)],
                                  **OPEN_HOME)  # fmt: skip
    assert calls(conversation.plan_for(sure_of_saving)) == [
        ("get_property_details", {"zpid": "29000002"})
    ]
