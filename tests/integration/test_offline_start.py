"""Start-up never reaches the internet: a direct `uvicorn api:app` on a LiteLLM model, started
without any of the variables `make run` used to set, makes no connection off this machine and
prints no warning about a failed fetch (LiteLLM's cost map was fetched three times before)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.openai_server import FakeOpenAI
from tests.servers import ServerProcess, free_port_window, start_server, stream_turn

QUIET_VARIABLES = (
    "LITELLM_LOCAL_MODEL_COST_MAP",
    "LANGSMITH_TRACING",
    "LANGGRAPH_CLI_NO_ANALYTICS",
)

# Loaded by the server's interpreter before anything else (site imports `sitecustomize` from
# PYTHONPATH): every name lookup or connection to a host other than this machine is written to
# the log and refused, as a machine without internet would.
GUARD = """
import os, sys

_LOG = os.environ["NETWORK_GUARD_LOG"]
_LOCAL = ("127.", "::1", "localhost", "0.0.0.0")


def _host(event, args):
    if event == "socket.getaddrinfo":
        return args[0]
    if event == "socket.connect" and isinstance(args[1], tuple):
        return args[1][0]
    return None


def _guard(event, args):
    host = _host(event, args)
    if isinstance(host, bytes):
        host = host.decode()
    if not host or str(host).startswith(_LOCAL):
        return
    with open(_LOG, "a") as log:
        log.write(f"{event} {host}\\n")
    raise OSError(f"no network in this test: {host}")


sys.addaudithook(_guard)
"""


@pytest.fixture
def model() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI({})
    yield fake
    fake.close()


@pytest.fixture
def server(
    tmp_path: Path, model: FakeOpenAI, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[ServerProcess, Path]]:
    for name in QUIET_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    guard = tmp_path / "guard"
    guard.mkdir()
    (guard / "sitecustomize.py").write_text(GUARD)
    attempts = tmp_path / "network-attempts.log"
    process = start_server(
        tmp_path / "memory",
        free_port_window(),
        AGENT_MODEL="openai/test-model",
        LLM_API_BASE=model.base_url,
        LLM_API_KEY="sk-test-0000",
        PYTHONPATH=str(guard),
        NETWORK_GUARD_LOG=str(attempts),
    )
    yield process, attempts
    process.stop()


def test_a_direct_start_and_a_turn_never_reach_the_internet(
    server: tuple[ServerProcess, Path], model: FakeOpenAI
) -> None:
    process, attempts = server
    with httpx.Client(base_url=process.url, timeout=60) as client:
        events = stream_turn(client, "hello there")
    assert events[-1]["type"] == "done"
    assert model.requests, "the turn went to the LiteLLM model (so LiteLLM was imported)"
    process.stop()
    tried = attempts.read_text() if attempts.exists() else ""
    assert tried == "", f"start-up or the turn tried the network:\n{tried}"
    log = process.log().lower()
    assert "cost map" not in log and "model_prices" not in log, process.log()
