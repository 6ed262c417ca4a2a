"""Roles and guest mode through the real API: tool sets, /chat/public, rate limits."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.servers import sse_events
from tests.trust.helpers import ADA, ALICE, GINA, app_client, bearer, files_under

SEARCH_AND_REMEMBER = "We're looking in Pflugerville, budget $400k, need 3 bedrooms"


def _stream(client: TestClient, path: str, body: dict, headers: dict | None = None) -> list:
    with client.stream("POST", path, json=body, headers=headers or {}) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def _tools_started(events: list) -> list[str]:
    """The tools started; the model's own waiting step (shown after 2 s on a busy machine,
    llm/reading_step.py) is no tool."""
    steps = [e for e in events if e["type"] == "step" and e["status"] == "start"]
    return [e["name"] for e in steps if e["name"] != "model"]


def test_guest_token_searches_but_cannot_save_preferences(client: TestClient) -> None:
    events = _stream(client, "/chat/stream", {"message": SEARCH_AND_REMEMBER}, bearer(GINA))
    assert _tools_started(events) == ["search_properties"]
    assert next(e for e in events if e["type"] == "data")["data"]["items"]
    assert client.get("/memory/preferences", headers=bearer(GINA)).json() == {"preferences": {}}
    session = events[0]["session_id"]
    context = client.get(f"/debug/sessions/{session}/context", headers=bearer(GINA)).json()
    assert "is a guest" in context["sections"]["role"]


def test_signed_in_user_gets_every_tool(client: TestClient) -> None:
    events = _stream(client, "/chat/stream", {"message": SEARCH_AND_REMEMBER}, bearer(ALICE))
    assert sorted(set(_tools_started(events))) == ["save_search_criteria", "search_properties"]


def test_admin_sees_pool_status_on_health(client: TestClient) -> None:
    health = client.get("/health", headers=bearer(ADA)).json()
    assert health["skills"]["real_estate"]["size"] == 2 and health["model"] == "offline"


def test_public_chat_needs_no_token_writes_nothing_and_remembers_in_ram(
    client: TestClient,
) -> None:
    root: Path = client.memory_root  # type: ignore[attr-defined]
    before = files_under(root)
    first = _stream(client, "/chat/public/stream", {"message": SEARCH_AND_REMEMBER})
    assert _tools_started(first) == ["search_properties"]
    session = first[0]["session_id"]
    second = _stream(
        client,
        "/chat/public/stream",
        {"message": "show me more on the second one", "session_id": session},
    )
    assert second[0]["session_id"] == session
    assert _tools_started(second) == ["get_property_details"]
    answer = client.post("/chat/public", json={"message": "what time is it?"})
    assert answer.status_code == 200 and "It's" in answer.json()["message"]
    assert files_under(root) == before
    assert not list(root.glob("users/guest*"))


def test_public_chat_cannot_pick_or_reach_a_session_id(client: TestClient) -> None:
    events = _stream(client, "/chat/public/stream", {"message": "hi", "session_id": "chosen-id"})
    assert events[0]["session_id"] != "chosen-id"
    assert events[-1] == {"type": "done", "session_id": events[0]["session_id"]}


def test_public_chat_is_rate_limited_per_client_with_retry_after(tmp_path: Path) -> None:
    with app_client(tmp_path / "memory", public_rate_limit=3, public_rate_window_s=30) as client:
        codes = [client.post("/chat/public", json={"message": "hi"}).status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        limited = client.post("/chat/public/stream", json={"message": "hi"})
        assert limited.status_code == 429
        assert 1 <= int(limited.headers["retry-after"]) <= 30
        assert "sign in" in limited.json()["detail"]
        assert client.get("/sessions").status_code == 200  # signed-in routes are not limited
