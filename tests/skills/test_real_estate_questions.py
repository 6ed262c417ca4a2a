"""The real_estate planner's `confirm`: the yes/no before a forget or a tour request in words,
for any model's call (issue 47, items 1 and 5): never an entry key or a zpid, and a tour's
times as the dates and hours the tool will send."""

from __future__ import annotations

import re
from typing import Any

from tests.skills.test_real_estate_planner_watch import _PACKAGE

confirm = _PACKAGE.confirm
HOME = {"zpid": "29401984", "address": "2509 Cockburn Dr, Austin, TX 78745", "price": 400000}
SHOWN = [{"type": "listings", "items": [HOME]}]
KEYS = re.compile(r"\b(search|watch|home)_\w+|\b\d{6,}\b")
SLOT = re.compile(r"\((Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d{1,2} \w+ \d{4}, 9 am–12 pm")


def _turn(name: str, args: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"call": {"name": name, "args": args}, "earlier": SHOWN, "this_turn": [], **more}


def test_a_hosted_models_tour_call_is_asked_with_its_dates_in_the_calls_zone() -> None:
    args = {"zpid": "29401984", "times": "saturday morning", "contact": "jo@example.com"}
    asked = confirm(_turn("request_tour", {**args, "timezone": "America/Chicago"}))
    assert asked.startswith(f"Send a tour request for {HOME['address']} (Saturday ")
    assert SLOT.search(asked) and "(America/Chicago))" in asked
    assert asked.endswith("to an agent (contact: jo@example.com)?")
    assert not KEYS.search(asked)
    assert confirm(_turn("request_tour", {**args, "times": "sometime soon"})) is None


def test_a_tour_with_no_time_is_asked_as_any_time_that_suits_the_agent() -> None:
    for args in [{"zpid": "29401984"}, {"zpid": "29401984", "times": "whenever suits"}]:
        asked = confirm(_turn("request_tour", args))
        assert asked == (
            f"Send a tour request for {HOME['address']} (any time that suits the agent) to an "
            "agent (contact: my PropSearch account)?"
        )


def test_a_forget_names_the_entry_by_what_it_holds() -> None:
    kept = {
        "budget_max": "$450,000",
        "search_78745_house_3bd": '{"location": "78745", "beds_min": 3, "property_type": "house"}',
    }
    asked = [
        confirm(_turn("forget_search_criteria", args, preferences=kept))
        for args in [
            {"key": "budget_max"},
            {"key": "search_78745_house_3bd", "entry_type": "SEARCH"},
            {"key": "watch_29401984", "entry_type": "WATCH"},
            {"key": "watch_1", "entry_type": "WATCH"},
        ]
    ]
    assert asked == [
        "Forget your budget ($450,000)?",
        "Forget your saved search for houses in 78745 with 3+ bedrooms and stop its alerts?",
        f"Stop watching {HOME['address']}?",
        "Stop watching this home?",
    ]
    assert confirm(_turn("save_home", {"zpid": "29401984"})) is None
