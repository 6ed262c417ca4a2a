"""ASGI middleware guarding request bodies before any parsing: 413 over a byte limit, 415 for a
body that is not JSON (every POST endpoint of the API takes JSON), 422 for text that is not
valid Unicode (bytes that are not UTF-8, or a lone surrogate escape such as "\\ud800", which
would otherwise fail later, when the text is stored or streamed) and for JSON nested deeper
than any request needs (thousands of levels would exhaust the parser's recursion: a 500).

A few routes take larger bodies (`LargerBody`): OpenAI clients' whole conversations, an admin's
job file. Such a route's limit can be for some callers only (`admits`, judged from the
request's headers (a bearer value or a session cookie) before a byte is read); everyone else
keeps the global limit there."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Message = dict[str, Any]


JSON_METHODS = {"POST", "PUT", "PATCH"}
MAX_JSON_DEPTH = 100
"""Far beyond any request body's shape (a tool's JSON schema in /v1 is about ten levels)."""
JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
"""A JSON string, unrolled (runs of plain characters, then an escape): the alternation per
character it replaces took 13 s and 8 GB on a 64 MiB upload, this 0.4 s and no extra memory."""
BRACKET = re.compile(r"[\[{\]}]")


@dataclass(frozen=True)
class LargerBody:
    """Paths matching `path` may send up to `limit` bytes (`setting` names it in the 413), when
    `admits` (given the request's scope, headers only) lets the caller; others keep the global
    limit and hear, past it, that larger bodies here are not theirs to send."""

    path: re.Pattern[str]
    limit: int
    setting: str
    admits: Callable[[dict[str, Any]], bool] | None = None

    def limit_for(self, scope: dict[str, Any], default: int) -> tuple[int, str]:
        """The caller's byte limit on this path and the 413's wording past it."""
        if self.admits is None or self.admits(scope):
            return self.limit, f"{_too_large(self.limit)} ({self.setting})"
        return default, f"{_too_large(default)}; only admins may send more here"


def is_json_type(content_type: str) -> bool:
    """application/json or application/*+json, any parameters; a missing type counts as JSON."""
    media = content_type.split(";", 1)[0].strip().lower()
    return (
        not media
        or media == "application/json"
        or (media.startswith("application/") and media.endswith("+json"))
    )


def too_deep(text: str) -> bool:
    """Whether the JSON text nests brackets deeper than MAX_JSON_DEPTH (strings skipped)."""
    depth = 0
    for bracket in BRACKET.finditer(JSON_STRING.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_JSON_DEPTH:
            return True
    return False


def body_problem(body: bytes) -> str | None:
    """Why `body` is not valid Unicode text or nests too deeply, or None (malformed JSON is
    left to the route)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "the request body is not valid UTF-8"
    if too_deep(text):
        return f"the request nests JSON more than {MAX_JSON_DEPTH} levels deep"
    if "\\ud" not in text.lower():  # a surrogate can only arrive as a \uD800-\uDFFF escape
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return "the request contains malformed Unicode (a lone surrogate)"
    return None


class RequestGuard:
    """Checks the content type and Content-Length up front; a JSON body is read here, counting
    its bytes, and replayed to the app only when it stayed within the limit and is valid text."""

    def __init__(self, app: Any, max_bytes: int, larger: Sequence[LargerBody] = ()) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = tuple(larger)
        """Paths allowed a larger body than `max_bytes` (the first match counts)."""

    def _limit(self, scope: dict[str, Any]) -> tuple[int, str]:
        path = scope.get("path", "")
        for rule in self.larger:
            if rule.path.fullmatch(path):
                return rule.limit_for(scope, self.max_bytes)
        return self.max_bytes, _too_large(self.max_bytes)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        content_type = headers.get(b"content-type", b"").decode("latin-1")
        if scope.get("method") in JSON_METHODS and not is_json_type(content_type):
            await self._reject(send, 415, "request bodies must be JSON (application/json)")
            return
        limit, too_large = self._limit(scope)
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await self._reject(send, 413, too_large)
            return
        if scope.get("method") not in JSON_METHODS:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message: Message = await receive()
            if message["type"] != "http.request":  # client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                await self._reject(send, 413, too_large)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        chunks.clear()
        # a large upload is checked off the event loop (0.4 s for 64 MiB)
        big = len(body) > self.max_bytes
        if problem := await asyncio.to_thread(body_problem, body) if big else body_problem(body):
            await self._reject(send, 422, problem)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            message: Message = await receive()
            return message

        await self.app(scope, replay, send)

    async def _reject(self, send: Any, status: int, detail: str) -> None:
        body = json.dumps({"detail": detail})
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


def _too_large(limit: int) -> str:
    return f"request body is larger than {limit} bytes"
