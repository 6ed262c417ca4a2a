"""Saved homes, comparison and the change log through the real API (direct tool calls)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.servers import sse_events, stream_turn
from tests.trust.helpers import ALICE, GINA, app_client, bearer, files_under, write_tokens


def _listings(client: TestClient, message: str) -> list[dict[str, Any]]:
    events = stream_turn(client, message)
    return next(e for e in events if e["type"] == "data")["data"]["items"]


def _saved(client: TestClient, **kw: Any) -> dict[str, str]:
    prefs = client.get("/memory/preferences", **kw).json()["preferences"].get("real_estate", [])
    return {p["key"]: p["value"] for p in prefs if p["entry_type"] == "SAVED"}


def test_heart_saves_a_home_records_the_change_and_undo_takes_it_back(
    app_client: TestClient,
) -> None:
    home = _listings(app_client, "3 bedroom houses in 78745")[0]
    response = app_client.post("/tools/save_home", json={"params": {"zpid": home["zpid"]}})
    assert response.status_code == 200
    body = response.json()
    key = f"home_{home['zpid']}"
    assert body["result"]["key"] == key and body["change"]["new"] == body["result"]["value"]
    assert body["change"]["old"] is None and body["change"]["message"] == "save_home (from the app)"
    assert _saved(app_client)[key] == f"{home['address']} · ${home['price']:,}"

    changes = app_client.get("/memory/changes").json()["changes"]
    assert changes[0]["id"] == body["change"]["id"] and changes[0]["undone"] is False
    assert set(changes[0]) >= {"id", "skill", "entry_type", "key", "old", "new", "at", "message"}

    undo = app_client.post(f"/memory/changes/{body['change']['id']}/undo")
    assert undo.status_code == 200
    assert undo.json()["change"]["undoes"] == body["change"]["id"]
    assert key not in _saved(app_client)
    again = app_client.post(f"/memory/changes/{body['change']['id']}/undo")
    assert again.status_code == 409
    assert app_client.post("/memory/changes/unknown/undo").status_code == 404
    newest = app_client.get("/memory/changes").json()["changes"]
    assert newest[0]["undoes"] == body["change"]["id"] and newest[1]["undone"] is True


def test_removing_a_saved_home_and_saving_twice(app_client: TestClient) -> None:
    home = _listings(app_client, "condos in Austin")[0]
    params = {"params": {"zpid": home["zpid"]}}
    assert app_client.post("/tools/save_home", json=params).json()["change"]
    assert "change" not in app_client.post("/tools/save_home", json=params).json()  # no-op
    asked = app_client.post("/tools/remove_saved_home", json=params)
    assert asked.status_code == 409 and "Remove this home" in asked.json()["detail"]
    assert f"home_{home['zpid']}" in _saved(app_client)  # nothing removed without a yes
    forged = app_client.post("/tools/remove_saved_home", json={**params, "confirm": "1.abc"})
    assert forged.status_code == 409 and f"home_{home['zpid']}" in _saved(app_client)
    confirmed = {**params, "confirm": asked.json()["confirm"]}
    removed = app_client.post("/tools/remove_saved_home", json=confirmed).json()
    assert removed["change"]["new"] is None and removed["change"]["old"].startswith(home["address"])
    assert f"home_{home['zpid']}" not in _saved(app_client)


def test_a_confirmation_token_is_bound_to_its_call(app_client: TestClient) -> None:
    first, second = _listings(app_client, "houses in 78704")[:2]
    for home in (first, second):
        app_client.post("/tools/save_home", json={"params": {"zpid": home["zpid"]}})
    token = app_client.post(
        "/tools/remove_saved_home", json={"params": {"zpid": first["zpid"]}}
    ).json()["confirm"]
    other = app_client.post(
        "/tools/remove_saved_home", json={"params": {"zpid": second["zpid"]}, "confirm": token}
    )
    assert other.status_code == 409
    assert f"home_{second['zpid']}" in _saved(app_client)


def test_a_confirmation_token_confirms_one_call_only(app_client: TestClient) -> None:
    home = _listings(app_client, "condos in 78702")[0]
    params = {"params": {"zpid": home["zpid"]}}
    app_client.post("/tools/save_home", json=params)
    token = app_client.post("/tools/remove_saved_home", json=params).json()["confirm"]
    confirmed = {**params, "confirm": token}
    assert app_client.post("/tools/remove_saved_home", json=confirmed).status_code == 200
    app_client.post("/tools/save_home", json=params)
    replayed = app_client.post("/tools/remove_saved_home", json=confirmed)
    assert replayed.status_code == 409 and replayed.json()["confirm"] != token
    assert f"home_{home['zpid']}" in _saved(app_client)  # the replay removed nothing


def test_saved_homes_and_compare_render_through_direct_calls(app_client: TestClient) -> None:
    homes = _listings(app_client, "houses in 78704")[:3]
    zpids = [h["zpid"] for h in homes]
    saved = app_client.post("/tools/get_saved_homes", json={"params": {"zpids": zpids}})
    assert saved.status_code == 200 and saved.json()["result"]["saved"] is True
    assert [i["zpid"] for i in saved.json()["result"]["items"]] == zpids
    table = app_client.post(
        "/tools/compare_properties", json={"params": {"zpids": zpids[:2], "near": "downtown"}}
    ).json()["result"]
    assert table["type"] == "comparison" and len(table["items"]) == 2
    assert {"price", "price_per_sqft", "distance_miles"} <= {r["field"] for r in table["rows"]}


def test_direct_call_errors_are_readable(app_client: TestClient) -> None:
    unknown = app_client.post("/tools/launch_rockets", json={"params": {}})
    assert unknown.status_code == 404
    bad = app_client.post("/tools/save_home", json={"params": {"zpid": "nope"}})
    assert bad.status_code == 400 and "numeric Zillow id" in bad.json()["detail"]
    gone = app_client.post("/tools/save_home", json={"params": {"zpid": "1"}})
    assert gone.status_code == 404


@pytest.fixture(scope="module")
def tokens_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("tokens")
    with app_client(folder / "memory", api_tokens_file=write_tokens(folder)) as client:
        client.memory_root = folder / "memory"  # type: ignore[attr-defined]
        yield client


def test_guests_get_sign_in_to_save_and_nothing_is_written(tokens_client: TestClient) -> None:
    root: Path = tokens_client.memory_root  # type: ignore[attr-defined]
    before = files_under(root)
    body = {"params": {"zpid": "29324909"}}
    for headers in ({}, bearer(GINA)):
        response = tokens_client.post("/tools/save_home", json=body, headers=headers)
        assert response.status_code == 403
        assert response.json()["detail"].startswith("Sign in to save")
    assert files_under(root) == before
    search = {"params": {"location": "78704", "limit": 2}}
    for headers in ({}, bearer(GINA)):  # looking is fine for guests
        looked = tokens_client.post("/tools/search_properties", json=search, headers=headers)
        assert looked.status_code == 200 and len(looked.json()["result"]["items"]) == 2
    assert files_under(root) == before
    assert tokens_client.get("/memory/changes").status_code == 401
    assert tokens_client.get("/memory/changes", headers=bearer(ALICE)).json() == {"changes": []}


def _guest_turn(
    client: TestClient, path: str, message: str, session: str | None, headers: dict[str, str]
) -> list[dict[str, Any]]:
    body = {"message": message, **({"session_id": session} if session else {})}
    with client.stream("POST", path, json=body, headers=headers) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def test_a_guest_asking_in_chat_to_save_is_told_to_sign_in(tokens_client: TestClient) -> None:
    root: Path = tokens_client.memory_root  # type: ignore[attr-defined]
    for path, headers in (("/chat/stream", bearer(GINA)), ("/chat/public/stream", {})):
        first = _guest_turn(tokens_client, path, "houses in 78704", None, headers)
        session = first[0]["session_id"]
        asked = _guest_turn(tokens_client, path, "save the second one", session, headers)
        text = "".join(e["content"] for e in asked if e["type"] == "token")
        assert text.startswith("Sign in to save homes")
        assert not [e for e in asked if e["type"] == "step"]  # no tool ran
    assert not list(root.rglob("preferences.md")) and not list(root.rglob("changes.jsonl"))


def test_a_client_that_asks_first_gets_the_question_without_a_409(app_client: TestClient) -> None:
    home = _listings(app_client, "condos in 78704")[0]
    params = {"params": {"zpid": home["zpid"]}}
    app_client.post("/tools/save_home", json=params)
    asked = app_client.post("/tools/remove_saved_home", json={**params, "ask": True})
    assert asked.status_code == 200
    assert set(asked.json()) == {"question", "confirm"}
    assert "Remove this home" in asked.json()["question"]
    assert f"home_{home['zpid']}" in _saved(app_client)  # nothing removed without a yes
    confirmed = {**params, "confirm": asked.json()["confirm"], "ask": True}
    removed = app_client.post("/tools/remove_saved_home", json=confirmed)
    assert removed.status_code == 200 and removed.json()["change"]["new"] is None
    assert f"home_{home['zpid']}" not in _saved(app_client)
