"""Real receivers for deliveries: an HTTP server on 127.0.0.1 that checks each webhook with the
verification snippet docs/jobs.md gives operators (read from the page, so the page's code is
the code tested), and an SMTP server (aiosmtpd)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message

from agent_graph.delivery.email import SmtpSettings
from tests.servers import ROOT, free_port_window

SECRET = "whsec_yt81c4pAtptYIGhwAfqiyVBpxYQnIHwdUJhXejtQcZg="
"""A Standard Webhooks secret: 32 random bytes, base64, after `whsec_`."""


def documented_verify() -> Callable[..., bool]:
    """`verify` as docs/jobs.md's Python snippet defines it."""
    page = (ROOT / "docs" / "jobs.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    (snippet,) = [block for block in blocks if "def verify(" in block]
    namespace: dict[str, Any] = {}
    exec(snippet, namespace)  # the documented code itself, as an operator would paste it
    verify: Callable[..., bool] = namespace["verify"]
    return verify


@dataclass
class Delivered:
    headers: dict[str, str]
    body: bytes
    verified: bool
    at: float


@dataclass
class WebhookReceiver:
    """What reached the receiver; `failures` first requests answer 503, `clock_offset_s` moves
    the receiver's clock (a replay arriving later)."""

    url: str = ""
    failures: int = 0
    clock_offset_s: float = 0.0
    requests: list[Delivered] = field(default_factory=list)

    def accepted(self) -> list[Delivered]:
        return [r for r in self.requests if r.verified]


@contextmanager
def webhook_receiver(secret: str = SECRET) -> Iterator[WebhookReceiver]:
    verify, state = documented_verify(), WebhookReceiver()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            return

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            now = time.time() + state.clock_offset_s
            ok = verify(secret, self.headers, body, now=now)
            state.requests.append(Delivered(dict(self.headers), body, ok, time.monotonic()))
            failing = len(state.requests) <= state.failures
            self.send_response(503 if failing else 204 if ok else 401)
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


class Inbox(Message):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[Any] = []

    def handle_message(self, message: Any) -> None:
        self.messages.append(message)


@contextmanager
def smtp_server() -> Iterator[tuple[Inbox, SmtpSettings]]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port_window())
    controller.start()
    try:
        yield inbox, SmtpSettings(host="127.0.0.1", port=controller.port, sender="alerts@ex.org")
    finally:
        controller.stop()
