"""The TypeScript mortgage skill on the docker backend: its own image, real containers."""

from __future__ import annotations

from typing import Any

import pytest

from agent_graph.skills.backends.docker import DockerBackend
from agent_graph.skills.backends.pool import ContainerPool, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from tests.docker.conftest import _spec_with_image

pytestmark = pytest.mark.usefixtures("sweep")

PORT_START = 19650  # inside conftest.TEST_PORTS, clear of the other docker tests' window


async def test_mortgage_image_serves_the_tools_from_hardened_containers(docker_client: Any) -> None:
    spec = _spec_with_image(docker_client, "mortgage")
    backend = DockerBackend()
    pool = ContainerPool(spec, backend, ports=PortAllocator(PORT_START, span=20))
    await pool.start()
    try:
        assert pool.ready_count == spec.pool_size
        schema = await pool.get_json("/schema")
        assert {t["function"]["name"] for t in schema["tools"]} == {
            "mortgage_payment",
            "mortgage_affordability",
        }
        result = await pool.call(
            "mortgage_payment", {"price": 450_000, "down_payment_percent": 20, "rate_percent": 6.5}
        )
        assert result["monthly"]["principal_interest"] == pytest.approx(2275.44, abs=0.01)
        with pytest.raises(SkillCallError, match=r"\(400\): 'rate_percent' is required"):
            await pool.call("mortgage_affordability", {"monthly_budget": 3000})
        containers = docker_client.containers.list(filters={"label": "propsearch.skill=mortgage"})
        config = containers[0].attrs
        assert config["Config"]["User"].startswith("10001")
        assert config["HostConfig"]["ReadonlyRootfs"] is True
    finally:
        await pool.close()
        await backend.close()
