"""The Docker socket proxy (agent_graph/skills/backends/docker_proxy.py) against a real engine: the pool's
whole life cycle passes through it; anything else a compromised agent might ask is refused."""

from __future__ import annotations

from typing import Any

import docker
import httpx
import pytest
from docker.errors import APIError
from docker.types import DriverConfig, Mount

from agent_graph.skills.backends.docker import LABEL_MANAGED, LABEL_SKILL, DockerBackend
from agent_graph.skills.model.manifest import SkillSpec
from tests.docker.test_backend_docker import wait_healthy

pytestmark = pytest.mark.usefixtures("sweep")

PORT = 19420  # inside conftest.TEST_PORTS, swept after each test
HOST_FOLDER = DriverConfig("local", {"type": "none", "o": "bind", "device": "/"})


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
        "another skill's state": {**hardened, "mounts": [Mount("/state", "propsearch-state-x")]},
        "a volume that is a host folder": {
            **hardened,
            "labels": {LABEL_MANAGED: "1", LABEL_SKILL: "x"},
            "mounts": [Mount("/state", "propsearch-state-x", driver_config=HOST_FOLDER)],
        },
        "a state volume elsewhere": {
            **hardened,
            "labels": {LABEL_MANAGED: "1", LABEL_SKILL: "x"},
            "mounts": [Mount("/app", "propsearch-state-x")],
        },
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
