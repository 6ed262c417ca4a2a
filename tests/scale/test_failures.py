"""Replicas, Redis and PostgreSQL failing under a running cluster: nothing torn, clear errors,
recovery when they come back."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import psycopg

from agent_graph.turns.interrupted import INTERRUPTED_NOTE
from tests.scale.conftest import Cluster
from tests.scale.helpers import (
    assert_whole,
    confirm,
    errors,
    preference,
    said,
    stored,
    text,
    turn,
)
from tests.scale.servers import Postgres
from tests.servers import sse_events


def _in_background(url: str, text: str, session: str) -> tuple[threading.Thread, list[Any]]:
    """A turn running in a thread; returns once its tool call has started."""
    out: list[Any] = []
    started = threading.Event()

    def run() -> None:
        body = {"message": text, "session_id": session}
        with httpx.stream("POST", f"{url}/chat/stream", json=body, timeout=120) as response:
            lines = []
            for line in response.iter_lines():
                lines.append(line)
                if '"status": "start"' in line:
                    started.set()
            out.append(sse_events(iter(lines)))
        started.set()

    thread = threading.Thread(target=run)
    thread.start()
    started.wait(timeout=60)
    return thread, out


def _owner_of(database_url: str, session: str) -> str:
    """The replica holding the lease of the session's running turn (turns/takeover.py)."""
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT owner FROM run_leases WHERE session_id = %s", (session,)
        ).fetchone()
    assert row is not None, "the running turn holds no lease"
    return str(row[0])


def test_sigkill_of_the_replica_running_a_turn_hands_it_to_the_other(cluster: Cluster) -> None:
    """Behind nginx, with PostgreSQL and Redis: the turn's replica is killed in the middle of
    a tool call; the other takes the turn over from its last checkpoint, and a client that
    rejoins through the balancer sees it complete, once."""
    session = turn(cluster.url, "what time is it?")[0]["session_id"]
    cluster.clock.set("sleep:2")
    body = {"message": "what time is it now?", "session_id": session}
    seen: list[str] = []
    with httpx.stream("POST", f"{cluster.url}/chat/stream", json=body, timeout=60) as response:
        for line in response.iter_lines():
            seen.append(line)
            if '"status": "start"' in line:  # inside the tool call
                break
    owner = _owner_of(cluster.database_url, session)
    victims = [r for r in cluster.replicas if r.process and f"-{r.process.pid}-" in owner]
    assert len(victims) == 1, owner
    victims[0].kill()
    cluster.clock.set("ok")

    last = [line[3:].strip() for line in seen if line.startswith("id:")][-1]
    headers = {"Last-Event-ID": last}
    with httpx.stream(
        "GET", f"{cluster.url}/sessions/{session}/stream", headers=headers, timeout=90
    ) as response:
        assert response.status_code == 200
        rest = sse_events(response.iter_lines())
    kinds = [e["type"] for e in rest]
    assert "resumed" in kinds and kinds[-1] == "done" and not errors(rest), rest
    steps = [e for e in rest if e["type"] == "step" and e["name"] == "get_current_time"]
    assert [e["status"] for e in steps] == ["start", "end"]  # a reader: run again
    resumed = next(e for e in rest if e["type"] == "resumed")
    answer = resumed["text"] + text(rest[kinds.index("resumed") :])
    assert "9:41" in answer

    after = turn(cluster.url, "what time is it?", session)  # the balancer skips the dead one
    assert not errors(after) and after[-1]["type"] == "done"
    record = stored(cluster.database_url, session)
    assert [t["user"] for t in record["turns"]] == [
        "what time is it?",
        "what time is it now?",
        "what time is it?",
    ]
    assert record["turns"][1]["assistant"] == answer  # completed, not "(interrupted)"
    assert_whole(record)
    cluster.replace(cluster.replicas.index(victims[0]))


