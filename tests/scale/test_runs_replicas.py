"""Runs across replicas (server profile): a turn that runs on replica A is rejoined, and
cancelled, through replica B, its events read from Redis Streams."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx

from tests.scale.conftest import Cluster
from tests.scale.helpers import stored, turn
from tests.servers import sse_events


def _running(url: str, session: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        run = httpx.get(f"{url}/sessions/{session}").json().get("run")
        if run and run["status"] == "running":
            return dict(run)
        time.sleep(0.05)
    raise AssertionError("no turn started")


def _rejoin(url: str, session: str) -> tuple[list[str], list[dict[str, Any]]]:
    with httpx.stream("GET", f"{url}/sessions/{session}/stream", timeout=60) as response:
        assert response.status_code == 200, response.read()
        lines = list(response.iter_lines())
    return [ln[3:].strip() for ln in lines if ln.startswith("id:")], sse_events(iter(lines))


def test_a_turn_on_one_replica_is_followed_and_cancelled_through_the_other(
    cluster: Cluster,
) -> None:
    a, b = cluster.replicas[0].url, cluster.replicas[1].url
    cluster.clock.set("sleep:7")  # quiet for longer than Redis reads may block, with a retry
    try:
        sent: list[list[dict[str, Any]]] = []
        started = threading.Thread(
            target=lambda: sent.append(turn(a, "what time is it?", "runs-across"))
        )
        started.start()
        run = _running(b, "runs-across")  # B sees A's run
        assert run["message"] == "what time is it?"
        ids, followed = _rejoin(b, "runs-across")  # replayed from A's start, live to its end
        started.join()
        assert followed == sent[0] and followed[-1]["type"] == "done"
        assert ids == [f"{run['id']}:{n}" for n in range(1, len(ids) + 1)]

        stopping: list[list[dict[str, Any]]] = []
        second = threading.Thread(
            target=lambda: stopping.append(turn(a, "what time is it now?", "runs-across"))
        )
        second.start()
        run = _running(b, "runs-across")
        assert httpx.delete(f"{b}/sessions/runs-across/runs/{run['id']}").status_code == 204
        second.join(timeout=30)
        assert [e["type"] for e in stopping[0][-2:]] == ["error", "done"]
    finally:
        cluster.clock.set("ok")
    turns = stored(cluster.database_url, "runs-across")["turns"]
    assert [t["user"] for t in turns] == ["what time is it?", "what time is it now?"]
    assert "interrupted" in turns[-1]["assistant"]
