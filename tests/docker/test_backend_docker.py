"""DockerBackend against a real engine: hardened containers, env isolation, stop, adopt."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import tarfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_graph.skills.backends.docker import (
    LABEL_MANAGED,
    LABEL_PORT,
    LABEL_SKILL,
    DockerBackend,
    container_name,
)
from agent_graph.skills.model.manifest import SkillSpec, load_skill

pytestmark = pytest.mark.usefixtures("sweep")

PORT = 19400  # inside conftest.TEST_PORTS, swept after each test
SKILLS_DIR = Path(__file__).resolve().parents[2] / "skills"
HOST_CA_DIR = Path("/usr/local/share/ca-certificates")


@pytest.fixture
async def backend() -> AsyncIterator[DockerBackend]:
    backend = DockerBackend()
    yield backend
    await backend.close()


async def wait_healthy(base_url: str, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    async with httpx.AsyncClient(timeout=1.0) as client:
        while time.monotonic() < deadline:
            try:
                if (await client.get(f"{base_url}/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.02)
    raise AssertionError(f"{base_url} never answered /health")


async def test_start_runs_container_with_hardened_flags(
    backend: DockerBackend, time_spec: SkillSpec, docker_client: Any
) -> None:
    worker = await backend.start(time_spec, PORT)

    info = docker_client.api.inspect_container(worker.ident)
    host = info["HostConfig"]
    assert info["Name"] == f"/{container_name(time_spec.name, PORT)}"
    assert host["ReadonlyRootfs"] is True
    assert host["Tmpfs"] == {"/tmp": "rw,noexec,nosuid,nodev,size=16m"}
    assert host["CapDrop"] == ["ALL"]
    assert host["SecurityOpt"] == ["no-new-privileges"]
    assert host["PidsLimit"] == 64
    assert host["Memory"] == 256 * 1024 * 1024
    assert host["MemorySwap"] == 256 * 1024 * 1024
    assert host["NanoCpus"] == 500_000_000
    assert info["Config"]["User"] == "10001:10001"
    assert host["PortBindings"] == {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(PORT)}]}
    assert info["Config"]["Labels"][LABEL_SKILL] == time_spec.name
    assert info["Config"]["Labels"][LABEL_PORT] == str(PORT)
    assert info["Config"]["Labels"][LABEL_MANAGED] == "1"


async def test_started_worker_answers_health_schema_and_execute(
    backend: DockerBackend, time_spec: SkillSpec
) -> None:
    worker = await backend.start(time_spec, PORT)
    await wait_healthy(worker.base_url)

    async with httpx.AsyncClient(base_url=worker.base_url, timeout=5.0) as client:
        schema = (await client.get("/schema")).json()
        response = await client.post(
            "/execute", json={"tool": "get_current_time", "params": {"timezone": "Asia/Tokyo"}}
        )

    assert worker.base_url == f"http://127.0.0.1:{PORT}"
    assert [t["function"]["name"] for t in schema["tools"]] == ["get_current_time"]
    assert response.status_code == 200
    assert response.json()["result"]["iso"].endswith("+09:00")  # tzdata is in the image
    assert await backend.is_alive(worker)


async def test_container_env_is_the_skill_env_only(
    backend: DockerBackend,
    time_spec: SkillSpec,
    docker_client: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PROPSEARCH_HOST_ONLY_SECRET", "must-not-leak")
    spec = dataclasses.replace(time_spec, env={"SKILL_API_KEY": "from-dot-env"})

    worker = await backend.start(spec, PORT)

    env = docker_client.api.inspect_container(worker.ident)["Config"]["Env"]
    assert "SKILL_API_KEY=from-dot-env" in env
    assert not [e for e in env if e.startswith("PROPSEARCH_HOST_ONLY_SECRET=")]
    assert not [e for e in env if "must-not-leak" in e]


async def test_stop_removes_the_container_and_is_idempotent(
    backend: DockerBackend, time_spec: SkillSpec, docker_client: Any
) -> None:
    import docker

    worker = await backend.start(time_spec, PORT)

    await backend.stop(worker)
    await backend.stop(worker)

    with pytest.raises(docker.errors.NotFound):
        docker_client.api.inspect_container(worker.ident)
    assert not await backend.is_alive(worker)


async def test_is_alive_turns_false_when_the_container_dies(
    backend: DockerBackend, time_spec: SkillSpec, docker_client: Any
) -> None:
    worker = await backend.start(time_spec, PORT)
    assert await backend.is_alive(worker)

    docker_client.api.kill(worker.ident)

    assert not await backend.is_alive(worker)


async def test_start_replaces_a_stale_container_of_the_same_name(
    backend: DockerBackend, time_spec: SkillSpec, docker_client: Any
) -> None:
    first = await backend.start(time_spec, PORT)
    second = await backend.start(time_spec, PORT)

    assert first.ident != second.ident
    assert not await backend.is_alive(first)
    assert await backend.is_alive(second)


async def test_adopt_takes_the_running_orphans_of_a_dead_agent_and_reaps_them_later(
    time_spec: SkillSpec, docker_client: Any, orphans: Any
) -> None:
    running = orphans(time_spec, [PORT, PORT + 1])
    [dead] = orphans(time_spec, [PORT + 2])
    docker_client.api.kill(dead)

    restarted = DockerBackend()  # a fresh agent process: knows nothing but the labels
    try:
        adopted = await restarted.adopt(time_spec)
        other_skill = await restarted.adopt(dataclasses.replace(time_spec, name="no_such_skill"))
        assert not docker_client.containers.list(all=True, filters={"id": dead})
    finally:
        await restarted.close()  # its reaper now removes what it adopted

    ours = [w for w in adopted if w.port in range(PORT, PORT + 3)]  # ignore other agents' workers
    assert sorted(w.ident for w in ours) == sorted(running)
    assert all(w.skill == time_spec.name for w in adopted)
    assert other_skill == []
    assert not [i for i in running if docker_client.containers.list(all=True, filters={"id": i})]


async def test_adopt_leaves_the_containers_of_a_live_agent_alone(
    backend: DockerBackend, time_spec: SkillSpec, docker_client: Any
) -> None:
    live = await backend.start(time_spec, PORT)
    stopped = await backend.start(time_spec, PORT + 1)
    docker_client.api.kill(stopped.ident)

    other = DockerBackend()  # a second agent on the same engine
    try:
        adopted = await other.adopt(time_spec)
    finally:
        await other.close()

    assert not [w for w in adopted if w.ident in (live.ident, stopped.ident)]
    assert await backend.is_alive(live)
    assert docker_client.containers.list(all=True, filters={"id": stopped.ident})


async def test_adopt_drops_orphans_of_an_outdated_image(
    time_spec: SkillSpec, docker_client: Any, orphans: Any
) -> None:
    [orphan] = orphans(time_spec, [PORT])
    moved = dataclasses.replace(time_spec, image="local/bookworm:base")
    backend = DockerBackend()
    try:
        adopted = await backend.adopt(moved)
    finally:
        await backend.close()

    assert orphan not in [w.ident for w in adopted]
    assert not docker_client.containers.list(all=True, filters={"id": orphan})


async def test_real_estate_worker_serves_its_dataset_and_wishes(
    estate_spec: SkillSpec, docker_client: Any, state_scope: str
) -> None:
    """The image carries the wish index (built by prepare.py at build time) and the MiniLM
    model; SKILL.md's `memory: 1024m` gives the container room for them (256m is OOM-killed)."""
    backend = DockerBackend(scope=state_scope)  # real_estate keeps state: the test's own volume
    try:
        await _serves_dataset_and_wishes(backend, estate_spec, docker_client)
    finally:
        await backend.close()


