from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.jobs.postgres import LocalPostgres, missing


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[LocalPostgres]:
    reason = missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the server-profile job tests must run under CI: {reason}")
        pytest.skip(reason)
    server = LocalPostgres()
    server.start()
    try:
        yield server
    finally:
        server.stop()
