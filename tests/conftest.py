"""Shared test setup: quiet, offline LiteLLM and LangSmith."""

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("LANGSMITH_TRACING", "false")
os.environ.setdefault("LANGGRAPH_CLI_NO_ANALYTICS", "1")

import pytest

from tests.servers import free_port_window


@pytest.fixture
def free_port_base() -> int:
    """A random window of free ports for skill workers, so tests never collide."""
    return free_port_window()
