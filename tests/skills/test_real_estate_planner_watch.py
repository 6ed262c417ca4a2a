"""The real_estate planner on saved searches, watches and tour requests (plan level, no I/O):
the issue's phrasings and others, so the keyless offline model understands them."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_planner_watch")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
_replies = importlib.import_module(f"{_PACKAGE.__name__}.replies")
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": str(100 + n), "address": f"{n} Oak St", "price": 300_000 + n} for n in range(1, 6)
]
LAST = {"location": "78704", "beds_min": 3, "sort": "price", "limit": 10}
PREFS = {"watch_102": "price", "search_78704_3bd": '{"beds_min":3,"location":"78704"}'}
ACCOUNT = "my PropSearch account"


def calls(text: str, **context: Any) -> tuple[list[tuple[str, dict[str, Any]]], str]:
    context = {"last_results": SHOWN, "last_criteria": LAST, "preferences": PREFS, **context}
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls], found.note


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "watch this search",
            [("save_search", {"criteria": {"location": "78704", "beds_min": 3}})],
        ),
        ("save this search", [("save_search", {"criteria": {"location": "78704", "beds_min": 3}})]),
        (
            "notify me about new listings like these",
            [("save_search", {"criteria": {"location": "78704", "beds_min": 3}})],
        ),
        (
            "Tell me when a 3-bed house in 78745 under 500k comes up",
            [
                (
                    "save_search",
                    {
                        "criteria": {
                            "beds_min": 3,
                            "location": "78745",
                            "price_max": 500000,
                            "property_type": "house",
                        }
                    },
                )
            ],
        ),
        (
            "let me know if the second one drops in price",
            [("watch_home", {"zpid": "102", "watch": "price"})],
        ),
        ("tell me if the third one sells", [("watch_home", {"zpid": "103", "watch": "status"})]),
        ("let me know when #4 goes pending", [("watch_home", {"zpid": "104", "watch": "status"})]),
        ("keep an eye on the first one", [("watch_home", {"zpid": "101", "watch": "any"})]),
        (  # no time said: any time that suits the agent (the tool says so)
            "I'd like to tour the second one",
            [("request_tour", {"zpid": "102", "contact": "my PropSearch account"})],
        ),
        (
            "stop watching the second one",
            [("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"})],
        ),
        (
            "delete my saved search",
            [("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78704_3bd"})],
        ),
    ],
)
def test_phrasings_become_the_right_calls(text: str, expected: list[Any]) -> None:
    assert calls(text) == (expected, "")


@pytest.mark.parametrize(
    ("text", "context", "note"),
    [
        ("watch this search", {"last_criteria": None, "last_results": []}, "Search first"),
        ("I'd like to tour the second one on 2/30", {}, "There is no 2/30"),
        ("stop watching the first one", {}, "not watching that home"),
        ("let me know if the ninth one drops in price", {}, "only 5"),
    ],
)
def test_what_cannot_be_done_gets_a_note_and_no_call(text: str, context: dict, note: str) -> None:
    found, said = calls(text, **context)
    assert found == [] and note in said


@pytest.mark.parametrize(
    "text",
    [
        "tell me about the second one",
        "show me the second one",
        "3-bed houses in 78704 under 500k",
        "save the second one",
        "what's the price of the first one",
    ],
)
def test_other_messages_are_left_to_the_other_readers(text: str) -> None:
    found, _ = calls(text)
    assert all(name not in ("save_search", "watch_home", "request_tour") for name, _ in found)


@pytest.mark.parametrize(
    ("text", "zpid", "times", "contact"),
    [
        ("I'd like to see the second one on Saturday morning", "102",
         r"Saturday \d+ \w+ \d{4}, 9 am–12 pm", ACCOUNT),
        ("can I tour the first one tomorrow at 2pm? my email is jo@example.com", "101",
         r"\w+day \d+ \w+ \d{4}, 2 pm–3 pm", "jo@example.com"),
        ("schedule a showing of #3 this weekend, call me at 512-555-0100", "103",
         r"(?:Saturday|Sunday) .*, 9 am–6 pm", "512-555-0100"),
    ],
)  # fmt: skip
def test_a_tour_names_its_times_as_dates_in_the_users_zone(
    text: str, zpid: str, times: str, contact: str
) -> None:
    found, note = calls(text, timezone="America/Chicago")
    ((name, args),) = found
    assert (name, args["zpid"], args["contact"], note) == ("request_tour", zpid, contact, "")
    assert re.fullmatch(times + r"(?: or .*)? \(America/Chicago\)", args["times"]), args["times"]


def test_answers_word_each_kept_entry_and_the_handoff() -> None:
    search = {"type": "memory_write", "entry_type": "SEARCH", "key": "search_78704",
              "value": "{}", "criteria": {"location": "78704", "beds_min": 3}, "total": 12}  # fmt: skip
    text = _replies.describe_results(search)
    assert "homes in 78704 with 3+ bedrooms" in text and "12 match today" in text
    watch = {"type": "memory_write", "entry_type": "WATCH", "key": "watch_102", "value": "price",
             "address": "2 Oak St"}  # fmt: skip
    assert _replies.describe_results(watch) == (
        "I'm watching 2 Oak St: I'll tell you when its price changes."
    )
    tour = {"type": "handoff", "kind": "tour", "address": "2 Oak St",
            "details": {"times": "saturday morning", "contact": ACCOUNT}}  # fmt: skip
    said = _replies.describe_results(tour)
    assert "sent your tour request for 2 Oak St (saturday morning)" in said
    assert said.endswith("they will contact you through your PropSearch account.")
    tour["details"]["contact"] = "ana@example.com"
    assert _replies.describe_results(tour).endswith("will contact you at ana@example.com.")


def test_show_my_saved_searches_lists_them_in_words() -> None:
    found, said = calls("show my saved searches")
    assert found == []
    assert said.endswith("- saved search: homes in 78704 with 3+ bedrooms")
    assert "watching 2 Oak St: its price" in said
    _, unshown = calls("show my saved searches", last_results=[])
    assert "a watched home: its price" in unshown and "102" not in unshown
    assert "no saved searches" in calls("what am I watching?", preferences={})[1]


def test_a_stopped_watch_or_search_is_said_without_its_entry_key() -> None:
    for entry_type, key in (("WATCH", "watch_102"), ("SEARCH", "search_78704_3bd")):
        write = {"type": "memory_write", "op": "delete", "entry_type": entry_type, "key": key}
        said = _replies.describe_results(write)
        assert said.startswith("Done: I've stopped your") and key not in said
