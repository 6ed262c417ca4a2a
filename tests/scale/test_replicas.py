"""Stateless replicas behind nginx, sharing PostgreSQL and Redis (the server storage profile)."""

from __future__ import annotations

import threading
from typing import Any

import httpx

from tests.scale.conftest import GUEST_LIMIT, Cluster
from tests.scale.helpers import (
    assert_whole,
    confirm,
    data,
    errors,
    preference,
    said,
    stored,
    text,
    turn,
)


def test_a_conversation_alternating_replicas_stays_coherent(cluster: Cluster) -> None:
    a, b = cluster.replicas[0].url, cluster.replicas[1].url
    first = turn(a, "We're looking in Pflugerville, budget $400k, need 3 bedrooms")
    session = first[0]["session_id"]
    listed = data(first)["items"]
    assert listed and all(i["city"] == "Pflugerville" for i in listed)

    second = turn(b, "the second one", session)  # ordinals resolve on the other replica
    detail = data(second)
    assert detail["type"] == "detail" and detail["items"][0]["zpid"] == listed[1]["zpid"]

    third = turn(a, "same but under $350k", session)  # a refinement keeps the criteria
    refined = data(third)["items"]
    assert refined and all(i["city"] == "Pflugerville" and i["price"] <= 350_000 for i in refined)

    fresh = turn(b, "show me what's available")  # preferences saved via A, used by B
    assert "Using your saved budget of $400,000" in text(fresh)
    assert all(i["price"] <= 400_000 for i in data(fresh)["items"])

    title = httpx.get(f"{b}/sessions/{session}/title").json()["title"]
    assert title and title == httpx.get(f"{a}/sessions/{session}/title").json()["title"]
    record = stored(cluster.database_url, session)
    assert [t["user"] for t in record["turns"]] == [
        "We're looking in Pflugerville, budget $400k, need 3 bedrooms",
        "the second one",
        "same but under $350k",
    ]
    assert_whole(record)
    for replica in cluster.replicas:  # nothing of it on any replica's disk
        logs = replica.memory_root / "logs"  # its own skill workers' output: diagnostics only
        files = [p for p in replica.memory_root.rglob("*") if p.is_file() and logs not in p.parents]
        assert not files, files


