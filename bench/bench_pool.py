"""Skill dispatch: a warm pooled call versus starting a worker per call (process backend).

    .venv/bin/python bench/bench_pool.py [--calls 200] [--smoke]

Writes bench/results/pool.json. Both modes call real_estate.search_properties and
current_time.get_current_time through real worker processes on 127.0.0.1, in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_graph.skills.backends.pool import ContainerPool  # noqa: E402
from agent_graph.skills.backends.ports import PortAllocator  # noqa: E402
from agent_graph.skills.backends.process import ProcessBackend  # noqa: E402
from agent_graph.skills.model.manifest import load_skill  # noqa: E402
from bench.common import stats_ms  # noqa: E402
from tests.servers import free_port_window  # noqa: E402

CALLS = {
    "current_time": ("get_current_time", {}),
    "real_estate": (
        "search_properties",
        {"location": "Austin", "beds_min": 3, "price_max": 500000},
    ),
}


# How calls are kept apart: "fork" (a clean child per call from a warm zygote), "restart" (a new
# worker after every call), "reuse" (one worker serves every call: no isolation, the floor).
MODES = {
    "fork": {"isolation": "fork"},
    "restart": {"isolation": "restart"},
    "reuse": {"isolation": "restart", "recycle": False},
}
PACE_S = 0.03  # between calls: a fork pool's spare child is forked and prewarmed in this gap


async def warm_calls(
    skill: str, calls: int, ports: PortAllocator, mode: str = "restart"
) -> list[float]:
    spec = dataclasses.replace(load_skill(REPO / "skills" / skill), **MODES[mode])  # type: ignore[arg-type]
    pool = ContainerPool(spec, ProcessBackend(), ports)
    await pool.start()
    tool, params = CALLS[skill]
    samples = []
    try:
        for _ in range(calls):
            while pool.ready_count < pool.size:  # measure a warm call, not waiting for a refill
                await asyncio.sleep(0.005)
            await asyncio.sleep(PACE_S)
            started = time.perf_counter()
            await pool.call(tool, params)
            samples.append(time.perf_counter() - started)
    finally:
        await pool.close()
    return samples


async def cold_calls(skill: str, calls: int, ports: PortAllocator) -> list[float]:
    """Start a worker, wait until ready, call it, stop it: what a pool saves on every call."""
    spec = load_skill(REPO / "skills" / skill)
    tool, params = CALLS[skill]
    backend = ProcessBackend()
    samples = []
    for _ in range(calls):
        pool = ContainerPool(spec.__class__(**{**spec.__dict__, "pool_size": 1}), backend, ports)
        started = time.perf_counter()
        await pool.start()
        await pool.call(tool, params)
        samples.append(time.perf_counter() - started)
        await pool.close()
    return samples


async def run(calls: int) -> dict[str, Any]:
    ports = PortAllocator(free_port_window())
    results: dict[str, Any] = {}
    for skill in CALLS:
        warm = stats_ms(await warm_calls(skill, calls, ports))
        cold = stats_ms(await cold_calls(skill, max(calls // 10, 3), ports))
        results[skill] = {
            "warm_pooled_call": warm,
            "worker_per_call": cold,
            "ratio_cold_over_warm": round(cold["median_ms"] / warm["median_ms"], 1),
        }
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--smoke", action="store_true", help="a few calls, to keep the suite alive")
    args = parser.parse_args()
    results = asyncio.run(run(5 if args.smoke else args.calls))
    out = REPO / "bench" / "results" / "pool.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    print("| skill | warm pooled call median / p99 | worker per call median / p99 | ratio |")
    print("|---|---|---|---|")
    for skill, r in results.items():
        w, c = r["warm_pooled_call"], r["worker_per_call"]
        print(
            f"| {skill} | {w['median_ms']} / {w['p99_ms']} ms | {c['median_ms']} / {c['p99_ms']} ms "
            f"| {r['ratio_cold_over_warm']}x |"
        )


if __name__ == "__main__":
    main()
