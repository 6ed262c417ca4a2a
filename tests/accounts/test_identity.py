"""Cookies, API keys and operator tokens resolve to one identity on the existing routes; the
cookie's CSRF defences; keys shown once and stored hashed; a disabled account stops at once."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from tests.accounts.helpers import (
    accounts_app,
    csrf,
    database,
    invite,
    join,
    new_browser,
    setup_admin,
)
from tests.trust.helpers import bearer

ALICE_TOKEN = "alice-operator-token-0123456789"


def _chat(client: TestClient, session_id: str, **headers: str) -> int:
    body = {"session_id": session_id, "message": "hello"}
    return client.post("/chat", json=body, headers=headers).status_code


def _session_ids(client: TestClient, **headers: str) -> list[str]:
    answer = client.get("/sessions", headers=headers)
    assert answer.status_code == 200, answer.text
    return sorted(s["id"] for s in answer.json()["sessions"])


def test_a_token_user_moves_to_an_account_with_nothing_lost(tmp_path: Path) -> None:
    tokens = tmp_path / "tokens.json"
    tokens.write_text(json.dumps({ALICE_TOKEN: {"user": "alice", "role": "user"}}))
    with accounts_app(tmp_path, api_tokens_file=tokens) as admin:
        setup_admin(admin)
        assert _chat(admin, "before-accounts", **bearer(ALICE_TOKEN)) == 200
        token = invite(admin, "alice@example.com", user_id="alice")
        browser = new_browser(admin)
        assert join(browser, "alice@example.com", token).status_code == 201
        assert browser.get("/auth/me").json()["user_id"] == "alice"
        assert _session_ids(browser) == ["before-accounts"]
        assert _chat(browser, "with-cookie", **csrf(browser)) == 200
        key = browser.post("/api-keys", json={"name": "cli"}, headers=csrf(browser)).json()["key"]
        everywhere = ["before-accounts", "with-cookie"]
        assert _session_ids(admin, **bearer(key)) == everywhere
        assert _session_ids(admin, **bearer(ALICE_TOKEN)) == everywhere


def test_a_cookie_write_needs_this_sites_origin_and_its_sessions_csrf_token(
    tmp_path: Path,
) -> None:
    with accounts_app(tmp_path, accounts_signup="open") as admin:
        setup_admin(admin)
        mallory = new_browser(admin)
        join(mallory, "mallory@example.com")
        no_token = admin.post("/api-keys", json={"name": "x"})
        assert no_token.status_code == 403
        assert "X-CSRF-Token" in no_token.json()["detail"]
        other_sessions = admin.post("/api-keys", json={"name": "x"}, headers=csrf(mallory))
        assert other_sessions.status_code == 403
        cross_site = {**csrf(admin), "Origin": "https://evil.example"}
        assert admin.post("/api-keys", json={"name": "x"}, headers=cross_site).status_code == 403
        assert admin.get("/admin/users", headers={"Origin": "https://evil.example"}).is_success
        same_site = {**csrf(admin), "Origin": "http://localhost"}
        assert admin.post("/api-keys", json={"name": "x"}, headers=same_site).status_code == 201
        signin_from_elsewhere = new_browser(admin).post(
            "/auth/signin",
            json={"email": "mallory@example.com", "password": "a long enough password"},
            headers={"Origin": "https://evil.example"},
        )
        assert signin_from_elsewhere.status_code == 403


def test_api_keys_are_shown_once_stored_hashed_and_revoked_by_their_owner(
    tmp_path: Path,
) -> None:
    with accounts_app(tmp_path, accounts_signup="open") as admin:
        setup_admin(admin)
        made = admin.post("/api-keys", json={"name": "laptop"}, headers=csrf(admin))
        assert made.status_code == 201
        key = made.json()["key"]
        assert key.startswith("psk_") and made.json()["prefix"] == key[:12]
        listed = admin.get("/api-keys").json()["keys"]
        assert [k["name"] for k in listed] == ["laptop"] and "key" not in listed[0]
        with database(admin) as db:
            stored = "\n".join(str(row) for row in db.execute("SELECT * FROM api_keys"))
        assert key not in stored and key[12:] not in stored
        caller = new_browser(admin)
        assert caller.get("/admin/users", headers=bearer(key)).status_code == 200
        assert caller.get("/v1/models", headers=bearer(key)).status_code == 200
        other = new_browser(admin)
        join(other, "olga@example.com")
        assert other.delete(f"/api-keys/{listed[0]['id']}", headers=csrf(other)).status_code == 404
        gone = admin.delete(f"/api-keys/{listed[0]['id']}", headers=csrf(admin))
        assert gone.status_code == 204
        refused = caller.get("/admin/users", headers=bearer(key))
        assert refused.status_code == 401
        assert refused.headers["WWW-Authenticate"] == "Bearer"


def _mcp_initialize(client: TestClient, key: str) -> int:
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
    headers = {**bearer(key), "Accept": "application/json, text/event-stream"}
    return client.post("/mcp", json=body, headers=headers).status_code


def test_a_disabled_accounts_cookie_and_keys_fail_on_the_next_request(tmp_path: Path) -> None:
    with accounts_app(tmp_path, accounts_signup="open") as admin:
        setup_admin(admin)
        ben = new_browser(admin)
        ben_id = join(ben, "ben@example.com").json()["user"]["id"]
        key = ben.post("/api-keys", json={"name": "mcp"}, headers=csrf(ben)).json()["key"]
        script = new_browser(admin)
        assert ben.get("/sessions").status_code == 200
        assert _mcp_initialize(script, key) == 200
        off = admin.patch(
            f"/admin/users/{ben_id}", json={"status": "disabled"}, headers=csrf(admin)
        )
        assert off.status_code == 200 and off.json()["status"] == "disabled"
        assert ben.get("/sessions").status_code == 401
        assert script.get("/sessions", headers=bearer(key)).status_code == 401
        assert _mcp_initialize(script, key) == 401
        with database(admin) as db:
            left = db.execute("SELECT count(*) FROM web_sessions WHERE user_id = ?", (ben_id,))
            assert left.fetchone()[0] == 0


def test_a_role_change_applies_to_the_next_request(tmp_path: Path) -> None:
    with accounts_app(tmp_path, accounts_signup="open") as admin:
        me = setup_admin(admin)["user"]["id"]
        ben = new_browser(admin)
        ben_id = join(ben, "ben@example.com").json()["user"]["id"]
        assert ben.get("/admin/users").status_code == 403
        made = admin.patch(f"/admin/users/{ben_id}", json={"role": "admin"}, headers=csrf(admin))
        assert made.status_code == 200
        assert ben.get("/admin/users").status_code == 200
        assert ben.get("/auth/me").json()["role"] == "admin"
        own = admin.patch(f"/admin/users/{me}", json={"status": "disabled"}, headers=csrf(admin))
        assert own.status_code == 409
        audit = admin.get("/admin/audit").json()["events"]
        assert any(e["kind"] == "role" and e["user_id"] == ben_id for e in audit)


def test_sessions_end_when_idle_too_long_or_too_old(tmp_path: Path) -> None:
    with accounts_app(tmp_path, session_idle_s=3600, session_max_s=86400) as admin:
        setup_admin(admin)
        assert admin.get("/sessions").status_code == 200
        with database(admin) as db:  # two hours without a request
            db.execute("UPDATE web_sessions SET seen_at = seen_at - 7200")
        assert admin.get("/sessions").status_code == 401
        browser = new_browser(admin)
        assert browser.post(
            "/auth/signin", json={"email": "ada@example.com", "password": "a long enough password"}
        ).is_success
        with database(admin) as db:  # used a minute ago, signed in two days ago
            db.execute("UPDATE web_sessions SET created_at = created_at - 172800")
        assert browser.get("/sessions").status_code == 401


def test_a_password_change_ends_the_other_sessions(tmp_path: Path) -> None:
    with accounts_app(tmp_path) as admin:
        setup_admin(admin)
        phone = new_browser(admin)
        assert phone.post(
            "/auth/signin", json={"email": "ada@example.com", "password": "a long enough password"}
        ).is_success
        wrong = {"current_password": "not it at all", "new_password": "another long password"}
        assert admin.post("/auth/password", json=wrong, headers=csrf(admin)).status_code == 403
        short = {"current_password": "a long enough password", "new_password": "short"}
        assert admin.post("/auth/password", json=short, headers=csrf(admin)).status_code == 422
        right = {"current_password": "a long enough password", "new_password": "another long one"}
        assert admin.post("/auth/password", json=right, headers=csrf(admin)).status_code == 204
        assert admin.get("/sessions").status_code == 200
        assert phone.get("/sessions").status_code == 401


def test_an_admin_signed_in_by_cookie_or_key_may_send_a_job_file(tmp_path: Path) -> None:
    """The larger body limit of job runs follows the same identity as the routes: past the
    global limit, an admin's body reaches the route (no such job: 404), a user's is 413."""
    with accounts_app(tmp_path, accounts_signup="open", max_body_bytes=2048) as admin:
        setup_admin(admin)
        key = admin.post("/api-keys", json={"name": "ops"}, headers=csrf(admin)).json()["key"]
        ben = new_browser(admin)
        join(ben, "ben@example.com")
        body = {"args": {"file": "x" * 4096}}
        path = "/jobs/nothing.here/runs"
        assert admin.post(path, json=body, headers=csrf(admin)).status_code == 404
        assert new_browser(admin).post(path, json=body, headers=bearer(key)).status_code == 404
        refused = ben.post(path, json=body, headers=csrf(ben))
        assert refused.status_code == 413
        assert "only admins" in refused.json()["detail"]
