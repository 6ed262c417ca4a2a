"""Bad input through the real API: each gets a clear 4xx and nothing is written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.trust.helpers import app_client, files_under

LIMIT = 2048


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root = tmp_path_factory.mktemp("bad") / "memory"
    with app_client(
        root, max_body_bytes=LIMIT, max_message_chars=500, public_rate_limit=1000
    ) as client:
        client.post("/chat", json={"message": "what time is it?"})  # one real session exists
        client.memory_root = root  # type: ignore[attr-defined]
        yield client


@pytest.fixture
def unchanged(client: TestClient) -> Iterator[None]:
    root: Path = client.memory_root  # type: ignore[attr-defined]
    before = files_under(root / "users")
    yield
    assert files_under(root / "users") == before


JSON = {"content-type": "application/json"}


@pytest.mark.parametrize("path", ["/chat", "/chat/stream", "/chat/public", "/chat/public/stream"])
@pytest.mark.parametrize(
    ("body", "headers", "status", "detail"),
    [
        (b"{not json", JSON, 422, "JSON decode error"),
        (b'{"message": 5}', JSON, 422, "valid string"),
        (b"{}", JSON, 422, "Field required"),
        (b'{"message": "   "}', JSON, 422, "empty"),
        (b'{"message": "' + b"x" * 501 + b'"}', JSON, 413, "longer than 500"),
        (b'{"message": "' + b"x" * (LIMIT + 1) + b'"}', JSON, 413, f"larger than {LIMIT}"),
        (b"message=hi", {"content-type": "application/x-www-form-urlencoded"}, 415, "JSON"),
        (b"hi", {"content-type": "text/plain"}, 415, "JSON"),
        (b'{"message": "hi", "session_id": "../../etc/passwd"}', JSON, 422, "pattern"),
        (b'{"message": "hi", "session_id": "caf\\u00e9"}', JSON, 422, "pattern"),
        (b'{"message": "hi", "session_id": "a\\u2215b"}', JSON, 422, "pattern"),
        (b'{"message": "hi", "session_id": "ok\\n"}', JSON, 422, "pattern"),
        (b'{"message": "half a pair \\ud83d here"}', JSON, 422, "lone surrogate"),
        (b'{"message": "a stray \\udc00"}', JSON, 422, "lone surrogate"),
        (b'{"message": "not utf-8 \xff\xfe"}', JSON, 422, "not valid UTF-8"),
    ],
)
def test_bad_chat_bodies_are_refused(
    client: TestClient,
    unchanged: None,
    path: str,
    body: bytes,
    headers: dict,
    status: int,
    detail: str,
) -> None:
    response = client.post(path, content=body, headers=headers)
    assert response.status_code == status, response.text
    assert detail in response.text


def test_a_chunked_body_over_the_limit_is_refused_while_streaming(
    client: TestClient, unchanged: None
) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"message": "'
        for _ in range(LIMIT // 100 + 2):
            yield b"x" * 100
        yield b'"}'

    response = client.post("/chat", content=chunks(), headers=JSON)
    assert response.status_code == 413


@pytest.mark.parametrize(
    "path",
    [
        "/sessions/..%2F..%2Fetc%2Fpasswd",
        "/sessions/%2e%2e",
        "/sessions/caf%C3%A9",
        "/sessions/a%E2%88%95b",
        "/sessions/x%00y",
        "/sessions/" + "x" * 65,
        "/sessions/a.json",
        "/sessions/%20",
        "/debug/sessions/..%5C..%5Cwin/context",
    ],
)
def test_session_ids_with_path_or_unicode_tricks_are_refused(
    client: TestClient, unchanged: None, path: str
) -> None:
    for method in ("GET", "DELETE"):
        response = client.request(method, path)
        assert response.status_code in (404, 405, 422), (method, path, response.status_code)


@pytest.mark.parametrize(
    "path", ["/memory/preferences/..%2F..%2Fx/budget", "/memory/preferences/real_estate/a%2Fb"]
)
def test_preference_paths_with_tricks_are_refused(
    client: TestClient, unchanged: None, path: str
) -> None:
    assert client.delete(path).status_code in (404, 405, 422)


def test_unknown_session_ids_are_404(client: TestClient, unchanged: None) -> None:
    for path in ("/sessions/nope", "/sessions/nope/title", "/debug/sessions/nope/context"):
        assert client.get(path).status_code == 404
    assert client.delete("/sessions/nope").status_code == 404


def test_an_invalid_content_length_is_refused(client: TestClient, unchanged: None) -> None:
    transport = client._transport  # type: ignore[attr-defined]
    request = httpx.Request(
        "POST",
        "http://localhost/chat",
        headers={"content-type": "application/json", "content-length": "99999999"},
        content=b'{"message": "hi"}',
    )
    assert transport.handle_request(request).status_code == 413


def test_a_direct_call_with_an_argument_the_tool_lacks_is_refused(
    client: TestClient, unchanged: None
) -> None:
    typo = client.post("/tools/save_home", json={"params": {"zpid": "29486087", "zipd": "1"}})
    assert typo.status_code == 422
    assert typo.json()["detail"] == "save_home has no argument named zipd; it takes: zpid."


@pytest.fixture(scope="module")
def roomy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app at its default body limits (64 KB; 1 MB for /v1), no skills."""
    root = tmp_path_factory.mktemp("roomy")
    (root / "skills").mkdir()
    with app_client(root / "memory", skills_dir=root / "skills") as client:
        yield client


DEEP = 3000


@pytest.mark.parametrize(
    "path", ["/chat", "/chat/public", "/tools/save_home", "/v1/chat/completions"]
)
@pytest.mark.parametrize(
    "body",
    [
        '{"message": ' + "[" * DEEP + '"\\ud83d"' + "]" * DEEP + "}",
        '{"message": "hi", "x": ' + '{"a": ' * DEEP + "1" + "}" * DEEP + "}",
        '{"messages": ' + "[" * DEEP + "]" * DEEP + "}",
    ],
)
def test_json_nested_thousands_of_levels_deep_is_422_not_500(
    roomy: TestClient, path: str, body: str
) -> None:
    response = roomy.post(path, content=body.encode(), headers=JSON)
    assert response.status_code == 422, response.text
    assert "levels deep" in response.json()["detail"]
