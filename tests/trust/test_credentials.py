"""Credentials against the real app with a tokens file: an Authorization header that names
nobody (an unknown token, an empty one, another scheme) is 401 on every route, the public ones
too; only a request with no header at all is a guest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.trust.helpers import ALICE, app_client, bearer, write_tokens

MCP_LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
MCP_ACCEPT = {"accept": "application/json, text/event-stream"}
NOBODY = {
    "unknown token": "Bearer not-a-token-0123456789",
    "empty bearer": "Bearer ",
    "basic": "Basic YWxpY2U6c2VjcmV0",
    "token scheme": f"Token {ALICE}",
    "bare token": ALICE,
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root: Path = tmp_path_factory.mktemp("credentials")
    (root / "skills").mkdir()
    with app_client(
        root / "memory", skills_dir=root / "skills", api_tokens_file=write_tokens(root)
    ) as client:
        yield client


def _send(server: TestClient, route: str, headers: dict[str, str]) -> httpx.Response:
    method, path = route.split(" ", 1)
    body = {"message": "hello"} if path.startswith("/chat") else MCP_LIST
    extra = MCP_ACCEPT if path == "/mcp" else {}
    return server.request(
        method, path, json=body if method == "POST" else None, headers={**headers, **extra}
    )


ROUTES = ["POST /chat/public", "POST /chat/public/stream", "GET /sessions", "GET /v1/models"]


@pytest.mark.parametrize("route", [*ROUTES, "POST /mcp"])
@pytest.mark.parametrize("kind", list(NOBODY))
def test_a_header_naming_nobody_is_401_never_a_guest(
    server: TestClient, route: str, kind: str
) -> None:
    response = _send(server, route, {"Authorization": NOBODY[kind]})
    assert response.status_code == 401, (route, kind, response.text)
    assert response.headers["www-authenticate"] == "Bearer"
    detail = response.json()["detail"]
    assert "not valid" in detail or "only bearer tokens" in detail


def test_no_header_is_a_guest_and_a_valid_token_is_the_user(server: TestClient) -> None:
    assert _send(server, "POST /chat/public", {}).status_code == 200
    assert _send(server, "POST /chat/public", bearer(ALICE)).status_code == 200
    assert _send(server, "GET /sessions", {}).status_code == 401
    assert _send(server, "GET /sessions", bearer(ALICE)).status_code == 200
    assert _send(server, "GET /sessions", {"Authorization": f"bearer {ALICE}"}).status_code == 200
