"""The server storage profile measured: 1, 2 and 3 API replicas behind nginx, sharing one
PostgreSQL (+ pgvector, in a container) and one Redis, driven by concurrent home-search SSE
conversations; and single storage operations, PostgreSQL against the embedded files + Chroma.

    .venv/bin/python -m bench.scale [--seconds 20] [--streams 6]   # needs `make servers`

Writes bench/results/scale.json and scale.md. On a 2-core machine the machine is the limit,
so CPU per turn (replicas, their skill workers, PostgreSQL, Redis, nginx) is the figure to read.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.api_load import drive
from bench.common import RESULTS, ratio, stats_ms, tree_cpu_s
from tests.scale.servers import Nginx, Postgres, Redis, Replica, missing_servers
from tests.servers import ROOT


@contextmanager
def server_stack(name: str) -> Iterator[tuple[Postgres, Redis, Path]]:
    """A PostgreSQL container, a Redis and a scratch folder for one bench run, all removed after."""
    postgres = Postgres()
    postgres.start()
    try:
        with tempfile.TemporaryDirectory(prefix=f"bench-{name}-") as tmp:
            folder = Path(tmp)
            redis = Redis(folder / "redis")
            redis.start()
            try:
                yield postgres, redis, folder
            finally:
                redis.stop()
    finally:
        postgres.remove()


def write_results(name: str, result: dict[str, Any], text: str) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=2) + "\n")
    (RESULTS / f"{name}.md").write_text(text)
    print(text)


def _container_pid(name: str) -> int:
    out = subprocess.run(
        ["docker", "inspect", "-f", "{{.State.Pid}}", name], capture_output=True, text=True
    )
    return int(out.stdout.strip())


def _level(
    folder: Path,
    env: dict[str, str],
    replicas: int,
    streams: int,
    seconds: float,
    shared_pids: list[int],
) -> dict[str, Any]:
    started = [Replica(folder / f"r{replicas}-{i}", env).start() for i in range(replicas)]
    balancer = Nginx(folder / f"nginx-{replicas}", [r.port for r in started])
    balancer.start()
    try:
        asyncio.run(drive(balancer.url, 1, 3, 1))  # warm every replica's first turn
        pids = [r.process.pid for r in started if r.process] + shared_pids
        if balancer.process:
            pids.append(balancer.process.pid)
        cpu0 = sum(tree_cpu_s(p) for p in pids)
        t0 = time.perf_counter()
        level = asyncio.run(drive(balancer.url, streams, seconds, None))
        elapsed = time.perf_counter() - t0
        cpu = sum(tree_cpu_s(p) for p in pids) - cpu0
    finally:
        balancer.stop()
        for replica in started:
            replica.stop()
    return {
        "replicas": replicas,
        "streams": streams,
        "turns": level.turns,
        "errors": len(level.errors),
        "error_kinds": sorted(set(level.errors))[:5],
        "turns_per_s": round(level.turns / elapsed, 2),
        "first_event": stats_ms(level.first_event),
        "done": stats_ms(level.done),
        "cpu_s_per_turn": round(cpu / level.turns, 3) if level.turns else None,
    }


def _timed(op: Callable[[int], Any], n: int) -> dict[str, Any]:
    samples = []
    for i in range(n):
        t0 = time.perf_counter()
        op(i)
        samples.append(time.perf_counter() - t0)
    return stats_ms(samples)


def storage_ops(root: Path, database_url: str, n: int) -> dict[str, dict[str, Any]]:
    """Median/p99 of each storage operation, embedded against PostgreSQL, same data."""
    from agent_graph.memory.layer import open_vector_stores
    from agent_graph.memory.preferences import PreferenceStore
    from agent_graph.storage.postgres.database import Database
    from agent_graph.storage.postgres.preferences import PgPreferenceStore
    from agent_graph.storage.postgres.sessions import PgSessionStore
    from agent_graph.storage.postgres.vectors import PgVectorStores
    from agent_graph.storage.sessions import SessionStore

    db = Database(database_url)
    profiles = {
        "embedded": (SessionStore(root), PreferenceStore(root), open_vector_stores(root)),
        "server": (PgSessionStore(db), PgPreferenceStore(db), PgVectorStores(db)),
    }
    out = {name: _ops(*stores, n) for name, stores in profiles.items()}
    db.close()
    return out


def _ops(sessions: Any, prefs: Any, vectors: Any, n: int) -> dict[str, Any]:
    from agent_graph.memory.preferences import PreferenceEntry, render_entries
    from agent_graph.storage.sessions import SessionRecord

    messages = [{"type": "human", "data": {"content": "x" * 200}}] * 40  # a 20-exchange session
    record = SessionRecord("bench", "local", messages=messages, turns=[{"user": "x"}] * 20)
    vectors.embed(["warm"])
    for i in range(200):  # some memory to search
        vectors.semantic.add_many("local", "real_estate", [(f"result {i} in 787{i % 50}", {})])
        vectors.episodes.add("local", "bench", i, f"question {i}", f"answer {i}")
    entry = PreferenceEntry("PREFERENCE", "budget_max", "$400,000")
    return {
        "session_save": _timed(lambda i: sessions.save(record), n),
        "session_load": _timed(lambda i: sessions.load("local", "bench"), n),
        "preference_upsert": _timed(lambda i: prefs.upsert("local", "real_estate", entry), n),
        "preferences_render": _timed(lambda i: render_entries(prefs.load_all("local")), n),
        "l3_query": _timed(lambda i: vectors.semantic.query("local", f"homes in 787{i}"), n),
        "l2_query": _timed(
            lambda i: vectors.episodes.query("local", "bench", f"question {i}", 3, 195), n
        ),
    }


def markdown(result: dict[str, Any]) -> str:
    lines = [
        "# Server profile (bench/scale.py)",
        "",
        f"Run {result['date']}, load average at start {result['loadavg']}.",
        "",
        "| replicas | turns/s | ratio | first event p50 / p99 ms | done p50 / p99 ms "
        "| CPU-s per turn | ratio | errors |",
        "|---|---|---|---|---|---|---|---|",
    ]
    base = result["levels"][0]
    for lv in result["levels"]:
        lines.append(
            f"| {lv['replicas']} | {lv['turns_per_s']} | {ratio(lv['turns_per_s'], base['turns_per_s'])}"
            f" | {lv['first_event']['median_ms']} / {lv['first_event']['p99_ms']}"
            f" | {lv['done']['median_ms']} / {lv['done']['p99_ms']} | {lv['cpu_s_per_turn']}"
            f" | {ratio(lv['cpu_s_per_turn'], base['cpu_s_per_turn'])} | {lv['errors']} |"
        )
    lines += [
        "",
        "| operation | embedded p50 / p99 ms | server p50 / p99 ms | ratio (p50) |",
        "|---|---|---|---|",
    ]
    ops = result["storage_ops"]
    for op, emb in ops["embedded"].items():
        srv = ops["server"][op]
        lines.append(
            f"| {op} | {emb['median_ms']} / {emb['p99_ms']} | {srv['median_ms']} / "
            f"{srv['p99_ms']} | {ratio(srv['median_ms'], emb['median_ms'])} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--streams", type=int, default=6)
    parser.add_argument("--ops", type=int, default=100)
    args = parser.parse_args()
    reason = missing_servers()
    if reason:
        print(f"[bench.scale] cannot run: {reason}", file=sys.stderr)
        return 2
    import os

    result: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "loadavg": [round(x, 1) for x in os.getloadavg()],
        "levels": [],
    }
    with server_stack("scale") as (postgres, redis, folder):
        url = postgres.new_database()
        env = {
            "STORAGE": "server",
            "DATABASE_URL": url,
            "REDIS_URL": redis.url,
            "LOG_LEVEL": "WARNING",
            "SKILLS_DIR": str(ROOT / "skills"),
        }
        shared = [_container_pid(postgres.name)] + ([redis.process.pid] if redis.process else [])
        for replicas in (1, 2, 3):
            print(f"[bench.scale] {replicas} replica(s) ...", flush=True)
            result["levels"].append(
                _level(folder, env, replicas, args.streams, args.seconds, shared)
            )
        print("[bench.scale] storage operations ...", flush=True)
        result["storage_ops"] = storage_ops(folder / "embedded", postgres.new_database(), args.ops)
    write_results("scale", result, markdown(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
