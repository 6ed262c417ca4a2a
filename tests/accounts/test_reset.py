"""Password reset by an emailed link, through a real SMTP receiver (aiosmtpd): the link works
once, expires, and asking tells nobody whether an email has an account."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message
from fastapi.testclient import TestClient

from tests.accounts.helpers import ADMIN, accounts_app, database, new_browser, setup_admin, sign_in
from tests.servers import free_port_window

NEW_PASSWORD = "a brand new password"


class Inbox(Message):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[Any] = []

    def handle_message(self, message: Any) -> None:
        self.messages.append(message)


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    received = Inbox()
    controller = Controller(received, hostname="127.0.0.1", port=free_port_window())
    controller.start()
    yield received, controller.port
    controller.stop()


@pytest.fixture
def client(tmp_path: Path, inbox: tuple[Inbox, int]) -> Iterator[TestClient]:
    settings = {"smtp_host": "127.0.0.1", "smtp_port": inbox[1], "smtp_from": "homes@example.com"}
    with accounts_app(tmp_path, public_url="https://homes.example.com", **settings) as client:
        setup_admin(client)
        yield client


def _link_token(message: Any) -> str:
    found = re.search(r"https://homes\.example\.com/\?reset=(\S+)", message.get_payload())
    assert found, message.get_payload()
    return found.group(1)


def test_a_reset_link_sets_a_new_password_once(
    client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    received, _ = inbox
    asked = new_browser(client).post("/auth/password-reset", json={"email": ADMIN})
    assert asked.status_code == 202
    assert [m["To"] for m in received.messages] == [ADMIN]
    token = _link_token(received.messages[0])
    body = {"token": token, "new_password": NEW_PASSWORD}
    assert client.post("/auth/password-reset/confirm", json=body).status_code == 204
    assert client.get("/sessions").status_code == 401  # every session ended
    assert sign_in(new_browser(client), ADMIN, NEW_PASSWORD).status_code == 200
    again = client.post("/auth/password-reset/confirm", json={**body, "new_password": "x" * 12})
    assert again.status_code == 400
    assert "already used or expired" in again.json()["detail"]
    assert sign_in(new_browser(client), ADMIN, NEW_PASSWORD).status_code == 200


def test_a_reset_link_expires(client: TestClient, inbox: tuple[Inbox, int]) -> None:
    received, _ = inbox
    client.post("/auth/password-reset", json={"email": ADMIN})
    token = _link_token(received.messages[-1])
    with database(client) as db:
        db.execute("UPDATE one_time_links SET expires_at = expires_at - 7200")
    body = {"token": token, "new_password": NEW_PASSWORD}
    assert client.post("/auth/password-reset/confirm", json=body).status_code == 400
    assert sign_in(new_browser(client), ADMIN, NEW_PASSWORD).status_code == 401


def test_asking_for_an_unknown_email_answers_the_same_and_sends_nothing(
    client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    received, _ = inbox
    unknown = client.post("/auth/password-reset", json={"email": "nobody@example.com"})
    known = client.post("/auth/password-reset", json={"email": ADMIN})
    assert unknown.status_code == known.status_code == 202
    assert unknown.content == known.content
    assert [m["To"] for m in received.messages] == [ADMIN]
    forged = {"token": "made-up-token", "new_password": NEW_PASSWORD}
    assert client.post("/auth/password-reset/confirm", json=forged).status_code == 400
