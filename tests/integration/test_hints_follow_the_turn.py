"""Hint chips follow what the turn showed or did, through the real API (offline model): a
search's narrow it, a home's are about that home, a save's show the saved list (issue 47, 7)."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from tests.servers import stream_turn

CHIPS = json.loads(
    (Path(__file__).parents[2] / "skills/real_estate/follow_ups.json").read_text(encoding="utf-8")
)


def _hints(events: list[dict]) -> list[str]:
    return next(e for e in events if e["type"] == "hints")["hints"]


def test_the_chips_after_a_search_a_home_and_a_save_differ(app_client: TestClient) -> None:
    searched = stream_turn(app_client, "3 bedroom houses in 78745")
    session = searched[0]["session_id"]
    assert "Compare the first two" in _hints(searched)
    shown = stream_turn(app_client, "tell me about the first one", session)
    assert _hints(shown) == CHIPS["detail"]
    saved = stream_turn(app_client, "save it", session)
    assert _hints(saved) == CHIPS["saved_home"]
    assert "What's available in Pflugerville?" not in _hints(saved)
