"""Runs taken over from a dead replica (server profile; agent_graph/turns/takeover.py):

- what checkpointing after every step costs a turn (LangGraph `durability="sync"`, which the
  server profile now uses so another replica can resume a turn) against checkpointing only where
  a turn stops (`exit`, as before), on PostgreSQL, with a search-sized tool result;
- how long a client waits for the answer when the replica running its turn is killed mid-call
  (kill to `done`, rejoining through nginx), at the default `RUN_LEASE_S` and at 2 s.

    .venv/bin/python -m bench.takeover [--turns 20] [--kills 2]   # needs `make servers`

Writes bench/results/takeover.json and takeover.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from agent_graph.turn_request import TurnRequest
from bench.common import ratio
from bench.scale import server_stack, write_results
from tests.scale.servers import Nginx, Redis, Replica, missing_servers
from tests.servers import sse_events
from tests.trust.helpers import clock_skills

LISTING = {"zpid": "1", "address": "1 Main St, Austin, TX 78745", "price": 450000, "beds": 3}


def _search_then_answer(messages: list[BaseMessage]) -> AIMessage:
    if not any(isinstance(m, ToolMessage) for m in messages):
        call = {"name": "search", "args": {}, "id": f"c{len(messages)}", "type": "tool_call"}
        return AIMessage("", tool_calls=[call])
    return AIMessage("Here are ten homes.")


async def _checkpoint_costs(url: str, turns: int) -> dict[str, Any]:
    from agent_graph.graph.builder import build_graph
    from agent_graph.planning.planners import Planners
    from agent_graph.storage.postgres.checkpoints import PostgresCheckpointer
    from agent_graph.turns.runner import TurnRunner
    from bench.common import bench_services, bench_settings
    from tests.fakes import InMemorySkills, ScriptedChatModel

    result = {
        "type": "listings",
        "total": 10,
        "items": [{**LISTING, "zpid": str(i)} for i in range(10)],
    }
    saver = await PostgresCheckpointer.open(url)
    with tempfile.TemporaryDirectory() as tmp:
        skills = InMemorySkills({"search": lambda p: result})
        model = ScriptedChatModel(respond=_search_then_answer)
        settings = bench_settings(Path(tmp))  # composed as the API's services, without memory
        services = bench_services(settings, model, Planners(), skills, None)
        graph = build_graph(services, checkpointer=saver)
        runners = {
            mode: TurnRunner(graph, services.sanitizer, durability=mode)
            for mode in ("exit", "sync")
        }
        samples: dict[str, list[float]] = {mode: [] for mode in runners}
        for i in range(turns + 2):  # interleaved; the first two warm up
            for mode, runner in runners.items():
                t0 = time.perf_counter()
                async for _ in runner.events(
                    TurnRequest("bench", f"{mode}-{i}", "find homes", persist=False)
                ):
                    pass
                if i >= 2:
                    samples[mode].append(time.perf_counter() - t0)
    await saver.close()
    medians = {mode: round(statistics.median(s) * 1e3, 1) for mode, s in samples.items()}
    return {"turns": turns, "median_ms": medians, "ratio": ratio(medians["sync"], medians["exit"])}


def _kill_to_done(cluster_url: str, database_url: str, replicas: list[Replica]) -> float:
    """One turn killed mid-call on its replica; seconds from the kill to `done` on rejoin."""
    session = f"takeover-{time.time_ns()}"
    body = {"message": "what time is it?", "session_id": session}
    last = ""
    with httpx.stream("POST", f"{cluster_url}/chat/stream", json=body, timeout=60) as response:
        for line in response.iter_lines():
            last = line[3:].strip() if line.startswith("id:") else last
            if '"status": "start"' in line:
                break
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT owner FROM run_leases WHERE session_id = %s", (session,))
        owner = str((row.fetchone() or [""])[0])
    victim = next(r for r in replicas if r.process and f"-{r.process.pid}-" in owner)
    killed = time.perf_counter()
    victim.kill()
    headers = {"Last-Event-ID": last}
    path = f"{cluster_url}/sessions/{session}/stream"
    with httpx.stream("GET", path, headers=headers, timeout=120) as response:
        events = sse_events(response.iter_lines())
    if events[-1]["type"] != "done" or any(e["type"] == "error" for e in events):
        raise RuntimeError(f"the turn did not complete: {events}")
    return time.perf_counter() - killed


def _takeovers(
    folder: Path, database_url: str, redis: Redis, lease: str, kills: int
) -> dict[str, Any]:
    clock = clock_skills(folder / f"lease-{lease}")
    clock.set("sleep:1")
    env = {
        "STORAGE": "server",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis.url,
        "SKILLS_DIR": str(clock.skills_dir),
        "LOG_LEVEL": "WARNING",
        **({"RUN_LEASE_S": lease} if lease != "default" else {}),
    }
    replicas = [Replica(folder / f"l{lease}-{i}", env).start() for i in range(2)]
    balancer = Nginx(folder / f"nginx-{lease}", [r.port for r in replicas])
    balancer.start()
    waits = []
    try:
        for _ in range(kills):
            waits.append(_kill_to_done(balancer.url, database_url, replicas))
            dead = next(
                i for i, r in enumerate(replicas) if r.process and r.process.poll() is not None
            )
            old = replicas[dead]
            replicas[dead] = Replica(
                old.folder.with_name(old.folder.name + "b"), env, old.port
            ).start()
    finally:
        balancer.stop()
        for replica in replicas:
            replica.stop()
    return {"run_lease_s": lease, "kills": kills, "kill_to_done_s": [round(w, 1) for w in waits]}


def markdown(result: dict[str, Any]) -> str:
    cost = result["checkpoints"]
    lines = [
        "# Takeover (bench/takeover.py)",
        "",
        f"Run {result['date']}, load average at start {result['loadavg']} (2 cores).",
        "",
        "| checkpoints on PostgreSQL | turn median ms | ratio |",
        "|---|---|---|",
        f"| where the turn stops (`exit`, before) | {cost['median_ms']['exit']} | 1.0 |",
        f"| after every step (`sync`, server profile now) | {cost['median_ms']['sync']} | {cost['ratio']} |",
        "",
        "| RUN_LEASE_S | seconds from SIGKILL to `done` (rejoined through nginx) |",
        "|---|---|",
    ]
    for row in result["takeovers"]:
        lines.append(f"| {row['run_lease_s']} | {', '.join(map(str, row['kill_to_done_s']))} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--kills", type=int, default=2)
    args = parser.parse_args()
    reason = missing_servers()
    if reason:
        print(f"[bench.takeover] cannot run: {reason}", file=sys.stderr)
        return 2
    result: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "loadavg": [round(x, 1) for x in os.getloadavg()],
    }
    with server_stack("takeover") as (postgres, redis, folder):
        print("[bench.takeover] checkpoint costs ...", flush=True)
        result["checkpoints"] = asyncio.run(_checkpoint_costs(postgres.new_database(), args.turns))
        result["takeovers"] = []
        for lease in ("default", "2"):
            print(f"[bench.takeover] kills at RUN_LEASE_S={lease} ...", flush=True)
            url = postgres.new_database()
            result["takeovers"].append(_takeovers(folder, url, redis, lease, args.kills))
    write_results("takeover", result, markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
