"""A real PostgreSQL for the server-profile job tests: the tests/scale container (PostgreSQL 17,
the app's own role owning a fresh database) where Docker and its image are there, as under CI
after `make servers`; else Debian's own server started in a temporary folder. Neither: skipped
with the reason outside CI, a failure under CI=true."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.jobs.postgres import Databases, LocalPostgres, missing
from tests.scale.servers import Postgres, missing_servers


class _Container:
    def __init__(self, server: Postgres) -> None:
        self.server = server

    def fresh_database(self) -> str:
        return self.server.app_database()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[Databases]:
    if missing_servers() is None:
        container = Postgres()
        container.start()
        try:
            yield _Container(container)
        finally:
            container.remove()
        return
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
