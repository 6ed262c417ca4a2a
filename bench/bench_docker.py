"""Docker skill-worker benchmark: cold start, warm calls, recycle cost, recycle-per-call throughput.

    .venv/bin/python bench/bench_docker.py [--skill current_time] [--runs 10] [--seconds 20]

Needs a running engine and built images (scripts/docker/setup.sh, build-images.sh). Prints JSON.
Containers use host ports 19800+ and are removed at the end. CPU figures come from /proc: the
whole machine's busy time (so run it on a quiet machine) and the engine daemons' own share.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agent_graph.skills.backends.docker import DockerBackend  # noqa: E402
from agent_graph.skills.backends.pool import ContainerPool  # noqa: E402
from agent_graph.skills.backends.ports import PortAllocator  # noqa: E402
from agent_graph.skills.model.manifest import SkillSpec, load_skill  # noqa: E402

PORT = 19800
DAEMONS = ("dockerd", "containerd", "containerd-shim", "containerd-shim-runc-v2", "docker-proxy")
TICK = os.sysconf("SC_CLK_TCK")


def machine_busy_s() -> float:
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK


def daemon_cpu_s() -> float:
    """utime+stime of the long-lived engine processes (shims die with their container)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            raw = stat.read_text()
        except OSError:
            continue
        name = raw[raw.index("(") + 1 : raw.rindex(")")]
        if name in DAEMONS:
            rest = raw[raw.rindex(")") + 2 :].split()
            total += int(rest[11]) + int(rest[12])
    return total / TICK


def summary(samples_ms: list[float]) -> dict[str, float]:
    ordered = sorted(samples_ms)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(p99, 2),
        "min_ms": round(ordered[0], 2),
    }


async def wait_ready(client: httpx.AsyncClient, url: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if (await client.get(f"{url}/health", timeout=1.0)).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.005)
    raise RuntimeError(f"{url} not ready in {timeout_s}s")


async def cold_start(backend: DockerBackend, spec: SkillSpec, runs: int) -> dict[str, Any]:
    samples = []
    async with httpx.AsyncClient() as client:
        for _ in range(runs):
            t0 = time.perf_counter()
            worker = await backend.start(spec, PORT)
            await wait_ready(client, worker.base_url)
            samples.append((time.perf_counter() - t0) * 1000)
            await backend.stop(worker)
    return summary(samples)


async def warm_calls(
    backend: DockerBackend, spec: SkillSpec, tool: str, params: dict[str, Any], calls: int
) -> dict[str, Any]:
    worker = await backend.start(spec, PORT)
    try:
        async with httpx.AsyncClient(base_url=worker.base_url) as client:
            await wait_ready(client, worker.base_url)
            body = {"tool": tool, "params": params}
            for _ in range(10):
                (await client.post("/execute", json=body)).raise_for_status()
            samples = []
            for _ in range(calls):
                t0 = time.perf_counter()
                (await client.post("/execute", json=body)).raise_for_status()
                samples.append((time.perf_counter() - t0) * 1000)
    finally:
        await backend.stop(worker)
    return summary(samples)


async def recycle(backend: DockerBackend, spec: SkillSpec, runs: int) -> dict[str, Any]:
    samples = []
    busy = daemons = 0.0
    async with httpx.AsyncClient() as client:
        worker = await backend.start(spec, PORT)
        await wait_ready(client, worker.base_url)
        for _ in range(runs):
            b0, d0, t0 = machine_busy_s(), daemon_cpu_s(), time.perf_counter()
            await backend.stop(worker)
            worker = await backend.start(spec, PORT)
            await wait_ready(client, worker.base_url)
            samples.append((time.perf_counter() - t0) * 1000)
            busy += machine_busy_s() - b0
            daemons += daemon_cpu_s() - d0
        await backend.stop(worker)
    return {
        **summary(samples),
        "machine_cpu_s_per_recycle": round(busy / runs, 3),
        "engine_daemons_cpu_s_per_recycle": round(daemons / runs, 3),
    }


async def throughput(
    spec: SkillSpec, pool_size: int, seconds: float, tool: str, params: dict[str, Any]
) -> dict[str, Any]:
    """Back-to-back calls, `pool_size` callers, every used worker destroyed and replaced."""
    backend = DockerBackend()
    sized = dataclasses.replace(spec, pool_size=pool_size, recycle=True, timeout_s=60)
    pool = ContainerPool(sized, backend, ports=PortAllocator(PORT + 10, span=100))
    await pool.start()
    done = errors = 0
    latencies: list[float] = []
    b0 = machine_busy_s()
    t_end = time.monotonic() + seconds

    async def caller() -> None:
        nonlocal done, errors
        while time.monotonic() < t_end:
            t0 = time.perf_counter()
            try:
                await pool.call(tool, params)
                done += 1
                latencies.append((time.perf_counter() - t0) * 1000)
            except Exception:
                errors += 1

    t0 = time.monotonic()
    await asyncio.gather(*(caller() for _ in range(pool_size)))
    elapsed = time.monotonic() - t0
    cpu = machine_busy_s() - b0
    await pool.close()
    await backend.close()
    return {
        "pool_size": pool_size,
        "seconds": round(elapsed, 1),
        "calls": done,
        "errors": errors,
        "calls_per_s": round(done / elapsed, 2),
        "machine_cpu_utilisation": round(cpu / elapsed / (os.cpu_count() or 1), 2),
        "call_wait_incl_ms": summary(latencies) if latencies else None,
    }


TOOLS: dict[str, tuple[str, dict[str, Any]]] = {
    "current_time": ("get_current_time", {"timezone": "America/Chicago"}),
    "real_estate": ("search_properties", {"location": "Austin", "beds_min": 3, "limit": 10}),
}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skill", default="current_time", choices=sorted(TOOLS))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    spec = dataclasses.replace(load_skill(ROOT / "skills" / args.skill), env={})
    tool, params = TOOLS[args.skill]
    backend = DockerBackend()
    try:
        report = {
            "skill": args.skill,
            "image": spec.image,
            "cpus": os.cpu_count(),
            "cold_start_to_ready": await cold_start(backend, spec, args.runs),
            "warm_execute": await warm_calls(backend, spec, tool, params, args.calls),
            "recycle_remove_run_ready": await recycle(backend, spec, args.runs),
            "recycle_every_call": [
                await throughput(spec, size, args.seconds, tool, params) for size in (2, 4)
            ],
        }
    finally:
        await backend.close()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