def test_a_replica_started_later_sees_every_session_preference_and_memory(
    cluster: Cluster,
) -> None:
    a = cluster.replicas[0].url
    turn(a, "We're looking in Pflugerville, budget $400k, need 3 bedrooms")
    turn(a, "show me homes with a swimming pool in 78748")
    late = cluster.replica()
    try:
        for path in ("/sessions", "/memory/preferences"):
            assert httpx.get(f"{late.url}{path}").json() == httpx.get(f"{a}{path}").json()
        assert httpx.get(f"{late.url}/memory/preferences").json()["preferences"]["real_estate"]
        session = turn(late.url, "homes with a pool in 78748")[0]["session_id"]
        context = httpx.get(f"{late.url}/debug/sessions/{session}/context").json()["sections"]
        assert "budget_max: $400,000" in context["preferences"]
        assert "78748" in context["semantic"]  # L3, written by replica A
    finally:
        late.stop()
        cluster.replicas.remove(late)


def test_redis_stopping_mid_run_gives_a_clear_error_and_recovers(cluster: Cluster) -> None:
    session = turn(cluster.url, "what time is it?")[0]["session_id"]
    cluster.clock.set("sleep:2")
    running, out = _in_background(cluster.url, "what time is it now?", session)
    cluster.redis.stop()
    try:
        running.join(timeout=60)
        cluster.clock.set("ok")
        kept = stored(cluster.database_url, session)
        during = turn(cluster.url, "what time is it?", session)
        assert "Redis" in errors(during)[0] and during[-1]["type"] == "done"
        assert stored(cluster.database_url, session) == kept  # nothing written, nothing torn
    finally:
        cluster.redis.start()
    assert not errors(out[0])  # the turn already holding its lock finished
    after = turn(cluster.url, "what time is it?", session)
    assert not errors(after)
    record = stored(cluster.database_url, session)
    assert len(record["turns"]) == 3
    assert_whole(record)


def test_postgres_stopping_mid_run_gives_a_clear_error_and_recovers(
    cluster: Cluster, postgres: Postgres
) -> None:
    session = turn(cluster.url, "what time is it?")[0]["session_id"]
    cluster.clock.set("sleep:8")  # outlasts `docker stop` on a loaded machine
    running, out = _in_background(cluster.url, "what time is it now?", session)
    postgres.stop()
    try:
        running.join(timeout=60)
        cluster.clock.set("ok")
        during = turn(cluster.url, "what time is it?", session)
        assert "PostgreSQL" in errors(during)[0] and during[-1]["type"] == "done"
    finally:
        postgres.resume()
    assert errors(out[0]), out[0]
    assert "PostgreSQL" in errors(out[0])[0]  # its answer could not be saved
    after = turn(cluster.url, "what time is it later?", session)
    assert not errors(after)
    record = stored(cluster.database_url, session)
    users = [t["user"] for t in record["turns"]]
    # The exchange PostgreSQL lost mid-way is kept as interrupted, never half-saved.
    assert users == ["what time is it?", "what time is it now?", "what time is it later?"]
    assert record["turns"][1]["assistant"] == INTERRUPTED_NOTE
    assert_whole(record)


def test_postgres_down_while_a_confirmation_is_answered_gives_a_clear_error(
    cluster: Cluster, postgres: Postgres
) -> None:
    session = said(cluster.url, "my budget is $425k")[0]["session_id"]
    question = turn(cluster.url, "forget my budget", session)[-2]
    assert question["type"] == "confirm"
    postgres.stop()
    try:
        during = confirm(cluster.url, session, question["id"], approve=True)
        assert "PostgreSQL" in errors(during)[0] and during[-1]["type"] == "done"
    finally:
        postgres.resume()
    # The paused turn outlived the outage: answering again (any replica) resumes it.
    answered = confirm(cluster.replicas[1].url, session, question["id"], approve=True)
    assert not errors(answered)
    assert preference(cluster.url, "budget_max") is None
    record = stored(cluster.database_url, session)
    assert [t["user"] for t in record["turns"]] == ["my budget is $425k", "forget my budget"]
    assert_whole(record)


def test_a_message_holding_nul_is_answered_and_stored(cluster: Cluster) -> None:
    # PostgreSQL text and jsonb refuse NUL; the turn used to fail and lose the message.
    first = turn(cluster.url, "homes in 78748 with a\x00 pool")
    assert not errors(first) and first[-1]["type"] == "done"
    session = first[0]["session_id"]
    after = turn(cluster.url, "what time is it?", session)
    assert not errors(after)
    record = stored(cluster.database_url, session)
    assert [t["user"] for t in record["turns"]] == [
        "homes in 78748 with a\ufffd pool",
        "what time is it?",
    ]
    assert_whole(record)
