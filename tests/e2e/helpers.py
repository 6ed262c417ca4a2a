"""Shared steps of the browser tests: asking, waiting for the answer, searching."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

SEARCH = "find me a 3-bed house in Austin under $500k"
ANSWER_TIMEOUT_MS = 60_000


def ask(page: Page, text: str) -> None:
    box = page.get_by_label("Message PropSearch")
    expect(box).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    box.fill(text)
    box.press("Enter")


def wait_for_answer(page: Page) -> None:
    """The input unlocks when the stream has ended (the `done` event)."""
    expect(page.get_by_label("Message PropSearch")).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)


def search(page: Page) -> Any:
    ask(page, SEARCH)
    cards = page.get_by_test_id("property-card")
    expect(cards.nth(2)).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    return cards


def count_chat_requests(page: Page) -> list[str]:
    """Records the body of every POST /chat/stream the page makes from now on."""
    bodies: list[str] = []

    def record(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/chat/stream"):
            bodies.append(request.post_data or "")

    page.on("request", record)
    return bodies
