"""The web UI against the real API (offline model), driven in Debian's chromium."""

from __future__ import annotations

import os
import re
from pathlib import Path

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

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_search_renders_cards_with_prices(page: Page, artifacts: Path) -> None:
    cards = search(page)

    assert cards.count() >= 3
    for i in range(cards.count()):
        expect(cards.nth(i).get_by_test_id("price")).to_have_text(re.compile(r"^\$\d[\d,]*$"))
    expect(page.get_by_test_id("photo-placeholder").first).to_be_visible()
    intro = page.get_by_test_id("assistant-text").last.inner_text()
    assert "\n\n" not in intro.strip()
    page.screenshot(path=str(artifacts / "grid.png"))


def test_remembered_budget_can_be_forgotten(page: Page, artifacts: Path) -> None:
    ask(page, "find me a 3-bed house in Austin under $450k and remember my budget")
    expect(page.get_by_test_id("property-card").nth(2)).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    panel = page.get_by_test_id("preferences-panel")
    expect(panel).to_contain_text("What I remember")
    expect(panel).to_contain_text("$450,000")
    expect(page.get_by_text("Saving preference…")).to_be_visible()
    page.screenshot(path=str(artifacts / "grid-memory.png"))
    if os.environ.get("UPDATE_README_SCREENSHOT") == "1":  # refresh the docs' picture
        page.set_viewport_size({"width": 1280, "height": 1130})  # the map and a row of cards
        expect(
            page.get_by_test_id("property-card").first.get_by_test_id("price")
        ).to_be_in_viewport()
        page.screenshot(path=str(DOCS / "screenshot.png"))

    panel.get_by_role("button", name="Forget budget max").click()

    expect(panel).not_to_contain_text("$450,000")
    assert page.request.get("/memory/preferences").json()["preferences"].get("real_estate") in (
        None,
        [],
    )


def test_list_view_survives_a_reload(page: Page, artifacts: Path) -> None:
    search(page)
    page.get_by_role("button", name="List view").click()
    expect(page.get_by_test_id("property-row").first).to_be_visible()
    expect(page.get_by_test_id("property-card")).to_have_count(0)
    page.screenshot(path=str(artifacts / "list.png"), full_page=True)

    page.reload()
    page.get_by_test_id("session-item").first.get_by_role("button").first.click()
    expect(page.get_by_test_id("property-row").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_role("button", name="List view")).to_have_attribute("aria-pressed", "true")


def test_card_click_shows_detail_and_map(page: Page, artifacts: Path) -> None:
    cards = search(page)
    sent = count_chat_requests(page)
    address = cards.first.locator("h3").inner_text()

    cards.first.click()

    expect(page.get_by_test_id("user-message").last).to_have_text(
        re.compile(rf"^Tell me more about {re.escape(address)}$")
    )
    detail = page.get_by_test_id("property-detail")
    expect(detail).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    for label in ("Year built", "Lot size", "HOA", "Zestimate"):
        expect(detail).to_contain_text(label)
    expect(detail.locator(".leaflet-marker-icon")).to_be_visible()
    wait_for_answer(page)
    assert len(sent) == 1
    expect(page.get_by_label("Message PropSearch")).to_have_value("")
    detail.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "detail.png"), full_page=True)


def test_view_on_zillow_does_not_request_details(page: Page) -> None:
    cards = search(page)
    sent = count_chat_requests(page)
    messages_before = page.get_by_test_id("user-message").count()

    link = cards.first.get_by_role("link", name="View on Zillow")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", re.compile("noopener"))
    with page.context.expect_page() as popup:
        link.click()
    popup.value.close()
    page.wait_for_timeout(1000)

    assert sent == []
    expect(page.get_by_test_id("user-message")).to_have_count(messages_before)
    expect(page.get_by_test_id("property-detail")).to_have_count(0)


def test_hint_chip_sends_its_text(page: Page) -> None:
    search(page)
    chip = page.get_by_test_id("hint-chips").get_by_role("button").first
    expect(chip).to_be_visible()
    hint = chip.inner_text().strip()
    sent = count_chat_requests(page)

    chip.click()

    expect(page.get_by_test_id("user-message").last).to_have_text(hint)
    wait_for_answer(page)
    assert len(sent) == 1 and hint in sent[0]


