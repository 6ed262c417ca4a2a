"""Saved searches and watches through the real API (issue 38): direct calls with their
confirmation, chat with the offline model, bad input, guests, removal by the forget path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.servers import answer_text, last_data, sse_events, started_tools, stream_turn
from tests.trust.helpers import GINA, app_client, bearer, files_under, write_tokens


def _entries(client: TestClient, entry_type: str, **kw: Any) -> dict[str, str]:
    prefs = client.get("/memory/preferences", **kw).json()["preferences"].get("real_estate", [])
    return {p["key"]: p["value"] for p in prefs if p["entry_type"] == entry_type}


def _confirmed(client: TestClient, tool: str, params: dict[str, Any]) -> Any:
    asked = client.post(f"/tools/{tool}", json={"params": params})
    assert asked.status_code == 409, asked.text
    return client.post(
        f"/tools/{tool}", json={"params": params, "confirm": asked.json()["confirm"]}
    )


def test_a_saved_search_is_confirmed_kept_as_checked_json_and_removable(
    app_client: TestClient,
) -> None:
    criteria = {"location": "78704", "beds_min": 3, "price_max": 600000}
    asked = app_client.post("/tools/save_search", json={"params": {"criteria": criteria}})
    assert asked.status_code == 409 and "Save this search" in asked.json()["detail"]
    assert _entries(app_client, "SEARCH") == {}  # nothing kept without a yes
    saved = _confirmed(app_client, "save_search", {"criteria": criteria})
    assert saved.status_code == 200
    key = saved.json()["result"]["key"]
    assert key == "search_78704_3bd_under_600k"
    assert json.loads(_entries(app_client, "SEARCH")[key]) == criteria
    assert saved.json()["change"]["entry_type"] == "SEARCH"
    gone = app_client.delete(f"/memory/preferences/real_estate/{key}")
    assert gone.status_code == 204 and key not in _entries(app_client, "SEARCH")


def test_bad_criteria_are_refused_naming_the_field(app_client: TestClient) -> None:
    bad = app_client.post("/tools/save_search", json={"params": {"criteria": {"beds_min": "lots"}}})
    assert bad.status_code == 422 and "criteria.beds_min" in bad.json()["detail"]
    unknown = app_client.post(
        "/tools/save_search", json={"params": {"criteria": {"colour": "red"}}}
    )
    assert unknown.status_code == 422 and "'colour'" in unknown.json()["detail"]


def test_a_watch_on_a_listing_that_does_not_exist_is_refused(app_client: TestClient) -> None:
    refused = _confirmed(app_client, "watch_home", {"zpid": "1", "watch": "price"})
    assert refused.status_code == 404 and "no listing with zpid 1" in refused.json()["detail"]
    assert _entries(app_client, "WATCH") == {}


def test_chat_watch_this_search_and_the_second_ones_price(app_client: TestClient) -> None:
    first = stream_turn(app_client, "3 bedroom houses in 78745 under 600k")
    session, shown = first[0]["session_id"], last_data(first)["items"]
    asked = stream_turn(app_client, "tell me when new ones come up", session)
    confirm = asked[-2]
    assert confirm["type"] == "confirm" and confirm["tool"] == "save_search"
    done = _answer(app_client, session, confirm["id"])
    assert "I'll tell you when new homes match it" in answer_text(done)
    kept = _entries(app_client, "SEARCH")
    assert {"location": "78745", "beds_min": 3, "price_max": 600000}.items() <= {
        k: v for k, v in json.loads(kept["search_78745_house_3bd_under_600k"]).items()
    }.items()

    asked = stream_turn(app_client, "let me know if the second one drops in price", session)
    confirm = asked[-2]
    assert confirm["tool"] == "watch_home"
    assert confirm["args"] == {"zpid": shown[1]["zpid"], "watch": "price"}
    assert "watch_home" not in started_tools(asked)
    done = _answer(app_client, session, confirm["id"])
    assert f"I'm watching {shown[1]['address']}" in answer_text(done)
    assert _entries(app_client, "WATCH")[f"watch_{shown[1]['zpid']}"] == "price"


def _answer(client: TestClient, session: str, confirm_id: str) -> list[dict[str, Any]]:
    body = {"session_id": session, "confirm": {"id": confirm_id, "approve": True}}
    with client.stream("POST", "/chat/stream", json=body) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


@pytest.fixture(scope="module")
def tokens_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("tokens")
    with app_client(folder / "memory", api_tokens_file=write_tokens(folder)) as client:
        client.memory_root = folder / "memory"  # type: ignore[attr-defined]
        yield client


def test_guests_are_told_to_sign_in_first(tokens_client: TestClient) -> None:
    root = tokens_client.memory_root  # type: ignore[attr-defined]
    before = files_under(root)
    calls = {
        "save_search": {"criteria": {"location": "78704"}},
        "watch_home": {"zpid": "29324909", "watch": "any"},
    }
    for tool, params in calls.items():
        for headers in ({}, bearer(GINA)):
            refused = tokens_client.post(f"/tools/{tool}", json={"params": params}, headers=headers)
            assert refused.status_code == 403 and "Sign in" in refused.json()["detail"]
    assert files_under(root) == before
    first = _turn(tokens_client, "houses in 78704", None)
    asked = _turn(tokens_client, "watch this search", first[0]["session_id"])
    assert answer_text(asked).startswith("Sign in to save")
    assert all(e["type"] != "confirm" for e in asked)
    assert _entries(tokens_client, "SEARCH", headers=bearer(GINA)) == {}


def _turn(client: TestClient, message: str, session: str | None) -> list[dict[str, Any]]:
    body = {"message": message, **({"session_id": session} if session else {})}
    with client.stream("POST", "/chat/stream", json=body, headers=bearer(GINA)) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())
