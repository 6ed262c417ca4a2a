"""Schemathesis against the accounts routes of a live server with ACCOUNTS=on and open sign-up
(the trust suite's fuzzing runs with accounts off, where these routes answer 404): no input
makes the server fail, and every documented answer has its model's shape."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import schemathesis

from tests.servers import ServerProcess, free_port_window, start_server
from tests.trust.test_schema_fuzz import _fuzz

ACCOUNTS_PATHS = ("/auth", "/api-keys", "/admin")


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("accounts-fuzz")
    (folder / "skills").mkdir()
    server = start_server(
        folder / "memory",
        free_port_window(),
        ACCOUNTS="on",
        ACCOUNTS_SIGNUP="open",
        SKILLS_DIR=str(folder / "skills"),
    )
    yield server
    server.stop()
    assert "Traceback" not in server.log(), server.log()[-4000:]


def test_no_input_makes_the_accounts_routes_fail(live_server: ServerProcess) -> None:
    schema = schemathesis.openapi.from_url(f"{live_server.url}/openapi.json")
    operations = [
        result.ok()
        for result in schema.get_all_operations()
        if result.ok().path.startswith(ACCOUNTS_PATHS)
    ]
    assert len(operations) >= 15
    for operation in operations:
        for mode in schemathesis.GenerationMode:
            _fuzz(operation, mode)
