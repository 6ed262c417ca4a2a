from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.config import Settings
from api import create_app
from tests.servers import free_port_window
from tests.skill_env import ensure_skill_envs


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The real app (offline model, real skill workers, real memory) on a temp MEMORY_ROOT."""
    ensure_skill_envs()  # skill venvs and compiled TypeScript, as `make skills-env` builds them
    root: Path = tmp_path_factory.mktemp("memory")
    base = free_port_window()
    settings = Settings(memory_root=root, host_port_start=base, agent_model="offline")
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        client.memory_root = root  # type: ignore[attr-defined]
        yield client
