"""Fork-server isolation inside hardened containers, and containers never outliving the agent."""

from __future__ import annotations

import io
import signal
import tarfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_graph.skills.backends.docker import DockerBackend
from agent_graph.skills.backends.docker_reaper import LABEL_OWNER
from agent_graph.skills.backends.pool import ContainerPool
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.model.manifest import SkillSpec, load_skill
from tests.processes import descendants
from tests.servers import free_port_window, start_server

pytestmark = pytest.mark.usefixtures("sweep")

ROOT = Path(__file__).resolve().parents[2]
LEAKY = ROOT / "tests" / "fixtures" / "skills" / "leaky"
LEAKY_IMAGE = "propsearch/test-leaky:latest"
PORT_START = 19600  # inside conftest.TEST_PORTS, swept after each test


def _context() -> io.BytesIO:
    """skill_runtime.py and the leaky fixture, laid out as the skills/ build context."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        tar.add(ROOT / "skills" / "skill_runtime.py", arcname="skill_runtime.py")
        tar.add(LEAKY, arcname="leaky")
        tar.add(LEAKY / "Dockerfile", arcname="Dockerfile")
    buffer.seek(0)
    return buffer


@pytest.fixture(scope="module")
def leaky_spec(docker_client: Any, time_spec: SkillSpec) -> SkillSpec:
    """The leaky test skill as an image on top of the current_time image (built in seconds)."""
    docker_client.images.build(fileobj=_context(), custom_context=True, tag=LEAKY_IMAGE, rm=True)
    return load_skill(LEAKY)


@pytest.fixture
async def leaky_pool(leaky_spec: SkillSpec) -> AsyncIterator[ContainerPool]:
    backend = DockerBackend()
    pool = ContainerPool(leaky_spec, backend, ports=PortAllocator(PORT_START, span=50))
    await pool.start()
    yield pool
    await pool.close()
    await backend.close()


async def test_a_call_in_a_container_sees_nothing_of_the_previous_call(
    leaky_pool: ContainerPool,
) -> None:
    left = await leaky_pool.call("leak", {})
    seen = await leaky_pool.call("look", {"temp_file": left["temp_file"]})

    assert leaky_pool.isolation == "fork"
    assert left["temp_file"].startswith("/tmp/")
    assert (seen["calls"], seen["temp_file_exists"], seen["env"]) == (0, False, None)
    assert seen["cwd"] == "/app/leaky"
    assert seen["pid"] != left["pid"]


def _ours(docker_client: Any, owner: str) -> list[str]:
    """Ids of the owner's containers (the low-level list: no inspect that races a removal)."""
    found = docker_client.api.containers(all=True, filters={"label": f"{LABEL_OWNER}={owner}"})
    return [c["Id"] for c in found]


async def test_closing_the_backend_leaves_no_container(
    leaky_spec: SkillSpec, docker_client: Any
) -> None:
    backend = DockerBackend()
    pool = ContainerPool(leaky_spec, backend, ports=PortAllocator(PORT_START, span=50))
    await pool.start()
    assert _ours(docker_client, backend.owner)
    await pool.close()
    await backend.close()
    assert _ours(docker_client, backend.owner) == []


def _reaper_owner(server_pid: int) -> str:
    """The owner label of the server's containers, read from its reaper's command line."""
    for pid in descendants(server_pid):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"agent_graph.skills.backends.docker_reaper" in argv:
            return argv[argv.index(b"agent_graph.skills.backends.docker_reaper") + 1].decode()
    raise AssertionError("the server started no reaper")


def test_sigkill_of_the_server_removes_its_containers(tmp_path: Path, docker_client: Any) -> None:
    server = start_server(tmp_path / "memory", free_port_window(), SKILL_BACKEND="docker")
    try:
        owner = _reaper_owner(server.process.pid)
        assert len(_ours(docker_client, owner)) >= 2
    finally:
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
    try:
        deadline = time.monotonic() + 5.0
        while _ours(docker_client, owner) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _ours(docker_client, owner) == []
    finally:
        for ident in _ours(docker_client, owner):
            docker_client.api.remove_container(ident, force=True)
