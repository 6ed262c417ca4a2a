"""Saved homes, comparison and confirmations in chat, through the real API (offline model)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.servers import answer_text, last_data, sse_events, started_tools, stream_turn


def _saved(client: TestClient) -> dict[str, str]:
    prefs = client.get("/memory/preferences").json()["preferences"].get("real_estate", [])
    return {p["key"]: p["value"] for p in prefs if p["entry_type"] == "SAVED"}


def _answer(client: TestClient, session: str, confirm_id: str, approve: bool) -> list[dict]:
    body = {"session_id": session, "confirm": {"id": confirm_id, "approve": approve}}
    with client.stream("POST", "/chat/stream", json=body) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def test_save_show_compare_and_remove_with_confirmation(app_client: TestClient) -> None:
    first = stream_turn(app_client, "3 bedroom houses in 78745")
    session = first[0]["session_id"]
    shown = last_data(first)["items"]

    saved = stream_turn(app_client, "save the second one", session)
    assert started_tools(saved) == ["save_home"]
    assert f"Saved {shown[1]['address']}" in answer_text(saved)
    stream_turn(app_client, "save the first one", session)
    assert set(_saved(app_client)) >= {f"home_{shown[0]['zpid']}", f"home_{shown[1]['zpid']}"}

    listed = stream_turn(app_client, "show my saved homes", session)
    data = last_data(listed)
    assert data["saved"] is True
    assert {i["zpid"] for i in data["items"]} >= {shown[0]["zpid"], shown[1]["zpid"]}

    stream_turn(app_client, "3 bedroom houses in 78745", session)
    compared = stream_turn(app_client, "compare the first two", session)
    table = last_data(compared)
    assert table["type"] == "comparison"
    assert [i["zpid"] for i in table["items"]] == [shown[0]["zpid"], shown[1]["zpid"]]
    assert "side by side" in answer_text(compared)

    details = f"Show me the details for {shown[1]['address']} (zpid: {shown[1]['zpid']})"
    stream_turn(app_client, details, session)
    asked = stream_turn(app_client, "remove it", session)
    assert [e["type"] for e in asked][-2:] == ["confirm", "done"]
    confirm = asked[-2]
    assert confirm["tool"] == "remove_saved_home" and confirm["args"] == {"zpid": shown[1]["zpid"]}
    assert "remove_saved_home" not in started_tools(asked)
    assert f"home_{shown[1]['zpid']}" in _saved(app_client)  # nothing changed yet

    done = _answer(app_client, session, confirm["id"], True)
    assert "Removed" in answer_text(done) and done[-1]["type"] == "done"
    assert f"home_{shown[1]['zpid']}" not in _saved(app_client)
    change = app_client.get("/memory/changes").json()["changes"][0]
    assert change["key"] == f"home_{shown[1]['zpid']}" and change["new"] is None
    assert change["message"] == "remove it"
    turns = app_client.get(f"/sessions/{session}").json()["turns"]
    assert turns[-1]["user"] == "remove it" and "Removed" in turns[-1]["assistant"]


def test_forget_my_budget_asks_first_and_cancel_keeps_it(app_client: TestClient) -> None:
    stream_turn(app_client, "my budget is $450k")
    asked = stream_turn(app_client, "forget my budget")
    session, confirm = asked[0]["session_id"], asked[-2]
    assert confirm["type"] == "confirm" and confirm["question"] == "Forget your budget ($450,000)?"
    kept = _answer(app_client, session, confirm["id"], False)
    assert "nothing was changed" in answer_text(kept)
    prefs = app_client.get("/memory/preferences").json()["preferences"]["real_estate"]
    assert {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$450,000"} in prefs
    body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
    assert app_client.post("/chat/stream", json=body).status_code == 409  # already answered


def test_a_stale_confirmation_is_refused_and_a_new_message_moves_on(
    app_client: TestClient,
) -> None:
    stream_turn(app_client, "my budget is $500k")
    asked = stream_turn(app_client, "forget my budget")
    session, confirm = asked[0]["session_id"], asked[-2]
    stream_turn(app_client, "3 bedroom houses in 78704", session)  # drops the paused turn
    body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
    assert app_client.post("/chat/stream", json=body).status_code == 409
    bad = app_client.post("/chat/stream", json={"confirm": {"id": "x", "approve": True}})
    assert bad.status_code == 422


def test_remove_all_saved_homes_is_one_confirmation(app_client: TestClient) -> None:
    shown = last_data(stream_turn(app_client, "condos in Austin"))["items"]
    for home in shown[:2]:
        app_client.post("/tools/save_home", json={"params": {"zpid": home["zpid"]}})
    asked = stream_turn(app_client, "remove all my saved homes")
    confirms = [e for e in asked if e["type"] == "confirm"]
    assert len(confirms) == 1 and confirms[0]["question"].startswith(
        f"{len(_saved(app_client))} changes"
    )
    _answer(app_client, asked[0]["session_id"], confirms[0]["id"], True)
    assert _saved(app_client) == {}
