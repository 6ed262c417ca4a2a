"""Skill dispatch: warm pooled call vs a worker started per call (process backend, and the
docker backend when an engine and the skill images are there). Reuses bench_pool/bench_docker."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from typing import Any

from agent_graph.skills.backends.ports import PortAllocator
from bench import bench_pool
from bench.common import REPO, ratio, stats_ms
from tests.servers import free_port, free_port_window


async def process_backend(calls: int) -> dict[str, Any]:
    """Per skill: a warm call under each isolation mode (bench_pool.MODES), a worker per call,
    and what the clean process per call costs over reusing one worker (fork - reuse)."""
    ports = PortAllocator(free_port_window())
    results: dict[str, Any] = {}
    for skill in bench_pool.CALLS:
        modes = {
            mode: stats_ms(await bench_pool.warm_calls(skill, calls, ports, mode))
            for mode in bench_pool.MODES
        }
        cold = stats_ms(await bench_pool.cold_calls(skill, max(calls // 10, 3), ports))
        warm = modes["fork"]
        results[skill] = {
            "warm_pooled_call": warm,
            "warm_by_isolation": modes,
            "fork_overhead_over_reuse_ms": round(
                modes["fork"]["median_ms"] - modes["reuse"]["median_ms"], 3
            ),
            "worker_per_call": cold,
            "ratio_cold_over_warm": ratio(cold["median_ms"], warm["median_ms"]),
        }
    return results


def docker_ready() -> str | None:
    """None when the docker backend can be measured, else why not."""
    if shutil.which("docker") is None:
        return "no docker CLI"
    try:
        if subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode:
            return "`docker info` fails (no engine)"
        images = subprocess.run(
            ["docker", "image", "ls", "--format", "{{.Repository}}:{{.Tag}}"],
            capture_output=True,
            text=True,
            timeout=20,
        ).stdout.split()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"docker unusable: {exc}"
    if "propsearch/skill-current-time:latest" not in images:
        return "skill images not built (make images)"
    return None


async def docker_backend(runs: int, calls: int) -> dict[str, Any]:
    from agent_graph.skills.backends.docker import DockerBackend
    from agent_graph.skills.model.manifest import load_skill
    from bench import bench_docker

    bench_docker.PORT = free_port()
    spec = dataclasses.replace(load_skill(REPO / "skills" / "current_time"), env={})
    tool, params = bench_docker.TOOLS["current_time"]
    backend = DockerBackend()
    try:
        cold = await bench_docker.cold_start(backend, spec, runs)
        warm = await bench_docker.warm_calls(backend, spec, tool, params, calls)
    finally:
        await backend.close()
    return {
        "skill": "current_time",
        "warm_execute": warm,
        "container_start_to_ready": cold,
        "ratio_cold_over_warm": ratio(cold["median_ms"], warm["median_ms"]),
    }


async def run(calls: int, docker: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"process": await process_backend(calls)}
    reason = docker_ready() if docker else "skipped in --smoke"
    if reason is None:
        result["docker"] = await docker_backend(runs=5, calls=max(calls // 2, 20))
    else:
        result["docker"] = {"skipped": reason}
    return result
