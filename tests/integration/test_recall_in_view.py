"""L3 recall leaves out what the prompt replays anyway: a session's own search is in its
history, so recalling it as an "earlier result" made the model read it twice; another session
still recalls it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.servers import sse_events
from tests.trust.helpers import app_client

SEARCH = "3 bedroom houses in Austin under $450,000"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with app_client(tmp_path_factory.mktemp("recall") / "memory") as running:
        yield running


def _turn(client: TestClient, message: str, session_id: str | None = None) -> str:
    body = {"message": message, **({"session_id": session_id} if session_id else {})}
    with client.stream("POST", "/chat/stream", json=body) as response:
        assert response.status_code == 200, response.read()
        events = sse_events(response.iter_lines())
    assert events[-1]["type"] == "done", events
    return str(events[0]["session_id"])


def _recalled(client: TestClient, session_id: str) -> str:
    context = client.get(f"/debug/sessions/{session_id}/context").json()
    return str(context["sections"].get("semantic", ""))


def test_a_sessions_own_search_is_not_recalled_but_another_session_recalls_it(
    client: TestClient,
) -> None:
    first = _turn(client, SEARCH)
    _turn(client, "what about 4 bedrooms under $450,000 in Austin", first)
    assert "search_properties" not in _recalled(client, first)  # its own search: in the history
    later = _turn(client, SEARCH)
    recalled = _recalled(client, later)
    assert "search_properties {location: Austin, beds_min: 3" in recalled
    assert "beds_min: 4" in recalled  # the first session's follow-up too