def test_two_concurrent_turns_on_one_session_on_two_replicas_are_serialised(
    cluster: Cluster,
) -> None:
    a, b = cluster.replicas[0].url, cluster.replicas[1].url
    session = turn(a, "what time is it?")[0]["session_id"]
    cluster.clock.set("sleep:1")  # each turn holds the session a while
    results: dict[str, list[dict[str, Any]]] = {}

    def run(url: str, message: str) -> None:
        results[message] = turn(url, message, session)

    try:
        threads = [
            threading.Thread(target=run, args=(a, "what time is it in Austin?")),
            threading.Thread(target=run, args=(b, "what time is it here?")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        cluster.clock.set("ok")
    assert all(not errors(events) for events in results.values()), results
    record = stored(cluster.database_url, session)
    users = [t["user"] for t in record["turns"]]
    assert users[0] == "what time is it?"
    assert sorted(users[1:]) == ["what time is it here?", "what time is it in Austin?"]
    assert_whole(record)


def test_many_sessions_at_once_on_one_replica_share_its_checkpoint_connection(
    cluster: Cluster,
) -> None:
    """Every turn goes through the replica's one PostgreSQL checkpointer connection; turns of
    different sessions at the same moment must queue on it, never break each other's use."""
    a = cluster.replicas[0].url
    results: dict[int, list[list[dict[str, Any]]]] = {}

    def run(n: int) -> None:
        first = turn(a, "3 bedroom houses in Austin under $450k")
        session = first[0]["session_id"]
        results[n] = [first, turn(a, "the second one", session)]

    threads = [threading.Thread(target=run, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(results) == 8
    problems = [errors(events) for pair in results.values() for events in pair]
    assert not any(problems), problems
    assert all(pair[1][-1]["type"] == "done" for pair in results.values())


def test_the_guest_rate_limit_holds_across_replicas(cluster: Cluster) -> None:
    a, b = cluster.replicas[0].url, cluster.replicas[1].url
    first = turn(a, "what time is it?", path="/chat/public/stream")
    session = first[0]["session_id"]
    # The guest session lives in Redis: B continues the conversation A started.
    assert turn(b, "what time is it?", session, path="/chat/public/stream")[0]["session_id"] == (
        session
    )
    codes = [
        httpx.post(f"{url}/chat/public", json={"message": "what time is it?"}, timeout=60)
        for url in [a, b] * GUEST_LIMIT
    ]
    statuses = [r.status_code for r in codes]
    assert statuses[: GUEST_LIMIT - 2] == [200] * (GUEST_LIMIT - 2)
    assert set(statuses[GUEST_LIMIT - 2 :]) == {429}
    assert int(codes[-1].headers["Retry-After"]) >= 1


def test_a_change_made_through_one_replica_is_listed_and_undone_through_another(
    cluster: Cluster,
) -> None:
    a, b = cluster.replicas[0].url, cluster.replicas[1].url
    before = preference(a, "budget_max")
    assert not errors(said(a, "my budget is $437k"))
    assert preference(a, "budget_max") == "$437,000"

    listed = httpx.get(f"{b}/memory/changes").json()["changes"]
    change = listed[0]  # newest first
    assert (change["key"], change["old"], change["new"]) == ("budget_max", before, "$437,000")
    assert change["message"] == "my budget is $437k" and not change["undone"]

    undo = httpx.post(f"{b}/memory/changes/{change['id']}/undo")
    assert undo.status_code == 200, undo.text
    assert undo.json()["change"]["new"] == before
    assert preference(a, "budget_max") == before  # undone through B, seen through A
    relisted = httpx.get(f"{a}/memory/changes").json()["changes"]
    assert relisted[0]["id"] == undo.json()["change"]["id"]
    assert next(c for c in relisted if c["id"] == change["id"])["undone"]
    assert httpx.post(f"{a}/memory/changes/{change['id']}/undo").status_code == 409


def test_a_confirmation_asked_by_one_replica_is_answered_through_another(
    cluster: Cluster,
) -> None:
    a, b = cluster.replicas[0].url, cluster.replicas[1].url
    session = said(a, "my budget is $415k")[0]["session_id"]
    asked = turn(a, "forget my budget", session)
    assert [e["type"] for e in asked][-2:] == ["confirm", "done"]
    question = asked[-2]
    assert question["question"] == "Forget your budget ($415,000)?"
    assert preference(a, "budget_max") == "$415,000"  # nothing done before the answer

    answered = confirm(b, session, question["id"], approve=True)  # the paused turn is in Postgres
    assert not errors(answered) and answered[-1]["type"] == "done"
    assert preference(a, "budget_max") is None and preference(b, "budget_max") is None
    again = httpx.post(
        f"{a}/chat/stream",
        json={"session_id": session, "confirm": {"id": question["id"], "approve": True}},
    )
    assert again.status_code == 409  # answered once, on any replica
    record = stored(cluster.database_url, session)
    assert [t["user"] for t in record["turns"]] == ["my budget is $415k", "forget my budget"]
    assert_whole(record)


def test_an_admins_upload_past_nginxs_1_mib_reaches_the_api_through_the_balancer(
    cluster: Cluster,
) -> None:
    """The balancer's jobs location lets a listings file through (the API's own limit,
    JOB_UPLOAD_MAX_BYTES, judges it); every other route keeps nginx's 1 MiB."""
    encoded = "QUJD" * (400 * 1024)  # 1.6 MB of base64
    body = {"args": {}, "file": {"name": "big.csv", "content_base64": encoded}}
    upload = httpx.post(f"{cluster.url}/jobs/no_skill.no_job/runs", json=body, timeout=30)
    elsewhere = httpx.post(f"{cluster.url}/chat", json={"message": encoded}, timeout=30)

    assert upload.status_code == 404  # the API read it all, then found no such job
    assert upload.json()["detail"].startswith("no job no_skill.no_job")
    assert elsewhere.status_code == 413 and "nginx" in elsewhere.text
