"""DNS rebinding and browser defaults, against the real server: with no tokens only local Host
names are answered; every response carries the CSP, framing, sniffing and referrer headers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.servers import ServerProcess, free_port_window, start_server
from tests.trust.helpers import bearer, write_tokens

USER_TOKEN = "token-browser-guard-user-123456"


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServerProcess]]:
    root = tmp_path_factory.mktemp("guard")
    (root / "skills").mkdir()
    tokens = write_tokens(root, {USER_TOKEN: {"user": "alice", "role": "user"}})
    started: dict[str, ServerProcess] = {}
    try:
        started["open"] = start_server(
            root / "open" / "memory",
            free_port_window(),
            SKILLS_DIR=str(root / "skills"),
            ALLOWED_HOSTS="propsearch.lan",
        )
        started["tokens"] = start_server(
            root / "tokens" / "memory",
            free_port_window(),
            SKILLS_DIR=str(root / "skills"),
            API_TOKENS_FILE=str(tokens),
        )
        yield started
    finally:
        for server in started.values():
            server.stop()


def _get(
    server: ServerProcess, path: str, host: str | None = None, **headers: str
) -> httpx.Response:
    if host is not None:
        headers["Host"] = host
    return httpx.get(server.url + path, headers=headers, timeout=10)


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "10.0.0.5", "localhost.evil.example"]
)
def test_without_tokens_a_foreign_host_is_refused(
    servers: dict[str, ServerProcess], host: str
) -> None:
    for path in ("/sessions", "/memory/preferences", "/health", "/"):
        response = _get(servers["open"], path, host)
        assert response.status_code == 421, (path, response.text)
        assert "ALLOWED_HOSTS" in response.json()["detail"]


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:9", "[::1]:8000", "PropSearch.LAN"]
)
def test_local_and_allowed_names_are_answered(servers: dict[str, ServerProcess], host: str) -> None:
    assert _get(servers["open"], "/sessions", host).status_code == 200


def test_with_tokens_any_host_is_answered_but_only_with_a_token(
    servers: dict[str, ServerProcess],
) -> None:
    server = servers["tokens"]
    assert _get(server, "/sessions", "propsearch.example.com").status_code == 401
    answer = _get(server, "/sessions", "propsearch.example.com", **bearer(USER_TOKEN))
    assert answer.status_code == 200


def test_every_response_carries_the_browser_headers(servers: dict[str, ServerProcess]) -> None:
    for response in (
        _get(servers["open"], "/"),
        _get(servers["open"], "/sessions"),
        _get(servers["open"], "/sessions", "evil.example"),
        _get(servers["tokens"], "/sessions"),
    ):
        csp = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "object-src 'none'" in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "no-referrer"


def test_the_api_is_not_served_on_a_closed_network(tmp_path: Path) -> None:
    """Bound to every interface (as in a container on several networks), a real server refuses
    requests that arrive on the address API_CLOSED_ON names (compose: the skills' network)."""
    server = start_server(
        tmp_path / "memory", free_port_window(), host="0.0.0.0", API_CLOSED_ON="127.0.0.2"
    )
    try:
        port = server.url.rsplit(":", 1)[1]
        closed = httpx.get(f"http://127.0.0.2:{port}/health", timeout=10)
        open_ = httpx.get(f"http://127.0.0.1:{port}/health", timeout=10)
    finally:
        server.stop()
    assert closed.status_code == 403 and "API_CLOSED_ON" in closed.json()["detail"]
    assert open_.status_code == 200
