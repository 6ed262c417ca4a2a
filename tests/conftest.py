"""Shared test setup (importing agent_graph keeps LiteLLM and LangSmith offline: config.quiet_env)."""

import pytest

from tests.servers import free_port_window


@pytest.fixture
def free_port_base() -> int:
    """A random window of free ports for skill workers, so tests never collide."""
    return free_port_window()
