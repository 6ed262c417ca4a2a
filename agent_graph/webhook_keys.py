"""Webhook signing keys (Standard Webhooks): read from a secret here, where the settings check
them at start-up and the sender signs with them (delivery/webhook.py)."""

from __future__ import annotations

import base64
import binascii

SECRET_PREFIX = "whsec_"
MIN_KEY_BYTES = 32
"""The shortest key a webhook may be signed with (Standard Webhooks asks for 24 at least)."""


def signing_key(secret: str) -> bytes:
    """The HMAC key of a secret: `whsec_<base64>` decoded, else the secret's own UTF-8 bytes.
    ValueError for a `whsec_` secret that is not base64."""
    if not secret.startswith(SECRET_PREFIX):
        return secret.encode()
    try:
        return base64.b64decode(secret.removeprefix(SECRET_PREFIX), validate=True)
    except binascii.Error:
        raise ValueError(f"what follows {SECRET_PREFIX} is not base64") from None
