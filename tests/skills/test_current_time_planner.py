"""current_time's planner: a time question in the zone of the place it names, else the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.skills.planner_host import load_planner, planner_file

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
