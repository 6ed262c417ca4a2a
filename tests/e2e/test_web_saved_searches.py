"""Issue 38 item 3 in a real browser: a saved search made in chat (after its confirmation) and a
watch show in the preferences panel, can be changed there, and removed."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import assert_accessible
from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, search, wait_for_answer

pytestmark = pytest.mark.browser


def entries(page: Page, entry_type: str) -> dict[str, str]:
    listed = page.request.get("/memory/preferences").json()["preferences"].get("real_estate", [])
    return {e["key"]: e["value"] for e in listed if e["entry_type"] == entry_type}


def test_a_saved_search_and_a_watch_are_shown_edited_and_removed(page: Page) -> None:
    cards = search(page)
    zpid: Any = cards.nth(1).get_attribute("data-zpid")
    address = cards.nth(1).locator("h3").inner_text()
    ask(page, "watch this search")
    prompt = page.get_by_test_id("confirm-prompt")
    expect(prompt).to_contain_text("Save this search", timeout=ANSWER_TIMEOUT_MS)
    prompt.get_by_role("button", name="Confirm").click()
    wait_for_answer(page)

    panel = page.get_by_test_id("preferences-panel")
    item = panel.get_by_test_id("saved-search")
    expect(item).to_contain_text("house · Austin · 3+ beds · under $500,000")
    assert_accessible(page, "the preferences panel with a saved search")

    item.get_by_role("button", name=re.compile("^Edit saved search")).click()
    item.get_by_label("Max price").fill("450000")
    item.get_by_role("button", name="Save search").click()
    expect(item).to_contain_text("under $450,000")
    (key, value), *_ = entries(page, "SEARCH").items()
    assert json.loads(value)["price_max"] == 450000 and len(entries(page, "SEARCH")) == 1

    ask(page, "let me know if the second one drops in price")
    expect(prompt).to_contain_text("Watch this home", timeout=ANSWER_TIMEOUT_MS)
    ask(page, "yes please")  # typed instead of clicked: the same answer
    wait_for_answer(page)
    expect(prompt).to_have_count(0)
    watch = panel.get_by_label(f"What to watch on {address}")
    expect(watch).to_have_value("price")
    watch.select_option("status")
    expect(page.get_by_test_id("change-item").first).to_contain_text(
        f"Changed watch on {address}: price changes → status changes"
    )
    assert entries(page, "WATCH") == {f"watch_{zpid}": "status"}

    panel.get_by_role("button", name=f"Stop watching {address}").click()
    panel.get_by_role("button", name=re.compile("^Forget saved search")).click()
    expect(panel.get_by_test_id("saved-search")).to_have_count(0)
    expect(panel.get_by_test_id("watch")).to_have_count(0)
    assert entries(page, "SEARCH") == {} and entries(page, "WATCH") == {}
    assert key.startswith("search_")


def test_a_tour_request_reaches_the_agents_inbox_and_is_marked_handled(page: Page) -> None:
    cards = search(page)
    address = cards.nth(1).locator("h3").inner_text()
    ask(page, "I'd like to see the second one on Saturday morning")
    prompt = page.get_by_test_id("confirm-prompt")
    expect(prompt).to_contain_text("Send a tour request", timeout=ANSWER_TIMEOUT_MS)
    prompt.get_by_role("button", name="Confirm").click()
    wait_for_answer(page)

    inbox = page.get_by_test_id("handoff-inbox")  # the local user is the admin: they see it
    item = inbox.get_by_test_id("handoff-item").filter(has_text=address)
    expect(item).to_contain_text(re.compile(r"Saturday \d+ \w+ \d{4}, 9 am–12 pm"))  # as dates
    expect(item.get_by_test_id("handoff-contact")).to_have_text("Contact: my PropSearch account")
    assert_accessible(page, "the agents' inbox with a tour request")
    item.get_by_role("button", name=re.compile("^Mark handled")).click()
    expect(item).to_contain_text("Handled by")
    listed = page.request.get("/handoffs").json()["handoffs"]
    assert [h["handled_at"] is not None for h in listed if address in h["title"]] == [True]
