"""Anonymous `GET /mcp` streams against the real server: each one ends after GUEST_STREAM_S
(the stateless server never sends on it) and counts against the guest rate limit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import ServerProcess, free_port_window, start_server
from tests.trust.helpers import ALICE, bearer, write_tokens

LIMIT = 3
SSE = {"accept": "text/event-stream"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    root: Path = tmp_path_factory.mktemp("mcp-streams")
    (root / "skills").mkdir()
    running = start_server(
        root / "memory",
        free_port_window(),
        SKILLS_DIR=str(root / "skills"),
        API_TOKENS_FILE=str(write_tokens(root)),
        PUBLIC_RATE_LIMIT=str(LIMIT),
        GUEST_STREAM_S="1",
    )
    try:
        yield running
    finally:
        running.stop()


def _open_stream(server: ServerProcess, headers: dict[str, str]) -> int:
    """Open GET /mcp and read it to its end (a stream left open fails with ReadTimeout)."""
    timeout = httpx.Timeout(10, read=30)
    with httpx.stream("GET", f"{server.url}/mcp", headers=headers, timeout=timeout) as response:
        for _ in response.iter_bytes():
            pass
        return response.status_code


def test_anonymous_streams_end_and_are_counted(server: ServerProcess) -> None:
    assert [_open_stream(server, SSE) for _ in range(LIMIT)] == [200] * LIMIT
    assert _open_stream(server, SSE) == 429


def test_a_signed_in_callers_stream_is_not_a_guests(server: ServerProcess) -> None:
    """Only anonymous streams are counted: a signed-in caller is not refused as a guest."""
    with httpx.stream(
        "GET", f"{server.url}/mcp", headers={**SSE, **bearer(ALICE)}, timeout=10
    ) as response:
        assert response.status_code != 429
