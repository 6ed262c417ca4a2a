"""X-Forwarded-For against the real server, launched as `make run` and the Dockerfile launch it:
believed only from the proxies FORWARDED_ALLOW_IPS names, so a guest cannot dodge the rate
limit by sending a new address with every request."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import ROOT, ServerProcess, free_port_window, start_server

LIMIT = 5


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    (tmp_path / "skills").mkdir()
    env = {"SKILLS_DIR": str(tmp_path / "skills"), "PUBLIC_RATE_LIMIT": str(LIMIT)}
    running = start_server(tmp_path / "memory", free_port_window(), **env, **request.param)
    try:
        yield running
    finally:
        running.stop()


def _guest_statuses(server: ServerProcess, forwarded: list[str]) -> list[int]:
    return [
        httpx.post(
            f"{server.url}/chat/public",
            json={"message": "hello"},
            headers={"X-Forwarded-For": address},
            timeout=30,
        ).status_code
        for address in forwarded
    ]


@pytest.mark.parametrize("server", [{}], indirect=True)
def test_a_changing_forwarded_for_still_gets_429(server: ServerProcess) -> None:
    addresses = [f"203.0.113.{n}" for n in range(LIMIT + 2)]
    statuses = _guest_statuses(server, addresses)
    assert statuses[:LIMIT] == [200] * LIMIT
    assert statuses[LIMIT:] == [429, 429]


@pytest.mark.parametrize("server", [{"FORWARDED_ALLOW_IPS": "127.0.0.1"}], indirect=True)
def test_a_configured_proxy_forwards_the_clients_address(server: ServerProcess) -> None:
    """The proxy's clients each have their own budget; one client past it gets 429."""
    assert _guest_statuses(server, [f"203.0.113.{n}" for n in range(LIMIT + 1)]) == [200] * (
        LIMIT + 1
    )
    assert _guest_statuses(server, ["198.51.100.7"] * (LIMIT + 1))[-1] == 429


def _uvicorn_arguments(line: str) -> list[str]:
    return shlex.split(line.split("uvicorn", 1)[1].replace('", "', " ").strip('"[] '))


def test_make_run_and_the_dockerfile_leave_uvicorns_own_proxy_headers_off() -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 unless told not to (the tests' servers
    start with the same flag, tests/servers.py). `make run` starts `propsearch serve`, which
    turns it off in code (tests/integration/test_serve.py); the Dockerfile passes the flag."""
    make = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "propsearch serve" in make and "uvicorn" not in make, make
    docker = (ROOT / "Dockerfile").read_text().split("\nCMD ", 1)[1].splitlines()[0]
    arguments = _uvicorn_arguments(docker)
    assert "--no-proxy-headers" in arguments, docker
    assert not any(a.startswith("--forwarded-allow-ips") for a in arguments), docker
