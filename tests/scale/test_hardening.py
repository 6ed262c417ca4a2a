"""The server profile as an attacker on the network or in a replica would find it: the app's
PostgreSQL role owns its database and nothing more, Redis needs its password, a database that
stops answering shows on /health and a locked table fails a turn instead of hanging it, and the
passwords inside DATABASE_URL / REDIS_URL never reach a log or an answer."""

from __future__ import annotations

import threading
import time

import httpx
import psycopg
import pytest
import redis

from tests.scale.conftest import Cluster
from tests.scale.helpers import errors, turn
from tests.scale.servers import APP_PASSWORD, REDIS_PASSWORD, Postgres


def test_the_app_role_owns_its_database_and_nothing_more(cluster: Cluster) -> None:
    with psycopg.connect(cluster.database_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        assert row == (False, False, False)
        for forbidden in (
            "SELECT pg_read_file('/etc/passwd')",
            "COPY (SELECT 1) TO PROGRAM 'true'",
            "CREATE ROLE intruder LOGIN",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(forbidden)
    assert not errors(turn(cluster.url, "what time is it?"))  # and the app works with it


def test_redis_refuses_a_client_without_the_password(cluster: Cluster) -> None:
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(port=cluster.redis.port).ping()
    assert redis.Redis(port=cluster.redis.port, password=REDIS_PASSWORD).ping()


def test_health_reports_a_database_that_stopped_answering(
    cluster: Cluster, postgres: Postgres
) -> None:
    replica = cluster.replicas[0]
    healthy = httpx.get(f"{replica.url}/health", timeout=10)
    assert healthy.status_code == 200
    assert healthy.json()["dependencies"] == {"PostgreSQL": "ok", "Redis": "ok"}
    postgres.pause()
    try:
        started = time.monotonic()
        hung = httpx.get(f"{replica.url}/health", timeout=20)
        assert time.monotonic() - started < 15  # the probe has a deadline; the replica answers
        assert hung.status_code == 503
        assert hung.json()["status"] == "degraded"
        assert hung.json()["dependencies"]["PostgreSQL"].startswith("no answer")
        assert hung.json()["dependencies"]["Redis"] == "ok"
    finally:
        postgres.unpause()
    assert httpx.get(f"{replica.url}/health", timeout=10).status_code == 200
    cluster.redis.stop()
    try:
        down = httpx.get(f"{replica.url}/health", timeout=20)
        assert down.status_code == 503 and down.json()["dependencies"]["Redis"] != "ok"
    finally:
        cluster.redis.start()


def test_a_locked_table_fails_the_turn_instead_of_holding_it(cluster: Cluster) -> None:
    session = turn(cluster.url, "what time is it?")[0]["session_id"]
    locked, release = threading.Event(), threading.Event()

    def hold_lock() -> None:
        with psycopg.connect(cluster.database_url) as conn, conn.transaction():
            conn.execute("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE")
            locked.set()
            release.wait(60)

    holder = threading.Thread(target=hold_lock)
    holder.start()
    try:
        assert locked.wait(10)
        during = turn(cluster.replicas[0].url, "and now?", session)
        assert "PostgreSQL" in errors(during)[0] and during[-1]["type"] == "done"
    finally:
        release.set()
        holder.join()
    assert not errors(turn(cluster.url, "and now?", session))


def test_url_passwords_never_reach_a_log_or_an_answer(cluster: Cluster) -> None:
    outputs = [httpx.get(f"{r.url}/health").text for r in cluster.replicas]
    for replica in cluster.replicas:
        outputs += [p.read_text() for p in replica.folder.glob("*.log")]
    assert outputs
    for text in outputs:
        assert APP_PASSWORD not in text and REDIS_PASSWORD not in text
