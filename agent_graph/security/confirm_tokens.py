"""Server-issued confirmation tokens for direct tool calls (`POST /tools/{tool}`).

A call that would delete or change a remembered entry is answered 409 with a question and a
token bound to the caller, the tool and its exact arguments; the same call sent again with that
token within TTL goes ahead, once: a token is spent when redeemed, so a replayed request is
asked again. The client's explicit action (the web UI's heart click) is what sends it back: a
tool result or a model can never mint one.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from typing import Any, Protocol

TTL_S = 300


class SpentTokens(Protocol):
    """Tokens already redeemed, each remembered until it would have expired anyway."""

    async def spend(self, key: str, ttl_s: float) -> bool:
        """Mark `key` spent; True only for its first use."""
        ...


class LocalSpentTokens:
    """This process's spent tokens (the embedded profile runs one process)."""

    def __init__(self) -> None:
        self._until: dict[str, float] = {}

    async def spend(self, key: str, ttl_s: float) -> bool:
        now = time.monotonic()
        self._until = {k: until for k, until in self._until.items() if until > now}
        if key in self._until:
            return False
        self._until[key] = now + ttl_s
        return True


class ConfirmTokens:
    """HMAC tokens over (user, tool, arguments, expiry); replicas sharing `key` accept each
    other's tokens."""

    def __init__(
        self, key: bytes | None = None, ttl_s: float = TTL_S, spent: SpentTokens | None = None
    ) -> None:
        self._key = key or secrets.token_bytes(32)
        self.ttl_s = ttl_s
        self._spent = spent or LocalSpentTokens()

    @classmethod
    def shared(cls, *material: str | None, spent: SpentTokens | None = None) -> ConfirmTokens:
        """Keyed by configuration every replica shares (tokens file, database URL), else random
        for this process alone (the embedded profile runs one); `spent` shared likewise."""
        present = [m for m in material if m]
        if not present:
            return cls(spent=spent)
        digest = hashlib.sha256("\0".join(["propsearch-confirm", *present]).encode()).digest()
        return cls(digest, spent=spent)

    def issue(self, user: str, tool: str, params: dict[str, Any]) -> str:
        """`<expiry>.<nonce>.<signature>`: the nonce makes every token new, so asking again
        never hands back one already spent."""
        expires, nonce = int(time.time() + self.ttl_s), secrets.token_hex(8)
        return f"{expires}.{nonce}.{self._sign(user, tool, params, expires, nonce)}"

    def valid(self, token: str | None, user: str, tool: str, params: dict[str, Any]) -> bool:
        parts = (token or "").split(".")
        if len(parts) != 3:
            return False
        expires_text, nonce, signature = parts
        if not expires_text.isdigit() or int(expires_text) < time.time():
            return False
        expected = self._sign(user, tool, params, int(expires_text), nonce)
        return hmac.compare_digest(signature, expected)

    async def redeem(self, token: str | None, user: str, tool: str, params: dict[str, Any]) -> bool:
        """`valid`, and spends the token: the same token never confirms a second call."""
        if not self.valid(token, user, tool, params):
            return False
        return await self._spent.spend(str(token).split(".")[2], self.ttl_s)

    def _sign(self, user: str, tool: str, params: dict[str, Any], expires: int, nonce: str) -> str:
        body = [user, tool, params, expires, nonce]
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        return hmac.new(self._key, text.encode(), hashlib.sha256).hexdigest()
