"""Alert delivery against real receivers: a signed webhook to an HTTP server on 127.0.0.1 that
fails first (retried with backoff), and email to a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message

from agent_graph.delivery import webhook
from agent_graph.delivery.email import SmtpSettings
from agent_graph.delivery.webhook import post_signed, signature
from agent_graph.jobs.alerts import AlertDelivery
from tests.servers import free_port_window


class Receiver:
    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.requests: list[tuple[dict[str, str], bytes, float]] = []


@pytest.fixture
def receiver() -> Iterator[tuple[Receiver, str]]:
    state = Receiver(failures=2)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            return

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.requests.append((dict(self.headers), body, time.monotonic()))
            status = 503 if len(state.requests) <= state.failures else 204
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state, f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()
    server.server_close()


class Inbox(Message):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[Any] = []

    def handle_message(self, message: Any) -> None:
        self.messages.append(message)


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, SmtpSettings]]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port_window())
    controller.start()
    yield inbox, SmtpSettings(host="127.0.0.1", port=controller.port, sender="alerts@example.org")
    controller.stop()


async def test_a_webhook_is_signed_and_retried_with_backoff(
    receiver: tuple[Receiver, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state, url = receiver
    monkeypatch.setattr(webhook, "BACKOFF_S", 0.2)
    await post_signed(url, "s3cret", "alert", {"user": "ana", "title": "3 new homes"})
    assert len(state.requests) == 3
    headers, body, _ = state.requests[-1]
    assert headers["X-PropSearch-Event"] == "alert"
    assert headers["X-PropSearch-Signature"] == signature("s3cret", body)
    assert headers["X-PropSearch-Signature"] != signature("other", body)
    assert json.loads(body) == {"user": "ana", "title": "3 new homes"}
    waits = [b[2] - a[2] for a, b in zip(state.requests, state.requests[1:], strict=False)]
    assert waits[0] >= 0.2 and waits[1] >= 0.4


async def test_a_webhook_nobody_answers_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webhook, "BACKOFF_S", 0.01)
    await post_signed(f"http://127.0.0.1:{free_port_window()}/", "k", "alert", {})


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
    assert message["To"] == "ana@example.org" and message["From"] == "alerts@example.org"
    assert message["Subject"] == "3 new homes match your 78704 search"
    assert "since Tuesday" in message.get_payload() and "1 Probe St" in message.get_payload()
