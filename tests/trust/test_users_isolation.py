"""Users through the real API: bearer tokens, 401s, and no way into another user's data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.security.auth import TokensFileError, load_tokens
from agent_graph.storage.session_file import parsed
from tests.servers import sse_events
from tests.trust.helpers import ALICE, BOB, app_client, bearer, files_under

BOB_SEARCH = "We're looking in Pflugerville, budget $400k, need 3 bedrooms"


def _turn(client: TestClient, token: str, message: str, session_id: str | None = None) -> list:
    body = {"message": message, **({"session_id": session_id} if session_id else {})}
    with client.stream("POST", "/chat/stream", json=body, headers=bearer(token)) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


@pytest.fixture(scope="module")
def bob_session(client: TestClient) -> str:
    events = _turn(client, BOB, BOB_SEARCH)
    assert events[-1]["type"] == "done" and not [e for e in events if e["type"] == "error"]
    session_id: str = events[0]["session_id"]
    return session_id


PROTECTED = [
    ("POST", "/chat", {"message": "hi"}),
    ("POST", "/chat/stream", {"message": "hi"}),
    ("GET", "/skills", None),
    ("GET", "/sessions", None),
    ("GET", "/sessions/abc", None),
    ("GET", "/sessions/abc/title", None),
    ("DELETE", "/sessions/abc", None),
    ("GET", "/debug/sessions/abc/context", None),
    ("GET", "/memory/preferences", None),
    ("DELETE", "/memory/preferences/real_estate/budget_max", None),
]


@pytest.mark.parametrize(("method", "path", "body"), PROTECTED)
@pytest.mark.parametrize("auth", [None, "Bearer not-a-known-token-at-all", "Basic YWxpY2U6eA=="])
def test_every_endpoint_needs_a_known_bearer_token(
    client: TestClient, method: str, path: str, body: dict | None, auth: str | None
) -> None:
    headers = {"Authorization": auth} if auth else {}
    response = client.request(method, path, json=body, headers=headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"
    assert "bearer token" in response.json()["detail"]


def test_health_and_ui_stay_open_but_details_are_for_admins(client: TestClient) -> None:
    assert client.get("/health").json() == {"status": "ok"}
    assert client.get("/health", headers=bearer(ALICE)).json() == {"status": "ok"}
    assert client.get("/").status_code == 200


def test_user_cannot_list_read_title_debug_or_delete_anothers_session(
    client: TestClient, bob_session: str
) -> None:
    root: Path = client.memory_root  # type: ignore[attr-defined]
    bob_file = root / "users" / "bob" / "sessions" / f"{bob_session}.json"
    before = bob_file.read_bytes()
    alice = bearer(ALICE)
    listed = client.get("/sessions", headers=alice).json()["sessions"]
    assert bob_session not in {s["id"] for s in listed}
    for path in (
        f"/sessions/{bob_session}",
        f"/sessions/{bob_session}/title",
        f"/debug/sessions/{bob_session}/context",
    ):
        assert client.get(path, headers=alice).status_code == 404, path
    assert client.delete(f"/sessions/{bob_session}", headers=alice).status_code == 404
    assert bob_file.read_bytes() == before
    assert client.get(f"/sessions/{bob_session}", headers=bearer(BOB)).status_code == 200


def test_user_cannot_see_or_forget_anothers_preferences(
    client: TestClient, bob_session: str
) -> None:
    bob_prefs = client.get("/memory/preferences", headers=bearer(BOB)).json()["preferences"]
    assert {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$400,000"} in bob_prefs[
        "real_estate"
    ]
    assert client.get("/memory/preferences", headers=bearer(ALICE)).json() == {"preferences": {}}
    response = client.delete("/memory/preferences/real_estate/budget_max", headers=bearer(ALICE))
    assert response.status_code == 404
    after = client.get("/memory/preferences", headers=bearer(BOB)).json()["preferences"]
    assert after == bob_prefs


def test_continuing_anothers_session_id_starts_a_new_session_of_ones_own(
    client: TestClient, bob_session: str
) -> None:
    root: Path = client.memory_root  # type: ignore[attr-defined]
    bob_file = root / "users" / "bob" / "sessions" / f"{bob_session}.json"
    before = bob_file.read_bytes()
    events = _turn(client, ALICE, "show me homes in Pflugerville", bob_session)
    assert events[0]["session_id"] == bob_session
    context = client.get(f"/debug/sessions/{bob_session}/context", headers=bearer(ALICE)).json()
    humans = [m["content"] for m in context["messages"] if m["type"] == "human"]
    assert humans == ["show me homes in Pflugerville"]  # none of Bob's history
    assert not {"preferences", "semantic", "episodes"} & set(context["sections"])
    assert "400,000" not in json.dumps(context)  # Bob's budget is not recalled (L1/L3)
    assert bob_file.read_bytes() == before
    mine = parsed((root / "users" / "alice" / "sessions" / f"{bob_session}.json").read_text())[0]
    assert [t["user"] for t in mine["turns"]] == ["show me homes in Pflugerville"]
    bob_view = client.get(f"/sessions/{bob_session}", headers=bearer(BOB)).json()
    assert [t["user"] for t in bob_view["turns"]] == [BOB_SEARCH]


def test_no_tokens_file_keeps_the_single_local_admin(tmp_path: Path) -> None:
    with app_client(tmp_path / "memory") as client:
        assert client.get("/sessions").status_code == 200
        health = client.get("/health").json()
        assert health["model"] == "offline" and "current_time" in health["skills"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not readable JSON"),
        ("[]", "non-empty JSON object"),
        ('{"short": {"user": "a", "role": "user"}}', r"16\+ characters"),
        ('{"a-long-enough-token-1": {"user": "a", "role": "root"}}', "role must be one of"),
        ('{"a-long-enough-token-1": {"user": "../etc", "role": "user"}}', "user id must be"),
        ('{"a-long-enough-token-1": {"user": "guest", "role": "user"}}', "reserved"),
    ],
)
def test_a_bad_tokens_file_fails_fast_without_echoing_tokens(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "tokens.json"
    path.write_text(content)
    with pytest.raises(TokensFileError, match=message) as failure:
        load_tokens(path)
    assert "a-long-enough-token-1" not in str(failure.value)
    with pytest.raises(TokensFileError), app_client(tmp_path / "memory", api_tokens_file=path):
        pass
    assert files_under(tmp_path / "memory") == {}