async def _serves_dataset_and_wishes(
    backend: DockerBackend, estate_spec: SkillSpec, docker_client: Any
) -> None:
    worker = await backend.start(dataclasses.replace(estate_spec, env={}), PORT)
    await wait_healthy(worker.base_url)
    host = docker_client.api.inspect_container(worker.ident)["HostConfig"]
    assert host["Memory"] == 1024 * 2**20 == estate_spec_memory_bytes(estate_spec)

    async with httpx.AsyncClient(base_url=worker.base_url, timeout=10.0) as client:
        response = await client.post(
            "/execute",
            json={"tool": "search_properties", "params": {"location": "Austin", "limit": 3}},
        )
        wished = await client.post(
            "/execute",
            json={"tool": "search_properties", "params": {"wishes": ["workshop"], "limit": 3}},
        )

    assert response.status_code == 200, response.text
    result = response.json()["result"]
    assert result["type"] == "listings"
    assert 0 < len(result["items"]) <= 3
    items = wished.json()["result"]["items"]
    assert items and all(any("workshop" in m.lower() for m in i["mentions"]) for i in items)


def estate_spec_memory_bytes(spec: SkillSpec) -> int:
    assert spec.memory is not None and spec.memory.endswith("m")
    return int(spec.memory[:-1]) * 2**20


def _host_extra_cas() -> list[bytes]:
    """The base64 body lines of the host's extra CA certificates (what a build may trust)."""
    lines: list[bytes] = []
    for crt in sorted(HOST_CA_DIR.glob("*.crt")) if HOST_CA_DIR.is_dir() else []:
        body = [ln for ln in crt.read_bytes().splitlines() if ln and not ln.startswith(b"-----")]
        lines.extend(body[2:4])  # two lines are unique enough and never span PEM boundaries
    return lines


def _built_images() -> list[str]:
    specs = [load_skill(md.parent) for md in sorted(SKILLS_DIR.glob("*/SKILL.md"))]
    images = [s.image for s in specs if s.image]  # MCP skills have no image
    return [*images, "propsearch/agent:latest"]


@pytest.mark.parametrize("image", _built_images())
def test_final_image_carries_no_extra_ca_certificate(image: str, docker_client: Any) -> None:
    import docker

    try:
        docker_client.images.get(image)
    except docker.errors.ImageNotFound:
        pytest.skip(f"{image} is not built")
    container = docker_client.containers.create(image, command=["true"])
    try:
        data = io.BytesIO(b"".join(container.export()))
    finally:
        container.remove(force=True)
    secrets = _host_extra_cas()
    leaked: list[str] = []
    with tarfile.open(fileobj=data) as tar:
        for member in tar:
            path = member.name.lstrip("./")
            if path.startswith("usr/local/share/ca-certificates/") and path.endswith(".crt"):
                leaked.append(path)
            elif member.isfile() and path.startswith("etc/ssl/") and secrets:
                content = tar.extractfile(member).read()  # type: ignore[union-attr]
                leaked.extend(path for s in secrets if s in content)
    assert leaked == [], f"extra CA material in the final image {image}: {leaked}"
