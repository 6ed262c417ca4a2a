"""current_time's planner: a time question in the zone of the place it names, else the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.planning.host import load_planner, planner_file
from agent_graph.understanding.intents import load_all
from agent_graph.understanding.matcher import IntentMatcher

SKILLS = Path(__file__).resolve().parents[2] / "skills"
SKILL = SKILLS / "current_time"
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


def _understood(text: str) -> dict[str, object]:
    """The turn as the platform hands it over: with the skills' intents ranked by MiniLM."""
    matcher = IntentMatcher(load_all((s.name, s) for s in SKILLS.iterdir() if s.is_dir()))
    turn = {"text": text, "timezone": "America/Chicago", "tools": ["get_current_time"]}
    return matcher.understood(turn, "current_time")


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("tokyo time pls", "Asia/Tokyo"),
        ("is it late in sydney right now", "Australia/Sydney"),
        ("clock check for lisbon pls", "Europe/Lisbon"),
    ],
)
def test_the_nearest_intent_reads_a_time_question_the_pattern_misses(text: str, zone: str) -> None:
    assert _PLANNER.plan({"text": text, "tools": ["get_current_time"]}) is None  # words alone
    plan = _PLANNER.plan(_understood(text))
    assert plan is not None and plan["calls"][0]["args"]["timezone"] == zone


@pytest.mark.parametrize("text", ["what's the weather today", "hi there", "thanks!"])
def test_a_message_near_the_intent_without_a_word_of_time_is_not_asked(text: str) -> None:
    assert _PLANNER.plan(_understood(text)) is None


@pytest.mark.parametrize(
    "text", ["houses in austin with an early morning sun", "homes near the denver clock tower"]
)
def test_a_place_and_a_word_of_time_in_a_home_search_is_not_asked(text: str) -> None:
    assert _PLANNER.plan(_understood(text)) is None


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("what's the time on the pacific coast, pacific time", "America/Los_Angeles"),
        ("what time is it in EST right now", "America/New_York"),
        ("what's the time in GMT", "GMT"),
        ("what time is it now in central time", "America/Chicago"),
        ("what day of the week is it in Cairo", "Africa/Cairo"),
    ],
)
def test_zones_by_their_common_names_or_letters(text: str, zone: str) -> None:
    assert zone_for(text) == zone


def test_an_old_alias_of_a_zone_is_no_place() -> None:
    """Canada/Eastern, US/Mountain: the common word names the US zone, once."""
    plan = _PLANNER.plan(
        {"text": "time in eastern time?", "timezone": "UTC", "tools": ["get_current_time"]}
    )
    assert plan is not None
    assert [c["args"]["timezone"] for c in plan["calls"]] == ["America/New_York"]


@pytest.mark.parametrize(
    "text",
    [
        "if it's 7 in the evening in Oslo what time is it in Lima",
        "when it's noon in Denver what time is it in Seoul",
        "when it is midnight in Perth, what time in Oslo",
        "9 o'clock Madrid time is what time in Boston",
        "what time is midnight pacific in eastern time",
    ],
)
def test_a_clock_time_said_in_words_is_a_conversion_too(text: str) -> None:
    assert _PLANNER.plan({"text": text, "timezone": "UTC", "tools": ["get_current_time"]}) is None


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("what's the time in arizona", "America/Phoenix"),
        ("current time in Portugal", "Europe/Lisbon"),
        ("what time is it in south africa", "Africa/Johannesburg"),
        ("what time is it in the north of Italy", "Europe/Rome"),
    ],
)
def test_a_country_or_state_with_one_zone_is_a_place(text: str, zone: str) -> None:
    plan = _PLANNER.plan({"text": text, "timezone": "UTC", "tools": ["get_current_time"]})
    assert plan is not None
    assert [c["args"]["timezone"] for c in plan["calls"]] == [zone]


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("is it afternoon in Kolkata yet", "Asia/Kolkata"),
        ("is it evening over in Cairo", "Africa/Cairo"),
    ],
)
def test_a_part_of_the_day_near_the_intent_is_a_time_question(text: str, zone: str) -> None:
    assert _PLANNER.plan({"text": text, "tools": ["get_current_time"]}) is None  # words alone
    plan = _PLANNER.plan(_understood(text))
    assert plan is not None and plan["calls"][0]["args"]["timezone"] == zone


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("is it bedtime in Manila", "Asia/Manila"),
        ("is it tomorrow already in Auckland", "Pacific/Auckland"),
    ],
)
def test_a_time_of_day_or_tomorrow_near_the_intent_is_a_time_question(text: str, zone: str) -> None:
    plan = _PLANNER.plan(_understood(text))
    assert plan is not None and plan["calls"][0]["args"]["timezone"] == zone


@pytest.mark.parametrize(
    ("text", "zones"),
    [
        ("whats the tiem in Barcelona", ["Europe/Madrid"]),
        ("time difference between Osaka and Geneva", ["Asia/Tokyo", "Europe/Zurich"]),
        ("how many hours ahead is Tel Aviv", ["Asia/Jerusalem"]),
    ],
)
def test_big_cities_outside_zone_names_a_difference_and_time_misspelt(
    text: str, zones: list[str]
) -> None:
    plan = _PLANNER.plan({"text": text, "timezone": "UTC", "tools": ["get_current_time"]})
    assert plan is not None
    assert [c["args"]["timezone"] for c in plan["calls"]] == zones


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("Tokyo time right now?", "Asia/Tokyo"),
        ("what's New York time now", "America/New_York"),
        ("current London time?", "Europe/London"),
    ],
)
def test_a_place_before_the_word_time_is_its_zone(text: str, zone: str) -> None:
    plan = _PLANNER.plan({"text": text, "timezone": "UTC", "tools": ["get_current_time"]})
    assert plan is not None and plan["calls"][0]["args"]["timezone"] == zone


def test_a_coast_names_its_zone() -> None:
    assert zone_for("what time is it on the west coast") == "America/Los_Angeles"
    assert zone_for("time right now east coast?") == "America/New_York"


def test_central_or_mountain_said_last_names_its_zone() -> None:
    assert zone_for("what time is it now in central") == "America/Chicago"
    assert zone_for("local time mountain?") == "America/Denver"


def test_what_written_as_it_sounds_asks_the_time() -> None:
    """The word "what" written as it sounds ("wat time", "wats the time") still asks the time."""
    assert zone_for("wats the time in london") == "Europe/London"
    assert zone_for("wat time is it in tokyo rn") == "Asia/Tokyo"


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("whats the time in los angelas", "America/Los_Angeles"),
        ("time in new yrok please", "America/New_York"),
        ("what time is it in san fransico", "America/Los_Angeles"),
        ("time in salt lake cty", "America/Denver"),
    ],
)
def test_a_place_of_several_words_misspelt_is_read_as_the_nearest(text: str, zone: str) -> None:
    assert zone_for(text) == zone
