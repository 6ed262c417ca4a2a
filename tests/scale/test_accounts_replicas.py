"""Accounts in the server profile, across two API replicas sharing PostgreSQL and Redis: a
session or key made on one works on the other, and disabling a person on one stops them on
the other at their next request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.scale.servers import Postgres, Redis, Replica

PASSWORD = "a long enough password"


@pytest.fixture(scope="module")
def replicas(
    postgres: Postgres, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[list[Replica]]:
    folder = tmp_path_factory.mktemp("accounts-replicas")
    (folder / "skills").mkdir()
    redis = Redis(folder / "redis")
    redis.start()
    env = {
        "STORAGE": "server",
        "DATABASE_URL": postgres.app_database(),
        "REDIS_URL": redis.url,
        "ACCOUNTS": "on",
        "ACCOUNTS_SIGNUP": "open",
        "PSEUDONYM_SECRET": "replicas-pseudonym-secret-0123456789abcdef",
        "SKILLS_DIR": str(folder / "skills"),
    }
    started: list[Replica] = []
    try:
        for name in ("a", "b"):
            started.append(Replica(folder / name, env).start())
        yield started
    finally:
        for replica in started:
            replica.stop()
        redis.stop()


def _client(replica: Replica, cookies: httpx.Cookies | None = None) -> httpx.Client:
    return httpx.Client(base_url=replica.url, cookies=cookies, trust_env=False, timeout=30)


def _csrf(client: httpx.Client) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies.get("propsearch_csrf") or ""}


def test_sessions_keys_and_disabling_hold_across_replicas(replicas: list[Replica]) -> None:
    a, b = replicas
    code = (Path(a.memory_root) / "accounts" / "setup-code").read_text().strip()
    with _client(a) as admin_a:
        made = admin_a.post(
            "/auth/setup", json={"code": code, "email": "ada@example.com", "password": PASSWORD}
        )
        assert made.status_code == 201, made.text
        with _client(b, admin_a.cookies) as admin_b:
            assert admin_b.get("/auth/me").json()["via"] == "session"
            with _client(b) as ben_b:
                joined = ben_b.post(
                    "/auth/signup", json={"email": "ben@example.com", "password": PASSWORD}
                )
                assert joined.status_code == 201, joined.text
                key = ben_b.post("/api-keys", json={"name": "cli"}, headers=_csrf(ben_b))
                assert key.status_code == 201, key.text
                bearer = {"Authorization": f"Bearer {key.json()['key']}"}
                with _client(a, ben_b.cookies) as ben_a:
                    assert ben_a.get("/sessions").status_code == 200
                    assert ben_a.get("/sessions", headers=bearer).status_code == 200
                    ben_id = joined.json()["user"]["id"]
                    off = admin_b.patch(
                        f"/admin/users/{ben_id}",
                        json={"status": "disabled"},
                        headers=_csrf(admin_b),
                    )
                    assert off.status_code == 200
                    assert ben_a.get("/sessions").status_code == 401
                    assert ben_a.get("/sessions", headers=bearer).status_code == 401
