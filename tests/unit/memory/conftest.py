"""Real Chroma on disk under tmp_path and the real offline embedding model: no mocks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from chromadb.api import ClientAPI

from agent_graph.memory.chroma import open_client, release_client
from agent_graph.memory.embeddings import OfflineMiniLM, default_embedding_function


@pytest.fixture(scope="session")
def ef() -> OfflineMiniLM:
    return default_embedding_function()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[ClientAPI]:
    yield open_client(tmp_path)
    release_client(tmp_path)
