"""A one-request HTTP/1.1 client for fork-server workers (`skill_runtime`'s fork isolation).

Every call to a fork worker is a new connection (the child that answers it exits), so httpx's
connection pool buys nothing there and its per-connection setup is most of a warm call's cost.
This posts one JSON body with `Connection: close` and reads the reply to end-of-file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlsplit

from agent_graph.skills.isolation.reply_limits import MAX_REPLY_BYTES, TOO_LARGE, ReplyLimitError

HEAD_BYTES = 16_384
"""Room for the status line and headers above the body limit."""


class OneShotError(OSError):
    """The worker closed the connection without a complete HTTP reply."""


async def post_json(
    base_url: str, path: str, payload: Any, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    """POST `payload` as JSON to `base_url + path` (with extra `headers`); the reply's status
    and body."""
    url = urlsplit(base_url)
    reader, writer = await asyncio.open_connection(url.hostname, url.port)
    try:
        body = json.dumps(payload).encode()
        extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
        writer.write(
            f"POST {path} HTTP/1.1\r\nHost: {url.netloc}\r\nContent-Type: application/json\r\n"
            f"{extra}Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        reply = b""
        while len(reply) <= MAX_REPLY_BYTES + HEAD_BYTES and (chunk := await reader.read(1 << 16)):
            reply += chunk
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    if len(reply) > MAX_REPLY_BYTES + HEAD_BYTES:
        raise ReplyLimitError(TOO_LARGE.format(name="the skill", limit=MAX_REPLY_BYTES))
    head, separator, content = reply.partition(b"\r\n\r\n")
    status_line = head.split(b"\r\n", 1)[0].split()
    if not separator or len(status_line) < 2 or not status_line[1].isdigit():
        raise OneShotError("the worker closed the connection without a reply")
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and len(content) < int(value):
            raise OneShotError("the worker closed the connection mid-reply")
    return int(status_line[1]), content
