"""Shared test setup (importing agent_graph keeps LiteLLM and LangSmith offline: config.quiet_env)."""

import os
from collections.abc import Iterator

import pytest

from tests.servers import free_port_window


@pytest.fixture
def free_port_base() -> int:
    """A random window of free ports for skill workers, so tests never collide."""
    return free_port_window()


@pytest.fixture(autouse=True)
def _umask_restored() -> Iterator[None]:
    """An app started in-process makes its files private (keep_private sets the umask 077);
    the next test's files (a secret a container must read) are made as before."""
    mask = os.umask(0o022)
    os.umask(mask)
    yield
    os.umask(mask)
