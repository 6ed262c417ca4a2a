"""The real app through HTTP: offline model, real skill workers, sessions on disk."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from fastapi.testclient import TestClient

from agent_graph.storage.session_file import parsed
from tests.servers import stream_turn


def _session_file(client: TestClient, session_id: str) -> Path:
    return client.memory_root / "users" / "local" / "sessions" / f"{session_id}.json"  # type: ignore[attr-defined]


def test_time_question_streams_step_tokens_hints_and_done(app_client: TestClient) -> None:
    events = stream_turn(app_client, "what time is it?")
    types = [e["type"] for e in events]
    assert types[0] == "session" and types[-1] == "done"
    steps = [e for e in events if e["type"] == "step"]
    assert [(s["name"], s["status"]) for s in steps] == [
        ("get_current_time", "start"),
        ("get_current_time", "end"),
    ]
    text = "".join(e["content"] for e in events if e["type"] == "token")
    assert re.search(r"\d{1,2}:\d{2} (AM|PM)", text)
    hints = next(e for e in events if e["type"] == "hints")["hints"]
    assert len(hints) == 3
    assert events[-1]["session_id"] == events[0]["session_id"]


def test_second_turn_sees_the_first_and_history_is_rebuilt(app_client: TestClient) -> None:
    first = stream_turn(app_client, "what time is it?")
    session_id = first[0]["session_id"]
    stream_turn(app_client, "and what's the date?", session_id)
    context = app_client.get(f"/debug/sessions/{session_id}/context").json()
    human = [m["content"] for m in context["messages"] if m["type"] == "human"]
    assert human == ["what time is it?", "and what's the date?"]
    assert any(m["type"] == "tool" for m in context["messages"])
    stored = parsed(_session_file(app_client, session_id).read_text())[0]
    assert [t["user"] for t in stored["turns"]] == ["what time is it?", "and what's the date?"]
    assert [m["type"] for m in stored["messages"]] == ["human", "ai", "tool", "ai"] * 2
    body = app_client.get(f"/sessions/{session_id}").json()
    assert body["messages"][1]["tool_calls"][0]["name"] == "get_current_time"
    assert body["messages"][2]["role"] == "tool"


def test_chat_json_endpoint_and_session_listing(app_client: TestClient) -> None:
    answer = app_client.post("/chat", json={"message": "what time is it?"})
    assert answer.status_code == 200
    body = answer.json()
    assert "It's" in body["message"] and len(body["hints"]) == 3
    sessions = app_client.get("/sessions").json()["sessions"]
    assert sessions[0]["id"] == body["session_id"]
    stamps = [s["updated_at"] for s in sessions]
    assert stamps == sorted(stamps, reverse=True)
    title = app_client.get(f"/sessions/{body['session_id']}/title").json()["title"]
    assert title == "What time is it?"


def test_delete_session(app_client: TestClient) -> None:
    session_id = app_client.post("/chat", json={"message": "what time is it?"}).json()["session_id"]
    assert app_client.delete(f"/sessions/{session_id}").status_code == 204
    assert not _session_file(app_client, session_id).exists()
    assert app_client.get(f"/sessions/{session_id}").status_code == 404
    assert app_client.delete(f"/sessions/{session_id}").status_code == 404


def test_malformed_session_id_is_422_and_touches_no_file(app_client: TestClient) -> None:
    before = sorted(p.name for p in app_client.memory_root.rglob("*"))  # type: ignore[attr-defined]
    for bad in ["..%2F..%2Fetc", "a.b", "x" * 65, "%C3%A9t%C3%A9"]:
        assert app_client.get(f"/sessions/{bad}").status_code in (404, 422)
    response = app_client.post("/chat", json={"session_id": "../escape", "message": "hi"})
    assert response.status_code == 422
    response = app_client.post("/chat/stream", json={"session_id": "bad id", "message": "hi"})
    assert response.status_code == 422
    after = sorted(p.name for p in app_client.memory_root.rglob("*"))  # type: ignore[attr-defined]
    assert before == after


def test_bad_bodies_get_clear_errors(app_client: TestClient) -> None:
    assert (
        app_client.post(
            "/chat", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    assert app_client.post("/chat", json={}).status_code == 422
    assert app_client.post("/chat", json={"message": ""}).status_code == 422
    big = app_client.post("/chat", json={"message": "x" * 5000})
    assert big.status_code == 413 and "longer than 4000" in big.json()["detail"]


def test_skills_and_health(app_client: TestClient) -> None:
    listed = app_client.get("/skills").json()
    assert listed["skills"] == ["current_time", "mcp_time", "mortgage", "real_estate"]
    assert listed["tools"]["search_properties"] == {
        "skill": "real_estate",
        "label": "Searching listings…",
        "renders": "listings",
        "guest": True,
    }
    assert listed["tools"]["save_search_criteria"]["guest"] is False
    assert listed["tools"]["get_current_time"]["renders"] == "none"
    bound = app_client.app.state.runtime.registry.tools  # type: ignore[attr-defined]
    assert bound and not [t for t in bound if "x-propsearch" in t]  # models never see it
    health = app_client.get("/health").json()
    assert health["status"] == "ok" and health["model"] == "offline"
    assert health["model_ready"] is True, "no start-up read to wait for"
    assert health["skills"]["current_time"]["size"] == 2
    runtime = app_client.app.state.runtime  # type: ignore[attr-defined]
    loop = asyncio.new_event_loop()
    runtime.services.warming = loop.create_future()  # the local model's start-up read, still going
    try:
        assert app_client.get("/health").json()["model_ready"] is False
    finally:
        runtime.services.warming = None
        loop.close()
