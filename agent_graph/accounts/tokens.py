"""Random secrets handed to people (session cookies, API keys, links) and the digests kept of
them: 256 bits from the OS, so a plain SHA-256 is enough (no guessing to slow down)."""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

API_KEY_PREFIX: Final = "psk_"
"""What an API key starts with, so a bearer value is told from an operator token at a glance."""


def new_secret(prefix: str = "") -> str:
    return prefix + secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()
