"""The real app with accounts on, in-process on a temp MEMORY_ROOT with no skills, and the
steps a browser takes (setup, sign-up, sign-in) as small functions."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from agent_graph.accounts.identity import CSRF_COOKIE
from tests.trust.helpers import app_client

PASSWORD = "a long enough password"
ADMIN = "ada@example.com"


@contextmanager
def accounts_app(folder: Path, **settings: Any) -> Iterator[TestClient]:
    """The app with ACCOUNTS=on (more settings on top), no skills, no account yet."""
    skills = folder / "skills"
    skills.mkdir(parents=True, exist_ok=True)
    with app_client(folder / "memory", skills_dir=skills, accounts_on=True, **settings) as client:
        yield client


def new_browser(client: TestClient) -> TestClient:
    """Another browser on the same app (its own cookie jar)."""
    other = TestClient(client.app, base_url=str(client.base_url))
    return other


def setup_admin(client: TestClient, email: str = ADMIN) -> dict[str, Any]:
    root = client.app.state.runtime.settings.memory_root
    code = (root / "accounts" / "setup-code").read_text().strip()  # as the operator reads it
    answer = client.post(
        "/auth/setup", json={"code": code, "email": email, "password": PASSWORD, "name": "Ada"}
    )
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def csrf(client: TestClient) -> dict[str, str]:
    """The header the web UI sends on writes: its session's CSRF token, read from the cookie."""
    return {"X-CSRF-Token": client.cookies.get(CSRF_COOKIE) or ""}


def sign_in(client: TestClient, email: str, password: str = PASSWORD) -> Any:
    return client.post("/auth/signin", json={"email": email, "password": password})


def invite(admin: TestClient, email: str, role: str = "user", **more: Any) -> str:
    answer = admin.post(
        "/admin/invitations", json={"email": email, "role": role, **more}, headers=csrf(admin)
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])


def join(client: TestClient, email: str, token: str | None = None) -> Any:
    body = {"email": email, "password": PASSWORD, "name": email.split("@")[0]}
    return client.post("/auth/signup", json={**body, "invitation": token})


def database(client: TestClient) -> sqlite3.Connection:
    """The embedded profile's accounts file, to read what is stored or age a row."""
    root = client.app.state.runtime.settings.memory_root
    return sqlite3.connect(root / "accounts" / "accounts.sqlite3")
