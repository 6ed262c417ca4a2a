"""The Docker socket proxy (agent_graph/skills/docker_proxy.py) against a real engine: the pool's
whole life cycle passes through it; anything else a compromised agent might ask is refused."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docker
import httpx
import pytest
from docker.errors import APIError

from agent_graph.skills.docker import LABEL_MANAGED, DockerBackend
from agent_graph.skills.manifest import SkillSpec
from tests.docker.test_backend_docker import wait_healthy

pytestmark = pytest.mark.usefixtures("sweep")

PORT = 19420  # inside conftest.TEST_PORTS, swept after each test
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def proxy(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "docker.sock"
    process = subprocess.Popen(
        [sys.executable, "-m", "agent_graph.skills.docker_proxy", str(path)], cwd=ROOT
    )
    deadline = time.monotonic() + 10
    while not path.exists():
        assert process.poll() is None and time.monotonic() < deadline, "the proxy did not start"
        time.sleep(0.02)
    yield f"unix://{path}"
    process.terminate()
    process.wait(10)


async def test_the_pool_starts_calls_and_removes_a_worker_through_the_proxy(
    proxy: str, time_spec: SkillSpec, docker_client: Any
) -> None:
    backend = DockerBackend(base_url=proxy)
    try:
        worker = await backend.start(time_spec, PORT)
        await wait_healthy(f"http://127.0.0.1:{PORT}")
        async with httpx.AsyncClient() as client:
            reply = await client.post(
                f"http://127.0.0.1:{PORT}/execute", json={"tool": "get_current_time", "params": {}}
            )
        assert reply.status_code == 200
        assert await backend.is_alive(worker)
        await backend.stop(worker)
        assert not docker_client.containers.list(all=True, filters={"id": worker.ident})
    finally:
        await backend.close()


def test_everything_else_is_refused(proxy: str, time_spec: SkillSpec, docker_client: Any) -> None:
    client = docker.DockerClient(base_url=proxy, version="auto")
    hardened = {
        "detach": True,
        "labels": {LABEL_MANAGED: "1"},
        "read_only": True,
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges"],
    }
    attempts = {
        "privileged": {**hardened, "privileged": True},
        "host mount": {**hardened, "volumes": {"/": {"bind": "/host", "mode": "rw"}}},
        "host pid": {**hardened, "pid_mode": "host"},
        "host network": {**hardened, "network_mode": "host"},
        "capability": {**hardened, "cap_add": ["SYS_ADMIN"]},
        "writable root": {**hardened, "read_only": False},
        "unlabelled": {**hardened, "labels": {}},
    }
    for what, options in attempts.items():
        with pytest.raises(APIError) as refused:
            client.containers.create(time_spec.image, **options)
        assert refused.value.status_code == 403, what
    with pytest.raises(APIError) as refused:
        client.containers.create("debian:bookworm-slim", **hardened)
    assert "not a skill image" in str(refused.value)
    stranger = docker_client.containers.create(time_spec.image, command=["true"])
    try:
        with pytest.raises(APIError) as refused:
            client.containers.get(stranger.id).remove(force=True)
        assert refused.value.status_code == 403  # not one PropSearch started
        for method, path in (("GET", "/images/json"), ("POST", "/images/create"), ("GET", "/info")):
            assert client.api.request(method, client.api._url(path)).status_code == 403, path
    finally:
        stranger.remove(force=True)
    client.close()
