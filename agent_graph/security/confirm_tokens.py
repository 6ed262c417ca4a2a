"""Server-issued confirmation tokens for direct tool calls (`POST /tools/{tool}`).

A call that would delete or change a remembered entry is answered 409 with a question and a
token bound to the caller, the tool and its exact arguments; the same call sent again with that
token within TTL goes ahead. The client's explicit action (the web UI's heart click) is what
sends it back: a tool result or a model can never mint one.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from typing import Any

TTL_S = 300


class ConfirmTokens:
    """HMAC tokens over (user, tool, arguments, expiry); replicas sharing `key` accept each
    other's tokens."""

    def __init__(self, key: bytes | None = None, ttl_s: float = TTL_S) -> None:
        self._key = key or secrets.token_bytes(32)
        self.ttl_s = ttl_s

    @classmethod
    def shared(cls, *material: str | None) -> ConfirmTokens:
        """Keyed by configuration every replica shares (tokens file, database URL), else random
        for this process alone (the embedded profile runs one)."""
        present = [m for m in material if m]
        if not present:
            return cls()
        return cls(hashlib.sha256("\0".join(["propsearch-confirm", *present]).encode()).digest())

    def issue(self, user: str, tool: str, params: dict[str, Any]) -> str:
        expires = int(time.time() + self.ttl_s)
        return f"{expires}.{self._sign(user, tool, params, expires)}"

    def valid(self, token: str | None, user: str, tool: str, params: dict[str, Any]) -> bool:
        expires_text, _, signature = (token or "").partition(".")
        if not expires_text.isdigit() or int(expires_text) < time.time():
            return False
        expected = self._sign(user, tool, params, int(expires_text))
        return hmac.compare_digest(signature, expected)

    def _sign(self, user: str, tool: str, params: dict[str, Any], expires: int) -> str:
        body = json.dumps([user, tool, params, expires], sort_keys=True, separators=(",", ":"))
        return hmac.new(self._key, body.encode(), hashlib.sha256).hexdigest()
