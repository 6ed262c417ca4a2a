"""What a browser may do with the API: which Host names it answers, and the headers that keep
pages from framing it, sniffing types, leaking referrers or loading scripts from elsewhere.

With no API_TOKENS_FILE every caller is the local admin, so the API answers only requests
addressed to a local name: a web page whose own domain resolves to 127.0.0.1 (DNS rebinding)
gets 421, not the user's data. ALLOWED_HOSTS adds names (e.g. behind a trusted proxy).
"""

from __future__ import annotations

import json
from typing import Any

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
# Map tiles and photos in results are the only remote resources (images over https);
# later, skill widgets run in sandboxed iframes served by this origin.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self'",
        "font-src 'self' data:",
        "frame-src 'self' blob:",
        "worker-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
OWN_POLICY_HEADERS = [
    h for h in SECURITY_HEADERS if h[0] in (b"x-content-type-options", b"referrer-policy")
]
HOST_REFUSED = (
    "This PropSearch API has no API_TOKENS_FILE, so it answers only local names (localhost, "
    "127.0.0.1). To reach it under {host!r}, configure tokens (API_TOKENS_FILE) or add the "
    "name to ALLOWED_HOSTS; see docs/security.md."
)


def host_name(host: str) -> str:
    """`Host` header -> the bare name: no port, no IPv6 brackets, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class BrowserGuard:
    """ASGI middleware: the Host check (when `local_only`) and the security headers."""

    def __init__(self, app: Any, local_only: bool, allowed_hosts: frozenset[str] = frozenset()):
        self.app = app
        self.local_only = local_only
        self.allowed = LOCAL_HOSTS | {h.lower() for h in allowed_hosts}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.local_only:
            host = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
            if host_name(host) not in self.allowed:
                await _refuse(send, HOST_REFUSED.format(host=host))
                return

        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                # A response with its own policy (a skill widget, framed by the web UI) keeps it.
                own = any(name.lower() == b"content-security-policy" for name, _ in headers)
                message["headers"] = [*headers, *(OWN_POLICY_HEADERS if own else SECURITY_HEADERS)]
            await send(message)

        await self.app(scope, receive, with_headers)


async def _refuse(send: Any, detail: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 421,
            "headers": [(b"content-type", b"application/json"), *SECURITY_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps({"detail": detail}).encode()})
