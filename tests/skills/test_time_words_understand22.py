"""The time planners on the fifteenth session's ways of naming a zone (phrasings of our own, in
no corpus): a coast ("the west coast") and "central" or "mountain" said last without "time"."""

from __future__ import annotations

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.test_current_time_planner import SKILLS, zone_for

_CONVERT = load_planner(planner_file(SKILLS / "mcp_time"), "mcp_time_planner_u22")
assert _CONVERT is not None


def test_a_coast_names_its_zone() -> None:
    assert zone_for("what time is it on the west coast") == "America/Los_Angeles"
    assert zone_for("time right now east coast?") == "America/New_York"


def test_central_or_mountain_said_last_names_its_zone() -> None:
    assert zone_for("what time is it now in central") == "America/Chicago"
    assert zone_for("local time mountain?") == "America/Denver"


def test_a_coast_is_a_side_of_a_conversion() -> None:
    plan = _CONVERT.plan(
        {
            "text": "convert 9am east coast to west coast",
            "timezone": "UTC",
            "tools": ["mcp_time_convert_time"],
        }
    )
    assert plan is not None
    args = plan["calls"][0]["args"]
    assert (args["source_timezone"], args["target_timezone"]) == (
        "America/New_York",
        "America/Los_Angeles",
    )


def _sides(text: str) -> tuple[str, str, str] | None:
    plan = _CONVERT.plan(
        {"text": text, "timezone": "America/Chicago", "tools": ["mcp_time_convert_time"]}
    )
    if plan is None:
        return None
    args = plan["calls"][0]["args"]
    return args["source_timezone"], args["time"], args["target_timezone"]


def test_one_places_clock_asked_for_me_is_converted_into_my_zone() -> None:
    assert _sides("whats 4pm rome time for me") == ("Europe/Rome", "16:00", "America/Chicago")
    assert _sides("11am lisbon time is what o'clock here") == (
        "Europe/Lisbon",
        "11:00",
        "America/Chicago",
    )


def test_a_clock_said_as_mine_stays_the_source() -> None:
    assert _sides("when it's 7am here what time is it in rome") == (
        "America/Chicago",
        "07:00",
        "Europe/Rome",
    )
