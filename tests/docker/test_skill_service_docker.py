"""A skill image run as a service (compose.scale.yaml's skill containers): hardened like the
docker backend's workers, started by someone else, and called by the agent at its URL."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from agent_graph.skills.backends.docker import LABEL_MANAGED, LABEL_PORT
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.registry import SkillRegistry
from tests.docker.conftest import SKILLS_DIR, _spec_with_image
from tests.servers import free_port_window

pytestmark = pytest.mark.usefixtures("sweep")

SERVICE_PORT = 19690  # inside conftest.TEST_PORTS, clear of the other docker tests' windows


def _run_service(docker_client: Any, image: str) -> Any:
    """The container as compose.scale.yaml runs it (its own CMD, fork isolation inside)."""
    container = docker_client.containers.run(
        image,
        detach=True,
        labels={LABEL_MANAGED: "1", LABEL_PORT: str(SERVICE_PORT)},  # swept after the test
        ports={"8080/tcp": ("127.0.0.1", SERVICE_PORT)},
        read_only=True,
        tmpfs={"/tmp": "rw,noexec,nosuid,nodev,size=16m"},
        cap_drop=["ALL"],
        security_opt=["no-new-privileges"],
        pids_limit=64,
        mem_limit="512m",
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            health = httpx.get(f"http://127.0.0.1:{SERVICE_PORT}/health", timeout=1)
            if health.status_code == 200:
                assert health.json()["isolation"] == "fork"
                return container
        except httpx.HTTPError:
            time.sleep(0.3)
    raise AssertionError(f"the service never answered:\n{container.logs().decode()[-2000:]}")


async def test_replicas_share_one_skill_container_through_its_url(docker_client: Any) -> None:
    spec = _spec_with_image(docker_client, "real_estate")
    container = _run_service(docker_client, spec.image)
    url = f"http://127.0.0.1:{SERVICE_PORT}"
    registries = [
        SkillRegistry(
            SKILLS_DIR,
            ProcessBackend,
            PortAllocator(free_port_window()),
            only={"real_estate"},
            services={"real_estate": url},
        )
        for _ in range(2)  # two agent processes' registries, as two replicas would have
    ]
    try:
        for registry in registries:
            await registry.start()
        found = [
            await r.dispatch("search_properties", {"location": "Austin, TX", "beds_min": 3})
            for r in registries
        ]
        assert all(f["items"] and all(i["beds"] >= 3 for i in f["items"]) for f in found)
        assert found[0]["items"] == found[1]["items"]

        container.kill()
        with pytest.raises(SkillCallError, match="real_estate"):
            await registries[0].dispatch("search_properties", {"location": "Austin, TX"})
    finally:
        for registry in registries:
            await registry.close()
