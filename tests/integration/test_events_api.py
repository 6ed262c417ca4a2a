"""Every event a real offline turn streams is one of the models of agent_graph/events.py."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agent_graph.events import CHAT_EVENT
from tests.servers import stream_turn


def test_a_turns_stream_validates_against_the_event_models(app_client: TestClient) -> None:
    events = stream_turn(app_client, "what time is it in Tokyo?")
    kinds = [CHAT_EVENT.validate_python(event).type for event in events]
    assert kinds[0] == "session"
    assert kinds[-1] == "done"
    assert "step" in kinds and "token" in kinds
