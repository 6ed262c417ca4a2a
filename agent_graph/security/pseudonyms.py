"""Pseudonyms for who and which conversation: an HMAC keyed by the deployment's secret, so a
trace's `user.id` and an OpenAI client's derived session id cannot be recomputed from a user
name (and a first message) by anyone without that secret.

The key is PSEUDONYM_SECRET when set (every replica of a deployment must share it), else one
made once and kept in MEMORY_ROOT/pseudonym.key (0600), so it survives restarts.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

KEY_FILE = "pseudonym.key"
KEY_BYTES = 32


def deployment_key(configured: str, memory_root: Path) -> bytes:
    """PSEUDONYM_SECRET's bytes, else the key kept under `memory_root`, made on first use."""
    if configured:
        return configured.encode()
    path = memory_root / KEY_FILE
    if not path.exists():
        _write_once(path, secrets.token_bytes(KEY_BYTES))
    key = path.read_bytes()
    if len(key) < KEY_BYTES:
        raise ValueError(f"{path} holds {len(key)} bytes, not a key: delete it to make a new one")
    return key


def _write_once(path: Path, key: bytes) -> None:
    """Write `key` to `path` unless another process got there first (its key stands)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    try:
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)  # atomic: never a half-written key, never two keys
    finally:
        draft.unlink()


@dataclass
class Pseudonyms:
    """Keyed pseudonyms (a random key for this process alone until one is set)."""

    key: bytes = field(default_factory=lambda: secrets.token_bytes(KEY_BYTES), repr=False)

    def of(self, purpose: str, text: str, chars: int) -> str:
        """`chars` hex characters of HMAC-SHA256(key, purpose, text)."""
        message = f"propsearch-{purpose}\0{text}".encode("utf-8", "surrogatepass")
        return hmac.new(self.key, message, hashlib.sha256).hexdigest()[:chars]

    def user(self, user: str) -> str:
        """A trace's `user.id`: stable per user and deployment, never the id itself."""
        return self.of("user", user, 16)
