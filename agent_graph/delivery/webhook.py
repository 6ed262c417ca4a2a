"""Signed webhooks: a JSON body POSTed with `X-PropSearch-Signature: sha256=<hex>` (HMAC-SHA256
of the exact body with the operator's secret) and `X-PropSearch-Event`, retried with backoff.
A receiver checks the signature before it trusts the body. Never raises: a delivery that fails
every attempt is logged, and the turn or job that asked for it goes on."""

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
BACKOFF_S = 0.5
"""The wait before the second attempt; it doubles for each one after."""
TIMEOUT_S = 10.0
SIGNATURE_HEADER = "X-PropSearch-Signature"
EVENT_HEADER = "X-PropSearch-Event"


def signature(secret: str, body: bytes) -> str:
    """The header value a receiver recomputes: `sha256=` and the HMAC's hex digest."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


async def post_signed(url: str, secret: str, event: str, payload: dict[str, Any]) -> None:
    """POST `payload` to `url`, signed; retried (a network error or a 5xx/429) with backoff."""
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True).encode()
    headers = {
        "Content-Type": "application/json",
        SIGNATURE_HEADER: signature(secret, body),
        EVENT_HEADER: event,
    }
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT_S) as client:
            for attempt in range(ATTEMPTS):
                if attempt:
                    await asyncio.sleep(BACKOFF_S * 2 ** (attempt - 1))
                try:
                    response = await client.post(url, content=body, headers=headers)
                except httpx.HTTPError as exc:
                    log.warning("webhook %s: attempt %d failed: %s", event, attempt + 1, exc)
                    continue
                if response.status_code < 500 and response.status_code != 429:
                    if response.status_code >= 400:
                        log.error("webhook %s refused: %d", event, response.status_code)
                    return
                log.warning("webhook %s: attempt %d: %d", event, attempt + 1, response.status_code)
    except Exception:  # never into the caller: a delivery is best effort past its retries
        log.exception("webhook %s failed", event)
        return
    log.error("webhook %s: gave up after %d attempts", event, ATTEMPTS)
