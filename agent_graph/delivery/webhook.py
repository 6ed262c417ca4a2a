"""Signed webhooks after Standard Webhooks 1.0 (github.com/standard-webhooks/standard-webhooks,
spec/standard-webhooks.md): a JSON body `{"type", "timestamp", "data"}` POSTed with
`webhook-id` (one per event, the same on every retry), `webhook-timestamp` (the attempt's Unix
seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`. A
receiver checks the signature and that the timestamp is within its tolerance before it trusts
the body (docs/jobs.md, "Webhooks"). Retried with backoff; never raises: a delivery that fails
every attempt is logged, and the turn or job that asked for it goes on."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import logging
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import httpx

from agent_graph.webhook_keys import signing_key

log = logging.getLogger(__name__)

ATTEMPTS = 4
BACKOFF_S = 0.5
"""The wait before the second attempt; it doubles for each one after."""
TIMEOUT_S = 10.0


def signature(key: bytes, msg_id: str, timestamp: int, body: bytes) -> str:
    """`v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`."""
    mac = hmac.new(key, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


def _headers(key: bytes, msg_id: str, body: bytes) -> dict[str, str]:
    """One attempt's headers, signed at its own time (a retry is signed anew)."""
    timestamp = int(time.time())
    return {
        "Content-Type": "application/json",
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(key, msg_id, timestamp, body),
    }


async def post_signed(url: str, secret: str, event_type: str, data: dict[str, Any]) -> bool:
    """POST `data` as an `event_type` event to `url`, signed; retried (a network error or a
    5xx/429) with backoff. Whether the receiver took it (a 2xx-3xx answer)."""
    message = {"type": event_type, "timestamp": datetime.now(UTC).isoformat(), "data": data}
    body = json.dumps(message, separators=(",", ":"), sort_keys=True).encode()
    msg_id = f"msg_{uuid.uuid4().hex}"
    try:
        key = signing_key(secret)
        async with httpx.AsyncClient(timeout=TIMEOUT_S) as client:
            for attempt in range(ATTEMPTS):
                if attempt:
                    await asyncio.sleep(BACKOFF_S * 2 ** (attempt - 1))
                try:
                    headers = _headers(key, msg_id, body)
                    response = await client.post(url, content=body, headers=headers)
                except httpx.HTTPError as exc:
                    log.warning("webhook %s: attempt %d failed: %s", event_type, attempt + 1, exc)
                    continue
                if response.status_code < 500 and response.status_code != 429:
                    if response.status_code >= 400:
                        log.error("webhook %s refused: %d", event_type, response.status_code)
                    return response.status_code < 400
                log.warning(
                    "webhook %s: attempt %d: %d", event_type, attempt + 1, response.status_code
                )
    except Exception:  # never into the caller: a delivery is best effort past its retries
        log.exception("webhook %s failed", event_type)
        return False
    log.error("webhook %s: gave up after %d attempts", event_type, ATTEMPTS)
    return False
