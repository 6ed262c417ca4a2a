"""Tour times said in words become dates and time ranges in the user's zone; a time that has
passed, or words with no time in them, are asked again (issue 47, item 5)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import tour_times as _times

CHICAGO = ZoneInfo("America/Chicago")
NOW = datetime(2026, 11, 26, 10, 30, tzinfo=CHICAGO)
"""A Thursday, half past ten in the morning, in Austin's zone."""


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("saturday morning", "Saturday 28 November 2026, 9 am–12 pm"),
        ("tomorrow at 2pm", "Friday 27 November 2026, 2 pm–3 pm"),
        ("tmrw at 3pm", "Friday 27 November 2026, 3 pm–4 pm"),  # said the short way
        ("tommorow morning", "Friday 27 November 2026, 9 am–12 pm"),
        ("thursday afternoon", "Thursday 26 November 2026, 12 pm–5 pm"),  # today, still ahead
        ("after 3pm", "Thursday 26 November 2026, 3 pm–6 pm"),
        ("dec 3 evening", "Thursday 3 December 2026, 5 pm–8 pm"),
        ("12/5", "Saturday 5 December 2026, 9 am–6 pm"),
        ("this weekend", "Saturday 28 November 2026, 9 am–6 pm or Sunday 29 November 2026, 9 am–6 pm"),
        ("monday", "Monday 30 November 2026, 9 am–6 pm"),
        ("thursday at 9am", "Thursday 3 December 2026, 9 am–10 am"),  # today's has passed
        ("sat at 2pm", "Saturday 28 November 2026, 2 pm–3 pm"),  # a day written short
        ("tues evening", "Tuesday 1 December 2026, 5 pm–8 pm"),
        ("thurs", "Thursday 26 November 2026, 9 am–6 pm"),
    ],
)  # fmt: skip
def test_words_become_dates_and_ranges(words: str, said: str) -> None:
    found = _times.slots(words, NOW)
    assert _times.in_words(found, "America/Chicago") == f"{said} (America/Chicago)"


@pytest.mark.parametrize(
    ("words", "asked"),
    [
        ("today at 9am", "Thursday 26 November 2026, 9 am–10 am has already passed"),
        ("sometime soon", "I could not tell a day or a time"),
        ("whenever suits", "I could not tell a day or a time"),
        ("2/30", "There is no 2/30"),
    ],
)
def test_a_past_or_unreadable_time_is_asked_again(words: str, asked: str) -> None:
    with pytest.raises(_times.TourTimeError) as raised:
        _times.slots(words, NOW)
    assert asked in str(raised.value) and "When would you like to see it?" in str(raised.value)


def test_times_a_planner_resolved_are_kept_while_ahead_and_asked_again_once_passed() -> None:
    said = _times.resolved("saturday morning", "America/Chicago", NOW)
    assert said == "Saturday 28 November 2026, 9 am–12 pm (America/Chicago)"
    assert _times.resolved(said, "UTC", NOW) == said  # its own zone, not the caller's
    with pytest.raises(_times.TourTimeError, match="has already passed"):
        _times.resolved(said, "America/Chicago", datetime(2026, 11, 28, 12, 5, tzinfo=CHICAGO))


@pytest.mark.parametrize(
    "words", ["", "  ", "any time", "anytime next month is fine", "whenever suits"]
)
def test_no_time_or_one_left_open_is_any_time_that_suits_the_agent(words: str) -> None:
    assert _times.resolved(words, "America/Chicago", NOW) == _times.ANY_TIME
    assert _times.resolved(_times.ANY_TIME, "UTC", NOW) == _times.ANY_TIME  # said back


def test_words_naming_no_time_and_not_leaving_it_open_are_still_asked_again() -> None:
    with pytest.raises(_times.NoTimeSaid, match='or "any time"'):
        _times.resolved("sometime soon", "America/Chicago", NOW)
