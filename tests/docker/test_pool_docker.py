"""ContainerPool and the API on the docker backend: warm pools, recycling, crashes, adoption."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_graph.skills.backends.docker import LABEL_SKILL, DockerBackend
from agent_graph.skills.backends.pool import ContainerPool, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.model.manifest import SkillSpec

pytestmark = pytest.mark.usefixtures("sweep")

PORT_START = 19500  # inside conftest.TEST_PORTS, swept after each test


def running_ids(docker_client: Any, skill: str) -> set[str]:
    containers = docker_client.containers.list(filters={"label": f"{LABEL_SKILL}={skill}"})
    return {c.id for c in containers if int(c.labels["propsearch.port"]) >= PORT_START}


async def eventually(predicate: Callable[[], bool], timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.05)


@pytest.fixture
async def pool(time_spec: SkillSpec) -> AsyncIterator[ContainerPool]:
    backend = DockerBackend()
    pool = ContainerPool(time_spec, backend, ports=PortAllocator(PORT_START, span=100))
    await pool.start()
    yield pool
    await pool.close()
    await backend.close()


async def test_pool_start_warms_pool_size_containers(
    pool: ContainerPool, time_spec: SkillSpec, docker_client: Any
) -> None:
    assert pool.ready_count == time_spec.pool_size
    assert len(running_ids(docker_client, time_spec.name)) == time_spec.pool_size


@pytest.fixture
async def restart_pool(time_spec: SkillSpec) -> AsyncIterator[ContainerPool]:
    backend = DockerBackend()
    spec = dataclasses.replace(time_spec, isolation="restart")
    pool = ContainerPool(spec, backend, ports=PortAllocator(PORT_START, span=100))
    await pool.start()
    yield pool
    await pool.close()
    await backend.close()


async def test_fork_containers_serve_calls_without_being_replaced(
    pool: ContainerPool, time_spec: SkillSpec, docker_client: Any
) -> None:
    before = running_ids(docker_client, time_spec.name)

    for _ in range(4):
        result = await pool.call("get_current_time", {"timezone": "America/Chicago"})
        assert result["type"] == "time"
    with pytest.raises(SkillCallError, match="unknown timezone"):  # answered: still sound
        await pool.call("get_current_time", {"timezone": "Mars/Olympus"})

    assert pool.isolation == "fork"
    assert pool.ready_count == time_spec.pool_size
    assert running_ids(docker_client, time_spec.name) == before


async def test_with_restart_isolation_the_used_container_is_replaced(
    restart_pool: ContainerPool, time_spec: SkillSpec, docker_client: Any
) -> None:
    before = running_ids(docker_client, time_spec.name)

    result = await restart_pool.call("get_current_time", {"timezone": "America/Chicago"})

    assert result["type"] == "time"
    assert restart_pool.isolation == "restart"
    await eventually(lambda: restart_pool.ready_count == time_spec.pool_size)
    after = running_ids(docker_client, time_spec.name)
    assert len(after) == time_spec.pool_size
    assert len(before - after) == 1  # exactly the used worker was destroyed


async def test_a_container_is_replaced_after_max_calls(
    time_spec: SkillSpec, docker_client: Any
) -> None:
    backend = DockerBackend()
    spec = dataclasses.replace(time_spec, pool_size=1)
    pool = ContainerPool(spec, backend, ports=PortAllocator(PORT_START, span=100), max_calls=3)
    await pool.start()
    try:
        first = running_ids(docker_client, spec.name)
        for _ in range(3):
            await pool.call("get_current_time", {})
        await eventually(
            lambda: pool.ready_count == 1 and running_ids(docker_client, spec.name) != first
        )
        assert (await pool.call("get_current_time", {}))["type"] == "time"
    finally:
        await pool.close()
        await backend.close()


async def test_container_killed_mid_call_gives_a_tool_error_and_the_pool_refills(
    pool: ContainerPool, time_spec: SkillSpec, docker_client: Any
) -> None:
    victims = [docker_client.containers.get(i) for i in running_ids(docker_client, time_spec.name)]
    for container in victims:  # frozen but "running": the pool checks one out, the call hangs
        # every forked child (kill(-1) spares only PID 1 and the caller), then the zygote
        container.exec_run(["python3", "-c", "import os, signal; os.kill(-1, signal.SIGSTOP)"])
        container.kill(signal="SIGSTOP")
    call = asyncio.create_task(pool.call("get_current_time", {}))
    await asyncio.sleep(0.5)
    for container in victims:
        container.kill()

    with pytest.raises(SkillCallError):
        await call
    await eventually(lambda: pool.ready_count == time_spec.pool_size)
    assert await pool.call("get_current_time", {}) is not None


async def test_restarted_agent_adopts_the_running_containers(
    time_spec: SkillSpec, docker_client: Any, orphans: Any
) -> None:
    # The agent and its reaper die by SIGKILL; the containers keep running.
    left_running = set(orphans(time_spec, [PORT_START + n for n in range(time_spec.pool_size)]))

    backend = DockerBackend()
    second = ContainerPool(time_spec, backend, ports=PortAllocator(PORT_START, span=100))
    try:
        await second.start()
        assert second.ready_count == time_spec.pool_size
        assert running_ids(docker_client, time_spec.name) == left_running
        assert (await second.call("get_current_time", {}))["type"] == "time"
    finally:
        await second.close()
        await backend.close()


async def test_chat_turn_through_the_api_uses_docker_skills(
    tmp_path: Path,
    docker_client: Any,
    time_spec: SkillSpec,
    estate_spec: SkillSpec,
    state_scope: str,
) -> None:
    api = pytest.importorskip("api")
    from agent_graph.config import Settings

    settings = Settings(
        SKILL_BACKEND="docker",
        SKILL_DOCKER_SCOPE=state_scope,
        MEMORY_ROOT=tmp_path / "memory",
        HOST_PORT_START=PORT_START,
        AGENT_MODEL="offline",
    )
    app = api.create_app(settings)
    transport = httpx.ASGITransport(app=app)
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://localhost") as client,
    ):
        health = (await client.get("/health")).json()
        reply = await client.post("/chat", json={"message": "What time is it in Tokyo?"})
        homes = await client.post("/chat", json={"message": "3 bed homes in Austin under $600k"})

    assert health["skills"]["current_time"]["ready"] >= 1
    assert running_ids(docker_client, "real_estate") == set()  # closed with the app
    assert reply.status_code == 200, reply.text
    assert reply.json()["message"]
    assert homes.status_code == 200, homes.text
    assert homes.json()["data"]["type"] == "listings"
