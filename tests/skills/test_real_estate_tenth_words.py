"""The planners on the tenth session's ways of saying a wish (phrasings of our own, in no
corpus): a visit asked for with no time named is requested for any time that suits the agent;
a visit said over sentences (the wish, then the time, then "you can email me at ...") is one
request with its time and contact, the contact never read as asking for alerts."""

from __future__ import annotations

import importlib
from typing import Any

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_tenth_words")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
one_visit_each = importlib.import_module(f"{_PACKAGE.__name__}.tour_request").one_visit_each
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": f"z{n}", "address": f"{n}00 Elm Cv, Austin, TX 78745", "price": 350_000 + n}
    for n in range(1, 6)
]
ON_SCREEN = {"last_results": SHOWN, "last_criteria": {"location": "78745"}}
ACCOUNT = "my PropSearch account"


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def test_a_visit_with_no_time_named_is_requested_for_the_agent_to_time() -> None:
    assert calls("book a viewing of the 4th for us", **ON_SCREEN) == [
        ("request_tour", {"zpid": "z4", "contact": ACCOUNT})
    ]


def test_a_visit_said_in_sentences_is_one_request_with_its_time_and_contact() -> None:
    for contact in ["You can email me at kim@example.org", "text me on 512 555 0142"]:
        found = calls(
            f"we would love to step inside the 2nd one. Is friday at 11am possible? {contact}",
            **ON_SCREEN,
        )
        assert [name for name, _ in found] == ["request_tour"], found
        args = found[0][1]
        assert args["zpid"] == "z2" and args["contact"] in contact
        assert args["times"].startswith("Friday ") and ", 11 am–12 pm (UTC)" in args["times"]


def test_a_home_toured_by_two_clauses_is_one_request_with_what_either_said() -> None:
    friday = "Friday 4 December 2026, 11 am–12 pm (UTC)"
    joined = one_visit_each(
        [
            ("request_tour", {"zpid": "z2", "contact": ACCOUNT}),
            ("save_home", {"zpid": "z2"}),
            ("request_tour", {"zpid": "z2", "times": friday, "contact": ACCOUNT}),
            ("request_tour", {"zpid": "z3", "contact": "kim@example.org"}),
        ]
    )
    assert joined == [
        ("request_tour", {"zpid": "z2", "contact": ACCOUNT, "times": friday}),
        ("save_home", {"zpid": "z2"}),
        ("request_tour", {"zpid": "z3", "contact": "kim@example.org"}),
    ]
