"""The real API under load: uvicorn api:app (offline model, process workers) driven by N
concurrent SSE chat streams, each running the home-search conversation again and again until the
level's time is up (a turn already started finishes). Also start-up: launch to first chat turn.
Tokens per turn are reported when the model reports usage: BENCH_AGENT_MODEL=local (or any
LiteLLM model) runs this part on that model instead of the offline one, which reports none."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.common import (
    CONVERSATION,
    peak_rss_mb,
    proc_cpu_s,
    ratio,
    rss_mb,
    stats_ms,
    tree_cpu_s,
)
from tests.servers import ServerProcess, free_port_window, start_server


def launch(memory_root: Path, isolation: str) -> tuple[ServerProcess, float]:
    """Start uvicorn api:app as `make run` does; returns it once /health answers, and when."""
    started = time.perf_counter()
    env = {"LOG_LEVEL": "WARNING", "SKILL_ISOLATION": isolation}
    env["AGENT_MODEL"] = os.environ.get("BENCH_AGENT_MODEL", "offline")  # e.g. local: tokens
    return start_server(memory_root, free_port_window(), **env), started


@dataclass
class Level:
    streams: int
    turns: int = 0
    errors: list[str] = field(default_factory=list)
    first_event: list[float] = field(default_factory=list)
    first_content: list[float] = field(default_factory=list)
    done: list[float] = field(default_factory=list)
    health: list[dict[str, Any]] = field(default_factory=list)
    usage: list[dict[str, Any]] = field(default_factory=list)
    """The `usage` event of each turn whose model reports tokens (not the offline model)."""


async def one_turn(
    client: httpx.AsyncClient, level: Level, message: str, session: str | None
) -> str | None:
    body: dict[str, Any] = {"message": message}
    if session:
        body["session_id"] = session
    started = time.perf_counter()
    first = content = None
    events: list[dict[str, Any]] = []
    try:
        async with client.stream("POST", "/chat/stream", json=body) as response:
            if response.status_code != 200:
                level.errors.append(f"HTTP {response.status_code}")
                return session
            async for line in response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                event = json.loads(line[5:])
                now = time.perf_counter() - started
                first = first if first is not None else now
                if content is None and event["type"] in ("token", "data"):
                    content = now
                events.append(event)
                if event["type"] == "done":
                    level.done.append(now)
    except httpx.HTTPError as exc:
        level.errors.append(f"transport: {exc!r}"[:200])
        return session
    level.turns += 1
    if first is not None:
        level.first_event.append(first)
    if content is not None:
        level.first_content.append(content)
    kinds = [e["type"] for e in events]
    if not kinds or kinds[-1] != "done":
        level.errors.append("no done event")
    for event in events:
        if event["type"] == "usage":
            level.usage.append(event)
        if event["type"] == "error":
            level.errors.append(f"error event: {event.get('message')}"[:200])
        elif event["type"] == "step" and event.get("status") == "error":
            level.errors.append(f"tool error: {event.get('summary')}"[:200])
    return next((e["session_id"] for e in events if e["type"] == "session"), session)


async def drive(url: str, streams: int, seconds: float, conversations: int | None) -> Level:
    level = Level(streams)
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=streams + 5, max_keepalive_connections=streams + 5)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:

        async def stream() -> None:
            done = 0
            while time.monotonic() < deadline and (conversations is None or done < conversations):
                session = None
                for message in CONVERSATION:
                    if time.monotonic() >= deadline and conversations is None:
                        return
                    session = await one_turn(client, level, message, session)
                done += 1

        async def watch() -> None:
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError, ValueError):
                    level.health.append((await client.get("/health")).json()["skills"])
                await asyncio.sleep(0.5)

        watcher = asyncio.create_task(watch())
        await asyncio.gather(*(stream() for _ in range(streams)))
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
    return level


def summarize(
    level: Level, elapsed: float, cpu_s: float, server_cpu_s: float, pid: int
) -> dict[str, Any]:
    starved = [h for h in level.health if h.get("real_estate", {}).get("ready", 1) == 0]
    distinct: dict[str, int] = {}
    for error in level.errors:
        distinct[error[:90]] = distinct.get(error[:90], 0) + 1
    return {
        "streams": level.streams,
        "seconds": round(elapsed, 1),
        "turns": level.turns,
        "turns_per_s": round(level.turns / elapsed, 2) if elapsed else None,
        "errors": len(level.errors),
        "error_kinds": dict(sorted(distinct.items(), key=lambda kv: -kv[1])[:5]),
        "first_event": stats_ms(level.first_event),
        "first_content": stats_ms(level.first_content),
        "done": stats_ms(level.done),
        "cpu_s_per_turn_server_and_workers": round(cpu_s / level.turns, 3) if level.turns else None,
        "cpu_s_per_turn_server_only": round(server_cpu_s / level.turns, 3) if level.turns else None,
        "cpu_utilisation_of_machine": round(cpu_s / elapsed / (os.cpu_count() or 1), 2),
        "real_estate_pool_empty_fraction": round(len(starved) / len(level.health), 2)
        if level.health
        else None,
        "tokens_per_turn": {
            key: round(sum(u[key] for u in level.usage) / len(level.usage))
            for key in ("prompt_tokens", "completion_tokens")
        }
        if level.usage
        else None,
        "server_rss_mb_now": round(rss_mb(pid), 1),
        "server_peak_rss_mb": round(peak_rss_mb(pid), 1),
    }


def compare(levels: list[int], seconds: float, conversations: int | None) -> dict[str, Any]:
    """The same load on a server with fork-server workers and one that restarts them per call,
    in one run, with the fork/restart ratios per level."""
    fork = run(levels, seconds, conversations, "fork")
    restart = run(levels, seconds, conversations, "restart")
    ratios = []
    for f, r in zip(fork["levels"], restart["levels"], strict=True):
        ratios.append(
            {
                "streams": f["streams"],
                "turns_per_s": ratio(f["turns_per_s"], r["turns_per_s"]),
                "cpu_s_per_turn": ratio(
                    f["cpu_s_per_turn_server_and_workers"], r["cpu_s_per_turn_server_and_workers"]
                ),
                "done_p50": ratio(f["done"]["median_ms"], r["done"]["median_ms"]),
            }
        )
    return {"fork": fork, "restart": restart, "fork_over_restart": ratios}


def run(
    levels: list[int], seconds: float, conversations: int | None, isolation: str = "fork"
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-api-") as tmp:
        server, launched = launch(Path(tmp) / "memory", isolation)
        try:
            healthy = time.perf_counter()
            answer = httpx.post(
                f"{server.url}/chat", json={"message": CONVERSATION[0]}, timeout=120
            )
            answer.raise_for_status()
            first_turn = time.perf_counter()
            result: dict[str, Any] = {
                "isolation": isolation,
                "startup": {
                    "launch_to_healthy_s": round(healthy - launched, 2),
                    "launch_to_first_chat_turn_s": round(first_turn - launched, 2),
                    "first_turn_s": round(first_turn - healthy, 3),
                },
                "levels": [],
            }
            pid = server.process.pid
            for streams in levels:
                cpu0, own0 = tree_cpu_s(pid), proc_cpu_s(pid, children=False)
                t0 = time.perf_counter()
                level = asyncio.run(drive(server.url, streams, seconds, conversations))
                elapsed = time.perf_counter() - t0
                cpu = tree_cpu_s(pid) - cpu0
                own = proc_cpu_s(pid, children=False) - own0
                result["levels"].append(summarize(level, elapsed, cpu, own, pid))
            return result
        finally:
            server.stop()
