"""The real_estate planner on saved homes, comparison and forgetting (plan level, no I/O)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_planner")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
_replies = importlib.import_module(f"{_PACKAGE.__name__}.replies")
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": str(100 + n), "address": f"{n} Oak St", "price": 300_000 + n} for n in range(1, 6)
]
SAVED = {"home_101": "1 Oak St · $300,001", "home_103": "3 Oak St · $300,003"}
PREFS = {**SAVED, "budget_max": "$400,000", "budget_min": "$200,000"}


def calls(text: str, **context: Any) -> tuple[list[tuple[str, dict[str, Any]]], str]:
    context = {"last_results": SHOWN, "preferences": PREFS, **context}
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls], found.note


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("save the second one", [("save_home", {"zpid": "102"})]),
        ("please save #4", [("save_home", {"zpid": "104"})]),
        ("add the cheapest one to my favorites", [("save_home", {"zpid": "101"})]),
        ("show my saved homes", [("get_saved_homes", {"zpids": ["101", "103"]})]),
        ("what have I saved?", [("get_saved_homes", {"zpids": ["101", "103"]})]),
        ("my favorites", [("get_saved_homes", {"zpids": ["101", "103"]})]),
        ("remove the third one", [("remove_saved_home", {"zpid": "103"})]),
        (
            "remove all my saved homes",
            [("remove_saved_home", {"zpid": "101"}), ("remove_saved_home", {"zpid": "103"})],
        ),
        ("compare the first two", [("compare_properties", {"zpids": ["101", "102"]})]),
        ("compare 1 and 3", [("compare_properties", {"zpids": ["101", "103"]})]),
        ("compare the second and fourth", [("compare_properties", {"zpids": ["102", "104"]})]),
        ("compare my saved homes", [("compare_properties", {"zpids": ["101", "103"]})]),
        ("first two side by side", [("compare_properties", {"zpids": ["101", "102"]})]),
        (
            "forget my budget",
            [
                ("forget_search_criteria", {"key": "budget_max"}),
                ("forget_search_criteria", {"key": "budget_min"}),
            ],
        ),
    ],
)
def test_saved_home_requests_become_tool_calls(text: str, expected: list) -> None:
    assert calls(text) == (expected, "")


@pytest.mark.parametrize(
    "text", ["we're flexible on budget now, clear it", "we are open about the budget, drop it"]
)
def test_it_after_a_preference_one_is_flexible_on_is_that_preference(text: str) -> None:
    assert calls(text) == (
        [
            ("forget_search_criteria", {"key": "budget_max"}),
            ("forget_search_criteria", {"key": "budget_min"}),
        ],
        "",
    )


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("the 2nd one looks nice, what else can you tell me", "102"),
        ("what else do you know on 4?", "104"),
    ],
)
def test_what_else_about_a_home_asks_its_details_not_the_next_page(text: str, zpid: str) -> None:
    shown = {"last_criteria": {"location": "78745"}}
    assert calls(text, **shown) == ([("get_property_details", {"zpid": zpid})], "")


def test_what_else_alone_is_the_next_page() -> None:
    found, _ = calls("what else can you show me", last_criteria={"location": "78745"})
    assert found == [("search_properties", {"location": "78745", "page": 2})]


def test_it_is_the_focused_home_and_compare_keeps_the_landmark() -> None:
    assert calls("save it", focused=SHOWN[2])[0] == [("save_home", {"zpid": "103"})]
    assert calls("remove it", focused=SHOWN[0])[0] == [("remove_saved_home", {"zpid": "101"})]
    near = calls("compare the first two", last_criteria={"near": "downtown"})[0]
    assert near == [("compare_properties", {"zpids": ["101", "102"], "near": "downtown"})]


@pytest.mark.parametrize(
    ("text", "context", "note"),
    [
        ("save it", {}, "Which one?"),
        ("remove the second one", {}, "isn't in your saved homes"),
        ("show my saved homes", {"preferences": {}}, "haven't saved any homes"),
        ("remove all my saved homes", {"preferences": {}}, "no saved homes"),
        ("forget my location", {}, "nothing saved"),
        ("compare them all", {"last_results": SHOWN[:1]}, "which homes to compare"),
        ("save the ninth one", {}, "only 5 results"),
    ],
)
def test_what_cannot_be_done_is_said_without_a_call(text: str, context: dict, note: str) -> None:
    found, said = calls(text, **context)
    assert found == [] and note in said


@pytest.mark.parametrize(
    "text",
    [
        "remove the pool requirement",
        "drop the price limit",
        "take a look at the second one",
        "keep the same budget but 4 beds",
        "save my search for 3 bed houses",
        "no condos",
    ],
)
def test_other_requests_are_not_taken_for_saved_home_requests(text: str) -> None:
    found, _ = calls(text, last_criteria={"location": "Austin"})
    assert not {name for name, _ in found} & {
        "save_home",
        "remove_saved_home",
        "get_saved_homes",
        "compare_properties",
        "forget_search_criteria",
    }


def test_answers_for_saved_homes_comparison_and_a_declined_confirmation() -> None:
    saved = {"type": "memory_write", "entry_type": "SAVED", "key": "home_1", "value": "1 Oak St"}
    assert _replies.describe_results(saved) == "Saved 1 Oak St to your saved homes."
    removed = {**saved, "op": "delete", "value": None, "zpid": "1"}
    assert _replies.describe_results(removed) == "Removed home 1 from your saved homes."
    table = {
        "type": "comparison",
        "items": SHOWN[:2],
        "rows": [{"field": "price", "label": "Price", "values": [1, 2], "best": 0}],
    }
    text = _replies.describe_results(table)
    assert "2 homes side by side" in text and "#1 has the lowest price" in text
    declined = _replies.describe_error("remove_saved_home", "Cancelled: the user declined (x)")
    assert declined == "OK, I've left it as it was: nothing was changed."
