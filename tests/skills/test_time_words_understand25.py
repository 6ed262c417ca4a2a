"""The clock's planner on the sixteenth session's slips (phrasings of our own, in no corpus):
"what" written as it sounds ("wat time", "wats the time") still asks the time."""

from __future__ import annotations

from tests.skills.test_current_time_planner import zone_for


def test_what_written_as_it_sounds_asks_the_time() -> None:
    assert zone_for("wats the time in london") == "Europe/London"
    assert zone_for("wat time is it in tokyo rn") == "Asia/Tokyo"
