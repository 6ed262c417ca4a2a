"""A real uvicorn server: the client leaving mid tool call, and SIGKILL in the middle of writes."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

import httpx

from agent_graph.storage.session_file import parsed
from tests.servers import ServerProcess, free_port_window, sse_events, start_server
from tests.trust.helpers import clock_skills, kill_orphan_workers, session_files

TIME = ["human", "ai", "tool", "ai"]


def _turn(url: str, text: str, session: str | None = None, timeout: float = 30) -> list[dict]:
    body = {"message": text, **({"session_id": session} if session else {})}
    with httpx.stream("POST", f"{url}/chat/stream", json=body, timeout=timeout) as response:
        assert response.status_code == 200
        return sse_events(response.iter_lines())


def _leave_during_the_tool_call(url: str, session: str) -> str:
    """Send a turn and hang up once its tool call started; the id of the last event seen."""
    body = {"message": "what time is it now?", "session_id": session}
    seen = ""
    with httpx.stream("POST", f"{url}/chat/stream", json=body, timeout=30) as response:
        for line in response.iter_lines():
            if line.startswith("id:"):
                seen = line[3:].strip()
            if line.startswith("data:") and '"status": "start"' in line:
                return seen  # closing the response drops the connection mid-call
    raise AssertionError("the tool call never started")


def _assert_every_tool_call_answered(messages: list[dict]) -> None:
    answered = {m["data"]["tool_call_id"] for m in messages if m["type"] == "tool"}
    for message in messages:
        for call in message["data"].get("tool_calls") or []:
            assert call["id"] in answered


def test_a_turn_outlives_its_connection_and_the_client_rejoins_where_it_left(
    tmp_path: Path,
) -> None:
    clock = clock_skills(tmp_path)
    server = start_server(tmp_path / "memory", free_port_window(), SKILLS_DIR=str(clock.skills_dir))
    try:
        session = _turn(server.url, "what time is it?")[0]["session_id"]
        clock.set("sleep:1.5")
        seen = _leave_during_the_tool_call(server.url, session)
        rejoin = f"{server.url}/sessions/{session}/stream"
        with httpx.stream("GET", rejoin, headers={"Last-Event-ID": seen}, timeout=30) as response:
            assert response.status_code == 200
            lines = list(response.iter_lines())
        clock.set("ok")
        events = _turn(server.url, "what time is it?", session)
        assert events[-1]["type"] == "done" and not [e for e in events if e["type"] == "error"]
        stored = parsed((tmp_path / "memory/users/local/sessions" / f"{session}.json").read_text())[
            0
        ]
    finally:
        server.stop()
    rest = sse_events(iter(lines))
    numbers = [int(line.split(":")[-1]) for line in lines if line.startswith("id:")]
    assert numbers[0] == int(seen.split(":")[1]) + 1  # nothing missed, nothing sent twice
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    assert rest[0]["type"] == "step" and rest[-1]["type"] == "done"  # the tool ended, then done
    assert [m["type"] for m in stored["messages"]] == TIME * 3  # the turn is whole
    assert stored["messages"][6]["data"]["status"] == "success"
    assert "interrupted" not in json.dumps(stored["turns"])
    assert [t["user"] for t in stored["turns"]] == [
        "what time is it?",
        "what time is it now?",
        "what time is it?",
    ]
    _assert_every_tool_call_answered(stored["messages"])


def _hammer(url: str, stop: threading.Event, sessions: list[str]) -> None:
    session: str | None = None
    while not stop.is_set():
        try:
            events = _turn(url, "what time is it?", session, timeout=10)
            session = session or events[0]["session_id"]
        except (httpx.HTTPError, AssertionError):
            return
    if session:
        sessions.append(session)


def _kill_during_turns(server: ServerProcess, seed: int) -> list[str]:
    stop = threading.Event()
    sessions: list[str] = []
    threads = [
        threading.Thread(target=_hammer, args=(server.url, stop, sessions)) for _ in range(6)
    ]
    for thread in threads:
        thread.start()
    time.sleep(random.Random(seed).uniform(1.0, 3.0))
    server.process.kill()  # SIGKILL: no shutdown, no cleanup
    server.process.wait()
    stop.set()
    for thread in threads:
        thread.join(timeout=15)
    return sessions


def test_sigkill_during_session_writes_never_leaves_a_torn_file(tmp_path: Path) -> None:
    clock = clock_skills(tmp_path)
    root = tmp_path / "memory"
    for round_ in range(3):
        server = start_server(root, free_port_window(), SKILLS_DIR=str(clock.skills_dir))
        try:
            _kill_during_turns(server, seed=round_)
        finally:
            server.stop()
            kill_orphan_workers(clock.skills_dir)
    files = session_files(root)
    assert files
    for path in files:
        data, _whole = parsed(path.read_text())  # a cut last line is skipped, nothing before it
        assert [m["type"] for m in data["messages"]] == TIME * len(data["turns"])
        humans = [m["data"]["content"] for m in data["messages"] if m["type"] == "human"]
        assert humans == [t["user"] for t in data["turns"]]
    server = start_server(root, free_port_window(), SKILLS_DIR=str(clock.skills_dir))
    try:
        for path in files:
            events = _turn(server.url, "what time is it?", path.stem)
            assert not [e for e in events if e["type"] == "error"]
    finally:
        server.stop()
        kill_orphan_workers(clock.skills_dir)


def test_an_openai_client_leaving_mid_stream_does_not_stop_the_turn(tmp_path: Path) -> None:
    clock = clock_skills(tmp_path)
    server = start_server(tmp_path / "memory", free_port_window(), SKILLS_DIR=str(clock.skills_dir))
    session = "openai-leaves"
    body = {"model": "propsearch", "stream": True, "user": session}
    try:
        _turn(server.url, "what time is it?", session)
        clock.set("sleep:1.5")
        asked = {**body, "messages": [{"role": "user", "content": "what time is it now?"}]}
        with httpx.stream("POST", f"{server.url}/v1/chat/completions", json=asked, timeout=30) as r:
            assert r.status_code == 200
            next(line for line in r.iter_lines() if line.startswith("data:"))  # then hang up
        time.sleep(2.0)
        clock.set("ok")
        again = {
            **body,
            "stream": False,
            "messages": [{"role": "user", "content": "what time is it?"}],
        }
        answered = httpx.post(f"{server.url}/v1/chat/completions", json=again, timeout=30)
        assert answered.status_code == 200, answered.text
        stored = parsed((tmp_path / "memory/users/local/sessions" / f"{session}.json").read_text())[
            0
        ]
    finally:
        server.stop()
    assert [t["user"] for t in stored["turns"]] == [
        "what time is it?",
        "what time is it now?",
        "what time is it?",
    ]
    assert "interrupted" not in stored["turns"][1]["assistant"]  # it ran to its end
    _assert_every_tool_call_answered(stored["messages"])


def test_the_cli_rejoins_a_turn_whose_connection_a_proxy_cuts(tmp_path: Path) -> None:
    import io
    from urllib.parse import urlparse

    from agent_graph.cli import Chat
    from tests.cutting_proxy import CuttingProxy

    clock = clock_skills(tmp_path)
    server = start_server(tmp_path / "memory", free_port_window(), SKILLS_DIR=str(clock.skills_dir))
    try:
        clock.set("sleep:1.5")
        port = urlparse(server.url).port or 0
        with CuttingProxy(port, cut_after=1500) as proxy:  # headers and the first events only
            out = io.StringIO()
            chat = Chat(f"http://127.0.0.1:{proxy.port}", out)
            chat.turn("what time is it?")
            assert proxy.cuts == 1
        clock.set("ok")
        session = chat.session_id
        stored = parsed((tmp_path / "memory/users/local/sessions" / f"{session}.json").read_text())[
            0
        ]
    finally:
        server.stop()
    shown = out.getvalue()
    answer = stored["turns"][0]["assistant"]
    assert answer and shown.count(answer.strip()[:40]) == 1  # the answer whole, once
    assert "connection was lost" not in shown
