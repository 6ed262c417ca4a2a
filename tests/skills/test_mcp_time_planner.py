"""The mcp_time skill's offline planner (C2), loaded by file path as the core loads it."""

from __future__ import annotations

import importlib.util
from types import ModuleType
from typing import Any

import pytest

from tests.skill_env import SKILLS_DIR

TOOLS = ["get_current_time", "mcp_time_get_current_time", "mcp_time_convert_time"]


def _load() -> ModuleType:
    path = SKILLS_DIR / "mcp_time" / "planner.py"
    spec = importlib.util.spec_from_file_location("mcp_time_planner", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


planner = _load()


def turn(text: str, **extra: Any) -> dict[str, Any]:
    return {"text": text, "timezone": "America/Chicago", "tools": TOOLS, "earlier": [], **extra}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "Convert 3pm New York time to Tokyo",
            {
                "source_timezone": "America/New_York",
                "time": "15:00",
                "target_timezone": "Asia/Tokyo",
            },
        ),
        (
            "what is 9:30 in London in Sydney time?",
            {
                "source_timezone": "Europe/London",
                "time": "09:30",
                "target_timezone": "Australia/Sydney",
            },
        ),
        (
            "convert 12am to Berlin time",
            {
                "source_timezone": "America/Chicago",
                "time": "00:00",
                "target_timezone": "Europe/Berlin",
            },
        ),
    ],
)
def test_conversions_are_planned(text: str, args: dict[str, str]) -> None:
    assert planner.plan(turn(text)) == {
        "calls": [{"name": "mcp_time_convert_time", "args": args}],
        "note": "",
    }


@pytest.mark.parametrize(
    "text",
    [
        "what time is it in Tokyo?",
        "find me a 3-bed house in Austin under $500k",
        "convert 3 bedrooms to central Austin time",
    ],
)
def test_other_messages_are_left_alone(text: str) -> None:
    assert planner.plan(turn(text)) is None


def test_not_planned_without_the_tool() -> None:
    assert planner.plan(turn("Convert 3pm New York time to Tokyo", tools=[])) is None


def test_answer_reads_both_sides() -> None:
    result = {
        "source": {
            "timezone": "America/New_York",
            "datetime": "2026-11-24T15:00:00-05:00",
            "day_of_week": "Tuesday",
        },
        "target": {
            "timezone": "Asia/Tokyo",
            "datetime": "2026-11-25T05:00:00+09:00",
            "day_of_week": "Wednesday",
        },
        "time_difference": "+14.0h",
    }
    outcome = {"tool": "mcp_time_convert_time", "ok": True, "result": result}
    assert planner.answer({"outcomes": [outcome]}) == (
        "3:00 PM on Tuesday in America/New_York is 5:00 AM on Wednesday in Asia/Tokyo (+14.0h)."
    )
    failed = {"tool": "mcp_time_convert_time", "ok": False, "error": "bad zone"}
    assert (
        planner.answer({"outcomes": [failed]})
        == "The MCP time server could not convert that: bad zone"
    )
    assert planner.answer({"outcomes": []}) is None


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "convert 4:30pm eastern to pacific",
            ("America/New_York", "16:30", "America/Los_Angeles"),
        ),
        (
            "if it's 9am PST what time is it in London",
            ("America/Los_Angeles", "09:00", "Europe/London"),
        ),
        (
            "convert 7 in the morning mountain time to Rome",
            ("America/Denver", "07:00", "Europe/Rome"),
        ),
        (
            "when it's midnight in Seoul what time is it in Denver",
            ("Asia/Seoul", "00:00", "America/Denver"),
        ),
        (
            "if it's 6 o'clock in the evening in Lima what time is it in Oslo",
            ("America/Lima", "18:00", "Europe/Oslo"),
        ),
    ],
)
def test_zones_by_their_common_names_and_clock_times_said_in_words(
    text: str, args: tuple[str, str, str]
) -> None:
    plan = planner.plan(turn(text))
    assert plan is not None
    called = plan["calls"][0]["args"]
    assert (called["source_timezone"], called["time"], called["target_timezone"]) == args


def test_a_place_inside_a_longer_one_is_not_a_second_place() -> None:
    plan = planner.plan(turn("convert 11am new zealand time to south korea time"))
    assert plan is not None
    called = plan["calls"][0]["args"]
    assert (called["source_timezone"], called["target_timezone"]) == (
        "Pacific/Auckland",
        "Asia/Seoul",
    )


def test_what_a_clock_time_is_elsewhere_is_a_conversion() -> None:
    plan = planner.plan(turn("what is 7:15pm Tokyo time in Chicago"))
    assert plan is not None
    assert plan["calls"][0]["args"] == {
        "source_timezone": "Asia/Tokyo",
        "time": "19:15",
        "target_timezone": "America/Chicago",
    }


def test_big_cities_outside_zone_names_are_converted() -> None:
    plan = planner.plan(turn("convert 9am Munich time to Las Vegas"))
    assert plan is not None
    called = plan["calls"][0]["args"]
    assert (called["source_timezone"], called["target_timezone"]) == (
        "Europe/Berlin",
        "America/Los_Angeles",
    )


def test_a_coast_is_a_side_of_a_conversion() -> None:
    plan = planner.plan(
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
    plan = planner.plan(
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


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "what time will it be in Oslo when it's 6pm in Denver",
            ("America/Denver", "18:00", "Europe/Oslo"),
        ),
        (
            "in Lisbon what time is it when it is 10am in Boston",
            ("America/New_York", "10:00", "Europe/Lisbon"),
        ),
        (
            "convert to Tokyo time from Paris, 9am",
            ("Europe/Paris", "09:00", "Asia/Tokyo"),
        ),
    ],
)
def test_the_place_said_with_the_clock_time_is_the_source(
    text: str, args: tuple[str, str, str]
) -> None:
    assert _sides(text) == args


@pytest.mark.parametrize(
    ("text", "args"),
    [
        (
            "the webinar is 2pm CET, what is that in Denver",
            ("Europe/Paris", "14:00", "America/Denver"),
        ),
        ("4:30pm BST is what in New York", ("Europe/London", "16:30", "America/New_York")),
        ("11 am pacific is what in central", ("America/Los_Angeles", "11:00", "America/Chicago")),
        ("7 o'clock Seoul time is what time in Miami", ("Asia/Seoul", "07:00", "America/New_York")),
        ("when it is noon in Cairo, what time in Lima", ("Africa/Cairo", "12:00", "America/Lima")),
    ],
)
def test_conversions_said_with_zone_letters_or_what_is_that(
    text: str, args: tuple[str, str, str]
) -> None:
    assert _sides(text) == args


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("at 6am mountain what time is it in Rome", ("America/Denver", "06:00", "Europe/Rome")),
        ("9pm central to Berlin time", ("America/Chicago", "21:00", "Europe/Berlin")),
        ("what is 7am ET in PT", ("America/New_York", "07:00", "America/Los_Angeles")),
    ],
)
def test_a_zone_said_by_a_short_word_right_after_the_clock_time(
    text: str, args: tuple[str, str, str]
) -> None:
    assert _sides(text) == args