def test_sessions_titles_switching_and_delete(page: Page) -> None:
    search(page)
    first_id = page.locator("[data-testid=session-item]:has([aria-current=page])").get_attribute(
        "data-session-id"
    )
    assert first_id

    page.get_by_role("button", name="New chat").click()
    expect(page.get_by_test_id("property-card")).to_have_count(0)
    ask(page, "Show me condos near downtown Austin under $400k")
    wait_for_answer(page)

    current = page.locator("[data-testid=session-item]:has([aria-current=page])")
    expect(current).to_have_count(1, timeout=ANSWER_TIMEOUT_MS)
    second_id = current.get_attribute("data-session-id")
    assert second_id and second_id != first_id
    title = current.get_by_test_id("session-title")
    expect(title).not_to_have_text(second_id[:8], timeout=10_000)
    expect(title).not_to_have_text("")
    title_text = title.inner_text()

    page.locator(f"[data-session-id='{first_id}']").get_by_role("button").first.click()
    expect(page.get_by_test_id("property-card").nth(2)).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_test_id("user-message").first).to_have_text(SEARCH)

    second = page.locator(f"[data-session-id='{second_id}']")
    second.hover()
    second.get_by_role("button", name=f"Delete chat {title_text}").click()
    expect(second).to_have_count(0)
    expect(page.get_by_test_id("property-card").first).to_be_visible()

    page.reload()
    expect(page.locator(f"[data-session-id='{first_id}']")).to_have_count(1)
    expect(page.locator(f"[data-session-id='{second_id}']")).to_have_count(0)


def test_deleting_the_current_session_selects_the_next(page: Page) -> None:
    search(page)
    current = page.locator("[data-testid=session-item]:has([aria-current=page])")
    current_id = current.get_attribute("data-session-id")
    items = page.get_by_test_id("session-item")
    if items.count() < 2:
        page.get_by_role("button", name="New chat").click()
        ask(page, "Homes with a pool near Zilker Park")
        wait_for_answer(page)
        current_id = current.get_attribute("data-session-id")
    current.hover()
    current.get_by_role("button", name=re.compile("^Delete chat")).click()
    expect(page.locator(f"[data-session-id='{current_id}']")).to_have_count(0)
    expect(current).to_have_count(1)
    expect(page.get_by_test_id("user-message").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)


@pytest.mark.parametrize("viewport", [{"width": 375, "height": 812}])
def test_narrow_screen_has_no_horizontal_scroll(page: Page, artifacts: Path) -> None:
    expect(page.get_by_role("button", name="New chat")).to_be_hidden()
    search(page)
    page.get_by_test_id("property-card").first.click()
    expect(page.get_by_test_id("property-detail").locator(".leaflet-marker-icon")).to_be_visible(
        timeout=ANSWER_TIMEOUT_MS
    )
    wait_for_answer(page)

    overflow = page.evaluate(
        """() => [document.documentElement, document.body,
                  document.querySelector('[data-testid=scroll-area]')]
            .map((el) => el.scrollWidth - el.clientWidth)"""
    )
    assert max(overflow) <= 0, overflow
    page.screenshot(path=str(artifacts / "mobile.png"))

    page.get_by_role("button", name="Open sidebar").click()
    expect(page.get_by_role("button", name="New chat")).to_be_visible()
    expect(page.get_by_test_id("session-item").first).to_be_visible()
    page.screenshot(path=str(artifacts / "mobile-sidebar.png"))
    page.get_by_role("button", name="Close sidebar").click()
    expect(page.get_by_role("button", name="New chat")).to_be_hidden()


def test_wishes_show_as_chips_and_each_card_quotes_its_listing(page: Page, artifacts: Path) -> None:
    """A search by what listings say: the criteria chips read the search back (the wish
    included) and the best matches quote the clauses of their own description (fewer homes
    than cards may say it: a card without a mention quotes nothing); axe stays clean."""
    from tests.e2e.axe import assert_accessible

    ask(page, "3 bed houses in Austin with a workshop and good schools")
    cards = page.get_by_test_id("property-card")
    expect(cards.nth(2)).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    chips = page.get_by_role("list", name="Search criteria").last
    for chip in ("Austin", "House", "3+ beds", "schools 7+/10", "“workshop”"):
        expect(chips).to_contain_text(chip)
    for i in range(3):
        expect(cards.nth(i).get_by_test_id("mentions")).to_contain_text(
            re.compile("workshop", re.I)
        )
    page.screenshot(path=str(artifacts / "wishes.png"))
    assert_accessible(page, "search results with wishes")
