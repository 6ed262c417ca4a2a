"""Signed webhooks: POST a JSON event to the operator's URL, HMAC-SHA256 signed, retried with
backoff, never raising into a turn (contract of issue 38, section 6)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
from typing import Any

import httpx

log = logging.getLogger(__name__)

ATTEMPTS = 4
FIRST_DELAY_S = 0.5
TIMEOUT_S = 10.0


def signature(secret: str, body: bytes) -> str:
    """The `X-PropSearch-Signature` value: `sha256=<hex HMAC of the body>`."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


async def post_signed(url: str, secret: str, event: str, payload: dict[str, Any]) -> None:
    """POST `payload` as JSON with `X-PropSearch-Signature` and `X-PropSearch-Event`; retried
    on errors and 5xx with doubling delays; a final failure is logged, never raised."""
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    headers = {
        "Content-Type": "application/json",
        "X-PropSearch-Signature": signature(secret, body),
        "X-PropSearch-Event": event,
    }
    delay = FIRST_DELAY_S
    for attempt in range(1, ATTEMPTS + 1):
        try:
            async with httpx.AsyncClient(timeout=TIMEOUT_S) as client:
                response = await client.post(url, content=body, headers=headers)
            if response.status_code < 500:
                if response.status_code >= 400:
                    log.warning("webhook %s refused %s: %s", event, response.status_code, url)
                return
        except httpx.HTTPError as exc:
            log.warning("webhook %s attempt %d failed: %s", event, attempt, type(exc).__name__)
        if attempt < ATTEMPTS:
            await asyncio.sleep(delay)
            delay *= 2
    log.error("webhook %s not delivered after %d attempts", event, ATTEMPTS)
