"""Local accounts through the real app: the first admin, sign-up in each mode, sign-in and
its rate limits, sign-out, and the session cookie's properties."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import pytest

from tests.accounts.helpers import (
    ADMIN,
    PASSWORD,
    accounts_app,
    csrf,
    invite,
    join,
    new_browser,
    setup_admin,
    sign_in,
)


def test_the_first_admin_needs_the_setup_code_and_only_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with accounts_app(tmp_path) as client:
        code_file = tmp_path / "memory" / "accounts" / "setup-code"
        assert stat.S_IMODE(code_file.stat().st_mode) == 0o600
        assert str(code_file) in caplog.text
        assert code_file.read_text().strip() not in caplog.text  # the log names the file only
        assert client.get("/auth/config").json() == {
            "accounts": True,
            "signup": "invite",
            "oidc": False,
            "setup_needed": True,
        }
        wrong = client.post(
            "/auth/setup", json={"code": "guess", "email": ADMIN, "password": PASSWORD}
        )
        assert wrong.status_code == 403
        made = setup_admin(client)
        assert made["user"]["role"] == "admin"
        assert client.get("/auth/me").json()["via"] == "session"
        again = new_browser(client).post(
            "/auth/setup", json={"code": "x", "email": "eve@example.com", "password": PASSWORD}
        )
        assert again.status_code == 409
        assert client.get("/auth/config").json()["setup_needed"] is False


def test_the_session_cookie_is_httponly_lax_and_secure_behind_tls(tmp_path: Path) -> None:
    with accounts_app(tmp_path, public_url="https://homes.example.com") as client:
        setup_admin(client)
        headers = client.post("/auth/signin", json={"email": ADMIN, "password": PASSWORD}).headers
        cookies = headers.get_list("set-cookie")
        session = next(c for c in cookies if c.startswith("propsearch_session="))
        token = next(c for c in cookies if c.startswith("propsearch_csrf="))
        assert "HttpOnly" in session and "SameSite=lax" in session and "Secure" in session
        assert "Path=/" in session
        assert "HttpOnly" not in token and "Secure" in token


def test_invite_mode_refuses_sign_up_without_an_invitation(tmp_path: Path) -> None:
    with accounts_app(tmp_path) as admin:
        setup_admin(admin)
        browser = new_browser(admin)
        refused = join(browser, "ben@example.com")
        assert refused.status_code == 403
        assert "invitation" in refused.json()["detail"]
        token = invite(admin, "ben@example.com", role="agent")
        assert join(browser, "carl@example.com", token).status_code == 403  # not his
        made = join(browser, "ben@example.com", token)
        assert made.status_code == 201
        assert browser.get("/auth/me").json()["role"] == "agent"
        assert join(new_browser(admin), "ben@example.com", token).status_code == 403  # used


def test_open_sign_up_signs_in_and_approval_waits_for_an_admin(tmp_path: Path) -> None:
    with accounts_app(tmp_path, accounts_signup="open") as admin:
        setup_admin(admin)
        browser = new_browser(admin)
        assert join(browser, "olga@example.com").status_code == 201
        assert browser.get("/auth/me").json()["user"]["email"] == "olga@example.com"
        assert join(new_browser(admin), "olga@example.com").status_code == 409
    with accounts_app(tmp_path / "approval", accounts_signup="approval") as admin:
        setup_admin(admin)
        browser = new_browser(admin)
        waiting = join(browser, "pia@example.com")
        assert waiting.status_code == 202
        assert waiting.json()["user"]["status"] == "pending"
        assert sign_in(browser, "pia@example.com").status_code == 403
        user_id = waiting.json()["user"]["id"]
        approved = admin.patch(
            f"/admin/users/{user_id}", json={"status": "active"}, headers=csrf(admin)
        )
        assert approved.status_code == 200
        assert sign_in(browser, "pia@example.com").status_code == 200


def test_wrong_passwords_are_limited_per_account_with_no_hint_the_email_exists(
    tmp_path: Path,
) -> None:
    with accounts_app(tmp_path, signin_max_failures=3) as client:
        setup_admin(client)
        browser = new_browser(client)
        known = sign_in(browser, ADMIN, "not the password")
        unknown = sign_in(browser, "nobody@example.com", "not the password")
        assert known.status_code == unknown.status_code == 401
        assert known.json() == unknown.json() == {"detail": "wrong email or password"}
        for _ in range(2):
            assert sign_in(browser, ADMIN, "still wrong").status_code == 401
            assert sign_in(browser, "nobody@example.com", "still wrong").status_code == 401
        limited = sign_in(browser, ADMIN)  # even the right password waits now
        assert limited.status_code == 429
        assert "too many failed sign-ins" in limited.json()["detail"]
        assert int(limited.headers["Retry-After"]) > 0
        ghost = sign_in(browser, "nobody@example.com", "again")
        assert (ghost.status_code, ghost.json()) == (429, limited.json())


def test_wrong_passwords_are_limited_per_address_across_accounts(tmp_path: Path) -> None:
    with accounts_app(tmp_path, signin_address_max_failures=4) as client:
        setup_admin(client)
        browser = new_browser(client)
        for number in range(4):
            assert sign_in(browser, f"guess{number}@example.com", "x" * 12).status_code == 401
        assert sign_in(browser, ADMIN).status_code == 429
        audit = client.get("/admin/audit").json()["events"]
        assert [e["ok"] for e in audit if e["kind"] == "signin"][:4] == [False] * 4


def test_sign_out_ends_the_session_and_everywhere_ends_them_all(tmp_path: Path) -> None:
    with accounts_app(tmp_path) as client:
        setup_admin(client)
        laptop, phone = new_browser(client), new_browser(client)
        for browser in (laptop, phone):
            assert sign_in(browser, ADMIN).status_code == 200
        old_cookie = laptop.cookies.get("propsearch_session")
        assert laptop.post("/auth/signout", headers=csrf(laptop)).status_code == 204
        assert laptop.get("/auth/me").json()["user"] is None
        stale = new_browser(client)
        stale.cookies.set("propsearch_session", old_cookie or "")
        assert stale.get("/sessions").status_code == 401
        assert phone.get("/sessions").status_code == 200
        ended = client.post("/auth/signout", json={"everywhere": True}, headers=csrf(client))
        assert ended.status_code == 204
        assert phone.get("/sessions").status_code == 401


def test_a_sign_in_always_makes_a_new_session_id(tmp_path: Path) -> None:
    """Session fixation: a cookie planted before sign-in is never the signed-in one, and a
    live session sent along with a sign-in is ended."""
    with accounts_app(tmp_path) as client:
        setup_admin(client)
        planted = "planted-by-an-attacker"
        answer = new_browser(client).post(
            "/auth/signin",
            json={"email": ADMIN, "password": PASSWORD},
            headers={"Cookie": f"propsearch_session={planted}"},
        )
        assert answer.status_code == 200
        assert session_cookie(answer) not in ("", planted)
        attacker = new_browser(client)
        known = session_cookie(sign_in(attacker, ADMIN))
        again = new_browser(client).post(
            "/auth/signin",
            json={"email": ADMIN, "password": PASSWORD},
            headers={"Cookie": f"propsearch_session={known}"},
        )
        assert session_cookie(again) not in ("", known)
        assert attacker.get("/sessions").status_code == 401


def session_cookie(answer: Any) -> str:
    for line in answer.headers.get_list("set-cookie"):
        if line.startswith("propsearch_session="):
            return str(line.split(";")[0].split("=", 1)[1])
    return ""
