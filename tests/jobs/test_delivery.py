"""Deliveries against real receivers: Standard Webhooks to an HTTP server on 127.0.0.1 that
checks each one with docs/jobs.md's snippet (retried with backoff when it fails first; a
replay outside its tolerance and a tampered body refused), email to a real SMTP server
(aiosmtpd), and a webhook URL without a long secret stopping the start-up."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from agent_graph.config import Settings
from agent_graph.delivery import webhook
from agent_graph.delivery.email import SmtpSettings
from agent_graph.delivery.webhook import post_signed
from agent_graph.jobs.alerts import AlertDelivery
from tests.jobs.receivers import (
    SECRET,
    Delivered,
    Inbox,
    WebhookReceiver,
    smtp_server,
    webhook_receiver,
)
from tests.servers import free_port_window, start_server

ALERT = {"user": "ana", "title": "3 new homes"}


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    with webhook_receiver() as state:
        yield state


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, SmtpSettings]]:
    with smtp_server() as served:
        yield served


def replay(receiver: WebhookReceiver, request: Delivered, body: bytes | None = None) -> int:
    """Send a captured request again, as an attacker who saw it would (its body changed)."""
    names = ("webhook-id", "webhook-timestamp", "webhook-signature", "Content-Type")
    headers = {name: request.headers[name] for name in names}
    sent = httpx.post(receiver.url, content=request.body if body is None else body, headers=headers)
    return sent.status_code


async def test_a_webhook_is_signed_and_retried_with_backoff(
    receiver: WebhookReceiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    receiver.failures = 2
    monkeypatch.setattr(webhook, "BACKOFF_S", 0.2)
    assert await post_signed(receiver.url, SECRET, "alert.created", ALERT)
    assert len(receiver.requests) == 3 and all(r.verified for r in receiver.requests)
    assert len({r.headers["webhook-id"] for r in receiver.requests}) == 1  # one event
    message = json.loads(receiver.requests[-1].body)
    assert message["type"] == "alert.created" and message["data"] == ALERT
    at = [r.at for r in receiver.requests]
    assert at[1] - at[0] >= 0.2 and at[2] - at[1] >= 0.4


async def test_a_replay_outside_the_tolerance_is_refused(receiver: WebhookReceiver) -> None:
    assert await post_signed(receiver.url, SECRET, "alert.created", ALERT)
    (sent,) = receiver.requests
    receiver.clock_offset_s = 290  # within five minutes: the receiver still takes it
    assert replay(receiver, sent) == 204
    receiver.clock_offset_s = 310
    assert replay(receiver, sent) == 401


async def test_a_tampered_body_is_refused(receiver: WebhookReceiver) -> None:
    assert await post_signed(receiver.url, SECRET, "alert.created", ALERT)
    (sent,) = receiver.requests
    forged = sent.body.replace(b'"ana"', b'"bob"')
    assert forged != sent.body and replay(receiver, sent, forged) == 401
    assert replay(receiver, sent) == 204


async def test_a_webhook_nobody_answers_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webhook, "BACKOFF_S", 0.01)
    url = f"http://127.0.0.1:{free_port_window()}/"
    assert await post_signed(url, SECRET, "alert.created", {}) is False


def test_a_webhook_url_needs_a_secret_of_32_bytes(tmp_path: Path) -> None:
    for url, secret in (
        ("alert_webhook_url", "alert_webhook_secret"),
        ("handoff_webhook_url", "handoff_webhook_secret"),
    ):
        for short in ("", "s3cret", "x" * 31, "whsec_" + "QUFB" * 7):  # 21 bytes decoded
            with pytest.raises(ValidationError, match="at least 32 bytes"):
                Settings(memory_root=tmp_path, **{url: "http://127.0.0.1:9/", secret: short})
        Settings(memory_root=tmp_path, **{url: "http://127.0.0.1:9/", secret: "x" * 32})
        Settings(memory_root=tmp_path, **{url: "http://127.0.0.1:9/", secret: SECRET})
    with pytest.raises(ValidationError, match="not base64"):
        Settings(
            memory_root=tmp_path, alert_webhook_url="http://h/", alert_webhook_secret="whsec_!"
        )


def test_the_server_refuses_to_start_with_a_short_webhook_secret(tmp_path: Path) -> None:
    env = {"ALERT_WEBHOOK_URL": "http://127.0.0.1:9/hook", "ALERT_WEBHOOK_SECRET": "s3cret"}
    try:
        server = start_server(tmp_path / "memory", free_port_window(), **env)
    except RuntimeError as failed:
        assert "exited early" in str(failed)
        assert "ALERT_WEBHOOK_SECRET must be at least 32 bytes" in str(failed)
        assert "s3cret" not in str(failed)  # the message names the setting, not its value
    else:
        server.stop()  # nothing outlives the test, even when it fails
        pytest.fail("the server started with a 6-byte webhook secret")


async def test_an_alert_goes_by_email_to_the_users_address_only(
    smtp: tuple[Inbox, SmtpSettings],
) -> None:
    inbox, settings = smtp
    delivery = AlertDelivery(smtp=settings, emails={"ana": "ana@example.org"})
    alert = {
        "user": "ana",
        "title": "3 new homes match your 78704 search",
        "body": "since Tuesday",
        "items": [{"title": "1 Probe St"}],
    }
    await delivery.deliver(alert)
    await delivery.deliver({**alert, "user": "ben"})  # ben has no address
    assert len(inbox.messages) == 1
    message = inbox.messages[0]
    assert message["To"] == "ana@example.org" and message["From"] == "alerts@ex.org"
    assert message["Subject"] == "3 new homes match your 78704 search"
    assert "since Tuesday" in message.get_payload() and "1 Probe St" in message.get_payload()
