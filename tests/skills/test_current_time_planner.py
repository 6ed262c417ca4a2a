"""current_time's planner: a time question in the zone of the place it names, else the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.planning.host import load_planner, planner_file

SKILL = Path(__file__).resolve().parents[2] / "skills" / "current_time"
_PLANNER = load_planner(planner_file(SKILL), "current_time_planner_test")
assert _PLANNER is not None


def zone_for(text: str) -> str | None:
    plan = _PLANNER.plan(
        {"text": text, "timezone": "America/Chicago", "tools": ["get_current_time"]}
    )
    return None if plan is None else plan["calls"][0]["args"]["timezone"]


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("What time is it in Tokyo right now?", "Asia/Tokyo"),
        ("what's the time in New York City", "America/New_York"),
        ("Current time in London please", "Europe/London"),
        ("what time is it?", "America/Chicago"),
        ("what time is it in the morning there", "America/Chicago"),
    ],
)
def test_the_zone_is_the_named_place_or_the_users_own(text: str, zone: str) -> None:
    assert zone_for(text) == zone


def test_a_place_it_cannot_place_is_left_to_the_model() -> None:
    assert zone_for("What time is it in Springfield?") is None


@pytest.mark.parametrize(
    ("text", "zones"),
    [
        ("time in lisbon?", ["Europe/Lisbon"]),
        ("whats the time in berln right now", ["Europe/Berlin"]),
        ("which hour is it now in Mumbai", ["Asia/Kolkata"]),
        ("what time is it in Austin and in Tokyo", ["America/Chicago", "Asia/Tokyo"]),
    ],
)
def test_places_in_any_case_misspelt_or_outside_zone_names_and_several(
    text: str, zones: list[str]
) -> None:
    plan = _PLANNER.plan({"text": text, "timezone": "UTC", "tools": ["get_current_time"]})
    assert plan is not None
    assert [c["args"]["timezone"] for c in plan["calls"]] == zones


def test_a_clock_time_is_a_conversion_left_to_its_skill() -> None:
    turn = {"timezone": "UTC", "tools": ["get_current_time"]}
    assert _PLANNER.plan({**turn, "text": "when it's 4pm in Rome what time is it in Lima"}) is None
