"""Issue 13 item 5 in a real browser: a model's Markdown answer renders as Markdown (lists,
links in a new tab, tables, code) and raw HTML stays text. The offline model writes plain
prose, so this one stream is a canned answer served at the network edge (the page's fetch)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import assert_accessible
from tests.e2e.helpers import ask, wait_for_answer

pytestmark = pytest.mark.browser

ANSWER = """Here is what I found:

- **Zilker** is close to downtown
- Details on [Zillow](https://www.zillow.com/homes/Austin-TX)

| Area | Median |
|---|---|
| 78704 | $650,000 |

Run `make run` to try it. <img src=x onerror="window.__pwned = 1"> stays text."""


def _canned_stream(route: Any) -> None:
    events = [
        {"type": "session", "session_id": "0123456789abcdef0123456789abcdef"},
        {"type": "token", "content": ANSWER},
        {"type": "done", "session_id": "0123456789abcdef0123456789abcdef"},
    ]
    body = "".join(f"data: {json.dumps(event)}\n\n" for event in events)
    route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)


def test_a_markdown_answer_renders_safely(page: Page) -> None:
    page.route("**/chat/stream", _canned_stream)
    ask(page, "what is near downtown?")
    wait_for_answer(page)

    answer = page.get_by_test_id("assistant-text").last
    expect(answer.locator("ul > li")).to_have_count(2)
    expect(answer.locator("strong")).to_have_text("Zilker")
    link = answer.get_by_role("link", name="Zillow")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", "noopener noreferrer")
    expect(answer.get_by_role("cell", name="$650,000")).to_be_visible()
    expect(answer.locator("code")).to_have_text("make run")
    expect(answer).to_contain_text('<img src=x onerror="window.__pwned = 1">')
    assert answer.locator("img").count() == 0
    assert page.evaluate("() => window.__pwned") is None
    assert_accessible(page, "a Markdown answer")


def test_an_image_in_an_answer_is_never_fetched(page: Page, server: str) -> None:
    """An answer could carry data out in an image URL; the UI shows a link and fetches nothing."""
    leak = f"{server}/leak.png?key=stolen"
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))

    def canned(route: Any) -> None:
        events = [
            {"type": "session", "session_id": "0123456789abcdef0123456789abcdef"},
            {"type": "token", "content": f"The best deal ![photo]({leak}) is here."},
            {"type": "done", "session_id": "0123456789abcdef0123456789abcdef"},
        ]
        body = "".join(f"data: {json.dumps(event)}\n\n" for event in events)
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route("**/chat/stream", canned)
    ask(page, "what is the best deal?")
    wait_for_answer(page)
    answer = page.get_by_test_id("assistant-text").last
    expect(answer.get_by_role("link", name="image: photo")).to_have_attribute("href", leak)
    assert answer.locator("img").count() == 0
    page.wait_for_timeout(300)
    assert not [url for url in requested if "leak.png" in url]


def test_the_page_is_served_with_a_content_security_policy(page: Page) -> None:
    response = page.goto("/")
    assert response is not None
    csp = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    expect(page.get_by_role("textbox")).to_be_visible()  # the app runs under that policy
