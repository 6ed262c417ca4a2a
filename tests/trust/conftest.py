"""Shared fixture: the real app with the test tokens file (one app per module)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.trust.helpers import app_client, write_tokens


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("tokens")
    with app_client(folder / "memory", api_tokens_file=write_tokens(folder)) as client:
        client.memory_root = folder / "memory"  # type: ignore[attr-defined]
        yield client
