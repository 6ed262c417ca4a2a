"""Issue 16 items 1 and 2 in a real browser: the results map and sessions in the address."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import (
    ANSWER_TIMEOUT_MS,
    SEARCH,
    ask,
    count_chat_requests,
    search,
    wait_for_answer,
)

pytestmark = pytest.mark.browser

CONDOS = "Show me condos near downtown Austin under $400k"


def session_in_url(page: Page) -> str | None:
    return parse_qs(urlparse(page.url).query).get("s", [None])[0]


def topmost_marker(page: Page) -> int:
    """Index of a result marker not covered by a neighbour (nearby homes overlap)."""
    index = page.evaluate(
        """() => [...document.querySelectorAll('.results-marker')].findIndex((m) => {
             const r = m.getBoundingClientRect();
             return m.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
           })"""
    )
    assert index >= 0
    return int(index)


def test_results_map_numbers_fit_and_highlight(page: Page) -> None:
    cards = search(page)
    results_map = page.get_by_test_id("results-map")
    markers = results_map.locator(".results-marker")
    count = cards.count()
    expect(markers).to_have_count(count)  # every bundled Austin listing has coordinates

    box = results_map.bounding_box()
    assert box is not None
    for i in range(count):
        expect(cards.nth(i).get_by_test_id("card-number")).to_have_text(str(i + 1))
        expect(markers.nth(i).locator("[aria-hidden=true]")).to_have_text(str(i + 1))
        address = cards.nth(i).locator("h3").inner_text()
        expect(markers.nth(i)).to_have_accessible_name(f"{i + 1}. Show details for {address}")
        marker = markers.nth(i).bounding_box()
        assert marker is not None  # the map fits the results: every marker is inside it
        assert box["x"] <= marker["x"] and marker["x"] + marker["width"] <= box["x"] + box["width"]
        assert (
            box["y"] <= marker["y"] and marker["y"] + marker["height"] <= box["y"] + box["height"]
        )

    cards.nth(1).hover()
    expect(markers.nth(1)).to_have_class(re.compile("results-marker--active"))
    expect(page.locator(".results-marker--active")).to_have_count(1)
    page.mouse.move(0, 0)
    expect(page.locator(".results-marker--active")).to_have_count(0)

    index = topmost_marker(page)  # and the other way: hovering a marker highlights its card
    markers.nth(index).hover()
    expect(cards.nth(index)).to_have_attribute("data-highlighted", "true")
    expect(page.locator("[data-testid=property-card][data-highlighted]")).to_have_count(1)
    page.mouse.move(0, 0)
    expect(page.locator("[data-testid=property-card][data-highlighted]")).to_have_count(0)


def test_marker_click_opens_details_like_the_card(page: Page) -> None:
    cards = search(page)
    sent = count_chat_requests(page)
    index = topmost_marker(page)
    address = cards.nth(index).locator("h3").inner_text()

    page.get_by_test_id("results-map").locator(".results-marker").nth(index).click()

    expect(page.get_by_test_id("user-message").last).to_have_text(
        re.compile(rf"^Tell me more about {re.escape(address)}$")
    )
    detail = page.get_by_test_id("property-detail")
    expect(detail).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(detail.locator(".leaflet-marker-icon")).to_be_visible()  # details keep their map
    wait_for_answer(page)
    assert len(sent) == 1


def test_session_in_the_address_reload_back_and_forward(page: Page) -> None:
    search(page)
    expect(page).to_have_url(re.compile(r"\?s=[\w-]+$"))
    first = session_in_url(page)

    page.reload()
    expect(page.get_by_test_id("user-message").first).to_have_text(SEARCH)
    assert session_in_url(page) == first

    page.get_by_role("button", name="New chat").click()
    expect(page).not_to_have_url(re.compile(r"\?s="))
    expect(page.get_by_test_id("user-message")).to_have_count(0)
    ask(page, CONDOS)
    wait_for_answer(page)
    expect(page).to_have_url(re.compile(r"\?s=[\w-]+$"))
    second = session_in_url(page)
    assert second and second != first

    page.go_back()
    expect(page).to_have_url(re.compile(rf"\?s={first}$"))
    expect(page.get_by_test_id("user-message").first).to_have_text(SEARCH)
    expect(page.locator("[aria-current=page]")).to_have_count(1)
    expect(page.locator(f"[data-session-id='{first}'] [aria-current=page]")).to_have_count(1)

    page.go_forward()
    expect(page).to_have_url(re.compile(rf"\?s={second}$"))
    expect(page.get_by_test_id("user-message").first).to_have_text(CONDOS)

    page.goto(f"/?s={first}")  # a link to a session opens it
    expect(page.get_by_test_id("user-message").first).to_have_text(SEARCH)


@pytest.mark.parametrize("fresh_chat", [False])
def test_plain_address_opens_the_most_recent_session(page: Page, browser: Any) -> None:
    page.get_by_role("button", name="New chat").click()
    ask(page, CONDOS)
    wait_for_answer(page)
    latest = session_in_url(page)
    assert latest

    lists: list[str] = []
    page.on(
        "request", lambda r: lists.append(r.url) if urlparse(r.url).path == "/sessions" else None
    )
    page.goto("/")

    expect(page).to_have_url(re.compile(rf"\?s={latest}$"))
    expect(page.get_by_test_id("user-message").first).to_have_text(CONDOS)
    assert len(lists) == 1, lists  # the sidebar and the opening share one GET /sessions


def test_unknown_session_link_says_so(page: Page) -> None:
    page.goto("/?s=no-such-session")
    expect(page.get_by_role("alert")).to_contain_text("Could not open that chat")
    ask(page, CONDOS)
    wait_for_answer(page)
    assert session_in_url(page) not in (None, "no-such-session")
