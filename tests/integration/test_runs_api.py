"""Turns as runs (docs/protocol.md, "Runs") on a real uvicorn server with a clock skill that can
be slowed: rejoining mid-turn and after it, a second message queued behind the first, cancelling,
and the refusals for what cannot be rejoined."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.servers import ServerProcess, free_port_window, sse_events, start_server
from tests.trust.helpers import ALICE, BOB, Clock, bearer, clock_skills, write_tokens


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, Clock]]:
    folder: Path = tmp_path_factory.mktemp("runs")
    clock = clock_skills(folder)
    server = start_server(
        folder / "memory",
        free_port_window(),
        SKILLS_DIR=str(clock.skills_dir),
        API_TOKENS_FILE=str(write_tokens(folder)),
    )
    yield server, clock
    server.stop()


def _events(response: httpx.Response) -> tuple[list[str], list[dict[str, Any]]]:
    lines = list(response.iter_lines())
    return [ln[3:].strip() for ln in lines if ln.startswith("id:")], sse_events(iter(lines))


def _turn(url: str, text: str, session: str, token: str = ALICE) -> list[dict[str, Any]]:
    body = {"message": text, "session_id": session}
    with httpx.stream(
        "POST", f"{url}/chat/stream", json=body, headers=bearer(token), timeout=60
    ) as r:
        assert r.status_code == 200, r.read()
        return _events(r)[1]


def _running(detail: str, timeout_s: float = 10) -> dict[str, Any]:
    """The session's `run` once a turn runs on it."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        run = httpx.get(detail, headers=bearer(ALICE)).json().get("run")
        if run and run["status"] == "running":
            return dict(run)
        time.sleep(0.05)
    raise AssertionError("no turn started")


def test_a_finished_turn_replays_whole_and_a_bad_rejoin_is_refused(
    setup: tuple[ServerProcess, Clock],
) -> None:
    server, clock = setup
    clock.set("ok")
    sent = _turn(server.url, "what time is it?", "runs-replay")
    stream = f"{server.url}/sessions/runs-replay/stream"
    with httpx.stream("GET", stream, headers=bearer(ALICE), timeout=30) as response:
        ids, replayed = _events(response)
    assert replayed == sent and ids[0].endswith(":1")
    with httpx.stream("GET", f"{stream}?after=2", headers=bearer(ALICE), timeout=30) as response:
        assert _events(response)[1] == sent[2:]
    beyond = httpx.get(f"{stream}?after=999", headers=bearer(ALICE))
    assert beyond.status_code == 422 and "beyond" in beyond.json()["detail"]
    malformed = httpx.get(stream, headers={**bearer(ALICE), "Last-Event-ID": "nonsense"})
    assert malformed.status_code == 422
    assert (
        httpx.get(f"{server.url}/sessions/never-ran/stream", headers=bearer(ALICE)).status_code
        == 404
    )
    assert httpx.get(stream, headers=bearer(BOB)).status_code == 404  # not Bob's session
    assert httpx.get(stream).status_code == 401  # and not a guest's


def test_a_second_message_is_queued_and_either_can_be_cancelled(
    setup: tuple[ServerProcess, Clock],
) -> None:
    server, clock = setup
    clock.set("sleep:2")
    results: dict[str, list[dict[str, Any]]] = {}
    first = threading.Thread(
        target=lambda: results.__setitem__("first", _turn(server.url, "what time is it?", "runs-q"))
    )
    first.start()
    detail = f"{server.url}/sessions/runs-q"
    running = _running(detail)
    assert running["status"] == "running" and running["message"] == "what time is it?"

    second = _turn(server.url, "what time is it now?", "runs-q")  # waits behind the first
    first.join()
    assert second[0]["type"] == "queued" and second[0]["ahead"] == 1
    assert results["first"][-1]["type"] == "done" and second[-1]["type"] == "done"
    turns = httpx.get(detail, headers=bearer(ALICE)).json()["turns"]
    assert [t["user"] for t in turns] == ["what time is it?", "what time is it now?"]

    # cancel a running turn: it stops, is kept as interrupted, and the session moves on
    done: list[list[dict[str, Any]]] = []
    third = threading.Thread(
        target=lambda: done.append(_turn(server.url, "what time is it please?", "runs-q"))
    )
    third.start()
    run_id = _running(detail)["id"]
    assert httpx.delete(f"{detail}/runs/{run_id}", headers=bearer(ALICE)).status_code == 204
    third.join()
    assert [e["type"] for e in done[0][-2:]] == ["error", "done"]
    assert "cancelled" in done[0][-2]["message"]
    assert httpx.delete(f"{detail}/runs/{run_id}", headers=bearer(ALICE)).status_code == 409
    assert httpx.delete(f"{detail}/runs/nope", headers=bearer(ALICE)).status_code == 404
    clock.set("ok")
    turns = httpx.get(detail, headers=bearer(ALICE)).json()["turns"]
    assert (
        turns[-1]["user"] == "what time is it please?" and "interrupted" in turns[-1]["assistant"]
    )
    assert "run" not in httpx.get(detail, headers=bearer(ALICE)).json()
