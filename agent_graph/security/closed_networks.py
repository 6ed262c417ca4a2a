"""Networks the API is not served on, however the server was bound.

A container on several networks listens on all of them: in compose the agent must join the
skills' network to call its skill containers, but those containers must not call the API back.
API_CLOSED_ON names the agent's own addresses there (an IP, or a network alias that resolves to
it); a request that arrives on one of them is refused before it reaches anything.
"""

from __future__ import annotations

import json
import socket
from typing import Any

CLOSED = "The PropSearch API is not served on this network (API_CLOSED_ON)."


def addresses(names: list[str]) -> frozenset[str]:
    """Every address the names resolve to; a name that does not resolve is a setup error."""
    found: set[str] = set()
    for name in names:
        try:
            found |= {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
        except OSError as exc:
            raise ValueError(f"API_CLOSED_ON: {name!r} does not resolve ({exc})") from None
    return frozenset(found)


class ClosedNetworks:
    """ASGI middleware: 403 for a request whose local address is closed."""

    def __init__(self, app: Any, names: list[str]) -> None:
        self.app = app
        self.closed = addresses(names)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        local = (scope.get("server") or ("",))[0]
        if scope["type"] in ("http", "websocket") and local in self.closed:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            body = json.dumps({"detail": CLOSED}).encode()
            headers = [(b"content-type", b"application/json")]
            await send({"type": "http.response.start", "status": 403, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
