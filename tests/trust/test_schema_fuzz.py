"""Schemathesis against the live API's OpenAPI schema (uvicorn on 127.0.0.1): no 5xx, ever, and
every documented answer has the shape its response model declares.

Driven through Hypothesis directly: schemathesis 4.15's pytest plugin predates pytest 9."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.servers import ServerProcess, free_port_window, start_server

EXAMPLES_PER_OPERATION = 12


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    root: Path = tmp_path_factory.mktemp("fuzz") / "memory"
    server = start_server(root, free_port_window(), PUBLIC_RATE_LIMIT="5")
    yield server
    server.stop()
    assert "Traceback" not in server.log(), server.log()[-4000:]


def _fuzz(operation: schemathesis.APIOperation, mode: schemathesis.GenerationMode) -> None:
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case: schemathesis.Case) -> None:
        case.call_and_validate(checks=[not_a_server_error, response_schema_conformance], timeout=30)

    try:
        run()
    except Unsatisfiable:
        if mode is schemathesis.GenerationMode.POSITIVE:
            raise  # only an operation without inputs has nothing to violate


def test_no_input_makes_the_server_fail(live_server: ServerProcess) -> None:
    schema = schemathesis.openapi.from_url(f"{live_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 13
    for operation in operations:
        for mode in schemathesis.GenerationMode:  # valid inputs, then schema-violating ones
            _fuzz(operation, mode)


def test_every_json_answer_is_described_by_a_model(live_server: ServerProcess) -> None:
    document = httpx.get(f"{live_server.url}/openapi.json").json()
    untyped = []
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            ok = operation["responses"].get("200", {}).get("content", {})
            schema = ok.get("application/json", {}).get("schema")
            if schema is not None and "$ref" not in schema:
                untyped.append(f"{method.upper()} {path}")
    assert untyped == []
    assert "SessionDetail" in document["components"]["schemas"]
