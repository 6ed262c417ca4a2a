"""`propsearch serve` started for real on a free port: from loopback, `X-Forwarded-For` is not
believed (the guest limit counts the peer) unless FORWARDED_ALLOW_IPS names the proxy
(docs/http-security.md)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import ServerProcess, free_port_window, serve_command, start_with

LIMIT = 2
"""Guest requests a client may make per window (PUBLIC_RATE_LIMIT)."""


def _served(folder: Path, **env: str) -> ServerProcess:
    (folder / "skills").mkdir(parents=True)
    return start_with(
        serve_command,
        folder / "memory",
        free_port_window(),
        SKILLS_DIR=str(folder / "skills"),
        PUBLIC_RATE_LIMIT=str(LIMIT),
        PUBLIC_RATE_WINDOW_S="600",
        **env,
    )


@pytest.fixture
def plain(tmp_path: Path) -> Iterator[ServerProcess]:
    server = _served(tmp_path)
    yield server
    server.stop()


@pytest.fixture
def behind_a_proxy(tmp_path: Path) -> Iterator[ServerProcess]:
    server = _served(tmp_path, FORWARDED_ALLOW_IPS="127.0.0.1")
    yield server
    server.stop()


def _statuses(server: ServerProcess, addresses: list[str]) -> list[int]:
    """The status of one guest message per address, each sent as `X-Forwarded-For`."""
    return [
        httpx.post(
            f"{server.url}/chat/public",
            json={"message": "hi"},
            headers={"X-Forwarded-For": address},
            timeout=60,
        ).status_code
        for address in addresses
    ]


def test_serve_ignores_x_forwarded_for_from_loopback(plain: ServerProcess) -> None:
    # a new address per request buys no new budget: the peer (127.0.0.1) is counted
    assert _statuses(plain, ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) == [200, 200, 429]


def test_serve_believes_the_proxies_forwarded_allow_ips_names(
    behind_a_proxy: ServerProcess,
) -> None:
    assert _statuses(behind_a_proxy, ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) == [200] * 3
    assert _statuses(behind_a_proxy, ["198.51.100.7"] * 3) == [200, 200, 429]
