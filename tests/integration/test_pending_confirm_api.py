"""A turn paused on a confirmation survives a reload: GET /sessions/{id} carries it."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.servers import stream_turn


def test_the_paused_question_is_in_the_session_until_answered(app_client: TestClient) -> None:
    first = stream_turn(app_client, "my budget is $450k")
    session = first[0]["session_id"]
    assert "pending_confirm" not in app_client.get(f"/sessions/{session}").json()

    confirm = stream_turn(app_client, "forget my budget", session)[-2]
    detail = app_client.get(f"/sessions/{session}").json()
    assert detail["pending_confirm"] == {
        "id": confirm["id"],
        "question": confirm["question"],
        "tool": confirm["tool"],
        "args": confirm["args"],
        "message": "forget my budget",
    }
    assert [t["user"] for t in detail["turns"]] == ["my budget is $450k"]

    body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": False}}
    assert app_client.post("/chat/stream", json=body).status_code == 200
    after = app_client.get(f"/sessions/{session}").json()
    assert "pending_confirm" not in after
    assert after["turns"][-1]["user"] == "forget my budget"


def test_a_session_whose_first_turn_is_paused_can_be_opened(app_client: TestClient) -> None:
    stream_turn(app_client, "my budget is $300k")
    asked = stream_turn(app_client, "forget my budget")  # a new session: nothing stored yet
    session, confirm = asked[0]["session_id"], asked[-2]
    detail = app_client.get(f"/sessions/{session}").json()
    assert detail["turns"] == [] and detail["pending_confirm"]["id"] == confirm["id"]
    assert detail["pending_confirm"]["message"] == "forget my budget"
    assert app_client.get("/sessions/0123456789abcdef0123456789abcdef").status_code == 404
    listed = app_client.get("/sessions").json()["sessions"]
    assert listed[0]["id"] == session and listed[0]["title"]  # listed while it waits

    body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
    assert app_client.post("/chat/stream", json=body).status_code == 200
    after = app_client.get(f"/sessions/{session}").json()
    assert "pending_confirm" not in after
    assert [t["user"] for t in after["turns"]] == ["forget my budget"]
    assert [m["role"] for m in after["messages"]].count("human") == 1


def test_a_deleted_session_takes_its_paused_turn_with_it(app_client: TestClient) -> None:
    stream_turn(app_client, "my budget is $320k")
    asked = stream_turn(app_client, "forget my budget")
    session, confirm = asked[0]["session_id"], asked[-2]
    assert app_client.delete(f"/sessions/{session}").status_code == 204

    body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
    answer = app_client.post("/chat", json=body)
    assert answer.status_code == 409 and "not waiting" in answer.json()["detail"]
    assert app_client.get(f"/sessions/{session}").status_code == 404
    assert session not in [s["id"] for s in app_client.get("/sessions").json()["sessions"]]
    budget = app_client.get("/memory/preferences").json()
    assert "320" in str(budget)  # the budget the deleted turn asked to forget is still there


def test_a_paused_turn_expires(app_client: TestClient) -> None:
    runner = app_client.app.state.runtime.runner  # type: ignore[attr-defined]
    asked = stream_turn(app_client, "forget my budget")
    session, confirm = asked[0]["session_id"], asked[-2]
    ttl, runner.paused_ttl_s = runner.paused_ttl_s, 0.0
    try:
        assert "pending_confirm" not in app_client.get(f"/sessions/{session}").json()
        body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
        assert app_client.post("/chat", json=body).status_code == 409
    finally:
        runner.paused_ttl_s = ttl


def _budget(app_client: TestClient) -> str | None:
    entries = app_client.get("/memory/preferences").json()["preferences"].get("real_estate", [])
    return next((e["value"] for e in entries if e["key"] == "budget_max"), None)


def test_changing_a_remembered_entry_asks_first(app_client: TestClient) -> None:
    first = stream_turn(app_client, "my budget is $410k")
    if first[-2]["type"] == "confirm":  # a budget from an earlier test: replace it
        body = {
            "session_id": first[0]["session_id"],
            "confirm": {"id": first[-2]["id"], "approve": True},
        }
        app_client.post("/chat", json=body)
    assert _budget(app_client) == "$410,000"

    asked = stream_turn(app_client, "actually my budget is $380k")
    session, question = asked[0]["session_id"], asked[-2]
    assert question["type"] == "confirm"
    assert question["question"] == "Change your remembered budget_max from $410,000 to $380,000?"
    assert _budget(app_client) == "$410,000"  # nothing changed before the answer

    body = {"session_id": session, "confirm": {"id": question["id"], "approve": False}}
    assert app_client.post("/chat", json=body).status_code == 200
    assert _budget(app_client) == "$410,000"  # declined: kept

    again = stream_turn(app_client, "make my budget $380k", session)[-2]
    body = {"session_id": session, "confirm": {"id": again["id"], "approve": True}}
    assert app_client.post("/chat", json=body).status_code == 200
    assert _budget(app_client) == "$380,000"


def _say(app_client: TestClient, message: str, session: str | None = None) -> dict[str, Any]:
    body = {"message": message, **({"session_id": session} if session else {})}
    answer: dict[str, Any] = app_client.post("/chat", json=body).json()
    return answer


def test_the_json_route_shows_the_question_a_turn_pauses_on(app_client: TestClient) -> None:
    assert "confirm" not in _say(app_client, "hello")  # a turn that asks nothing has no question
    first = _say(app_client, "my budget is $360k")
    session = first["session_id"]
    if "confirm" in first:  # a budget from an earlier test: replace it
        body = {"session_id": session, "confirm": {"id": first["confirm"]["id"], "approve": True}}
        app_client.post("/chat", json=body)
    assert _budget(app_client) == "$360,000"
    question = _say(app_client, "forget my budget", session)["confirm"]
    assert question["tool"] and "budget" in question["question"].lower()
    body = {"session_id": session, "confirm": {"id": question["id"], "approve": True}}
    assert app_client.post("/chat", json=body).status_code == 200
    assert _budget(app_client) is None  # the yes given through the JSON route was taken
