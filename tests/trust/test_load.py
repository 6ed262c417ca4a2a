"""Load on a real server over loopback: 50 concurrent chat streams, zero errors, zero lost
messages (every session file holds every exchange, in order)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx

from agent_graph.storage.session_file import parsed
from tests.servers import free_port_window, sse_events, start_server
from tests.trust.helpers import clock_skills, kill_orphan_workers

STREAMS = 50
TURNS_EACH = 2


async def _conversation(client: httpx.AsyncClient, number: int) -> tuple[str, list[str]]:
    session: str | None = None
    problems: list[str] = []
    for turn in range(TURNS_EACH):
        body = {"message": f"what time is it? (stream {number}, turn {turn})"}
        if session:
            body["session_id"] = session
        async with client.stream("POST", "/chat/stream", json=body) as response:
            if response.status_code != 200:
                problems.append(f"HTTP {response.status_code}")
                continue
            events = sse_events([line async for line in response.aiter_lines()])
        session = events[0]["session_id"]
        problems += [e.get("message") or e.get("summary", "") for e in events if _bad(e)]
        if events[-1]["type"] != "done":
            problems.append("no done event")
    assert session is not None
    return session, problems


def _bad(event: dict) -> bool:
    return event["type"] == "error" or (event["type"] == "step" and event["status"] == "error")


async def _run(url: str) -> list[tuple[str, list[str]]]:
    limits = httpx.Limits(max_connections=STREAMS + 5)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        return await asyncio.gather(*(_conversation(client, n) for n in range(STREAMS)))


def test_fifty_concurrent_streams_lose_nothing(tmp_path: Path) -> None:
    clock = clock_skills(tmp_path)
    root = tmp_path / "memory"
    server = start_server(root, free_port_window(), SKILLS_DIR=str(clock.skills_dir))
    try:
        started = time.monotonic()
        results = asyncio.run(_run(server.url))
        elapsed = time.monotonic() - started
    finally:
        server.stop()
        kill_orphan_workers(clock.skills_dir)
    problems = [p for _, found in results for p in found]
    assert problems == [], problems[:5]
    for number, (session, _) in enumerate(results):
        data = parsed((root / "users/local/sessions" / f"{session}.json").read_text())[0]
        expected = [f"what time is it? (stream {number}, turn {t})" for t in range(TURNS_EACH)]
        assert [t["user"] for t in data["turns"]] == expected
        humans = [m["data"]["content"] for m in data["messages"] if m["type"] == "human"]
        assert humans == expected
    print(f"{STREAMS * TURNS_EACH} turns in {elapsed:.1f}s")
