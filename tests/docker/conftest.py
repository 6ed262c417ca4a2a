"""Docker test fixtures: a usable engine and built skill images, else skip (or fail under CI).

Set up a machine with `scripts/docker/setup.sh && scripts/docker/build-images.sh`.
Every container these tests start uses a host port in TEST_PORTS and is swept afterwards.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from agent_graph.skills.backends.docker import LABEL_MANAGED, LABEL_PORT
from agent_graph.skills.backends.docker_state import LABEL_SCOPE
from agent_graph.skills.model.manifest import SkillSpec, load_skill

ROOT = Path(__file__).resolve().parents[2]
SKILLS_DIR = ROOT / "skills"
TEST_PORTS = range(19400, 19700)
SETUP_HINT = "run scripts/docker/setup.sh && scripts/docker/build-images.sh"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.docker)


def _unavailable(reason: str) -> None:
    """Skip on a developer machine; fail under CI=true, where a missing engine is a broken setup."""
    message = f"{reason} ({SETUP_HINT})"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"docker tests cannot run under CI: {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def docker_client() -> Iterator[Any]:
    """A low-level view of the engine for assertions (independent of the backend under test)."""
    try:
        import docker

        client = docker.from_env(version="auto", timeout=10)
        client.ping()
    except Exception as exc:
        _unavailable(f"no usable Docker engine: {exc}")
    yield client
    _sweep(client)
    client.close()


def _sweep(client: Any) -> None:
    """Remove containers left by these tests (by label and port range), never anyone else's."""
    for container in client.containers.list(all=True, filters={"label": f"{LABEL_MANAGED}=1"}):
        port = container.labels.get(LABEL_PORT, "")
        if port.isdigit() and int(port) in TEST_PORTS:
            container.remove(force=True)


def _spec_with_image(docker_client: Any, name: str) -> SkillSpec:
    import docker

    folder = SKILLS_DIR / name
    if not (folder / "SKILL.md").is_file():
        _unavailable(f"skill {name} has no SKILL.md")
    spec = load_skill(folder)
    try:
        docker_client.images.get(spec.image)
    except docker.errors.ImageNotFound:
        _unavailable(f"image {spec.image} of skill {name} is not built")
    return spec


@pytest.fixture(scope="session")
def time_spec(docker_client: Any) -> SkillSpec:
    """The current_time skill (stdlib only, the fastest image to start)."""
    return _spec_with_image(docker_client, "current_time")


@pytest.fixture(scope="session")
def estate_spec(docker_client: Any) -> SkillSpec:
    return _spec_with_image(docker_client, "real_estate")


@pytest.fixture
def sweep(docker_client: Any) -> Iterator[None]:
    """Remove this test's containers even when it failed half-way."""
    yield
    _sweep(docker_client)


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[str]:
    """The engine proxy (agent_graph/skills/backends/docker_proxy.py) on a socket of its own."""
    path = tmp_path / "docker.sock"
    process = subprocess.Popen(
        [sys.executable, "-m", "agent_graph.skills.backends.docker_proxy", str(path)], cwd=ROOT
    )
    deadline = time.monotonic() + 10
    while not path.exists():
        assert process.poll() is None and time.monotonic() < deadline, "the proxy did not start"
        time.sleep(0.02)
    yield f"unix://{path}"
    process.terminate()
    process.wait(10)


@pytest.fixture
def state_scope(docker_client: Any) -> Iterator[str]:
    """A scope of this test's own for the skills' state volumes (DockerBackend(scope=...));
    its volumes are removed afterwards, once the test's containers are gone."""
    scope = f"test-{uuid.uuid4().hex[:8]}"
    yield scope
    _sweep(docker_client)
    for volume in docker_client.volumes.list(filters={"label": f"{LABEL_SCOPE}={scope}"}):
        volume.remove(force=True)
    assert not docker_client.volumes.list(filters={"label": f"{LABEL_SCOPE}={scope}"})


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


@pytest.fixture
def orphans() -> Iterator[Callable[[SkillSpec, list[int]], list[str]]]:
    """Start containers from an agent process, then SIGKILL it and its reaper: real orphans."""
    agents: list[subprocess.Popen[str]] = []

    def make(spec: SkillSpec, ports: list[int]) -> list[str]:
        agent = subprocess.Popen(
            [sys.executable, "-m", "tests.docker.orphan_agent", str(spec.folder), *map(str, ports)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        agents.append(agent)
        assert agent.stdout is not None
        told = json.loads(agent.stdout.readline() or "{}")
        assert told, "the orphan agent did not start its containers"
        os.kill(told["reaper"], signal.SIGKILL)  # first, or it would remove them
        agent.kill()
        agent.wait(10)
        deadline = time.monotonic() + 10
        while not _gone(told["reaper"]):
            assert time.monotonic() < deadline, "the reaper outlived SIGKILL"
            time.sleep(0.02)
        return list(told["ids"])

    yield make
    for agent in agents:
        agent.kill()
        agent.wait(10)
