"""The alerts a skill's job found, in a real browser against the real server: the header's bell
with its unread count, its list whose homes open the detail card as a card click does, and a
new conversation that opens with the unseen ones (then read)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from agent_graph.storage.job_store import JobStore, sqlite_job_store
from tests.e2e.conftest import FRESH_CHAT_SCRIPT, _block_external
from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, wait_for_answer
from tests.servers import ServerProcess, free_port_window, start_server

pytestmark = pytest.mark.browser
USER = "local"  # the single local user of a server without tokens


@pytest.fixture(scope="module")
def served(web_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    memory = tmp_path_factory.mktemp("alerts") / "memory"
    server = start_server(memory, free_port_window())
    server.memory = memory  # type: ignore[attr-defined]
    yield server
    server.stop()


def store_of(server: ServerProcess) -> JobStore:
    return sqlite_job_store(server.memory / "jobs" / "jobs.sqlite3")  # type: ignore[attr-defined]


def a_listing(server: ServerProcess) -> dict[str, Any]:
    """A real listing of the bundled data, as a search result shows it."""
    reply = httpx.post(
        f"{server.url}/tools/search_properties",
        json={"params": {"location": "78704", "limit": 1}},
        timeout=60,
    )
    reply.raise_for_status()
    return dict(reply.json()["result"]["items"][0])


def alert(key: str, title: str, listing: dict[str, Any]) -> dict[str, Any]:
    return {
        "user": USER,
        "key": key,
        "kind": "new_match",
        "title": title,
        "body": "since Tuesday",
        "items": [listing],
    }


@pytest.fixture
def page(browser: Any, served: ServerProcess) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=served.url)
    context.route("**/*", _block_external)
    context.add_init_script(FRESH_CHAT_SCRIPT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


def test_the_bell_counts_unread_alerts_and_its_homes_open_the_detail_card(
    page: Page, served: ServerProcess
) -> None:
    listing = a_listing(served)
    store = store_of(served)
    store.add_alert(
        "real_estate",
        "run-1",
        alert("s_78704:new", "3 new homes match your 78704 search", listing),
        None,
    )
    page.goto("/")
    expect(page.get_by_test_id("alert-count")).to_have_text("1")
    page.get_by_role("button", name="Alerts, 1 unread").click()
    region = page.get_by_role("region", name="Alerts")
    expect(region.get_by_test_id("alert")).to_have_count(1)
    expect(region).to_contain_text("3 new homes match your 78704 search")
    region.get_by_role("button", name=listing["address"]).click()
    detail = page.get_by_test_id("property-detail")
    expect(detail).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(detail).to_contain_text(listing["address"].split(",")[0])
    wait_for_answer(page)
    expect(page.get_by_test_id("alert-count")).to_have_count(0)  # read once opened
    assert store.unread_count(USER) == 0


def test_a_new_conversation_opens_with_unseen_alerts_then_they_are_read(
    page: Page, served: ServerProcess
) -> None:
    store = store_of(served)
    listing = a_listing(served)
    store.add_alert(
        "real_estate",
        "run-2",
        alert("s_78745:new", "2 new homes match your 78745 search", listing),
        None,
    )
    page.goto("/")
    expect(page.get_by_test_id("alert-count")).to_have_text("1")
    ask(page, "hello")
    opening = page.get_by_test_id("opening-alerts")
    expect(opening).to_contain_text(
        "2 new homes match your 78745 search", timeout=ANSWER_TIMEOUT_MS
    )
    wait_for_answer(page)
    expect(page.get_by_test_id("alert-count")).to_have_count(0)
    assert store.unread_count(USER) == 0
    answer = page.get_by_test_id("assistant-text").last  # the answer mentions them first
    expect(answer).to_contain_text("Since your last visit: 2 new homes match your 78745 search")
    opening.get_by_role("button", name=listing["address"]).click()  # its home opens its card
    expect(page.get_by_test_id("property-detail")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)


def test_the_words_of_a_conversation_can_name_its_alerted_homes(
    page: Page, served: ServerProcess
) -> None:
    """No search on screen yet: "the one that got cheaper" is the price drop's home, and on the
    next turn "the new one" is still the new match's."""
    store = store_of(served)
    reply = httpx.post(
        f"{served.url}/tools/search_properties",
        json={"params": {"location": "78745", "limit": 2}},
        timeout=60,
    )
    new, cheaper = reply.json()["result"]["items"]
    dropped = {
        **alert("w_1:price", f"Price drop: {cheaper['address']}", cheaper),
        "kind": "price_drop",
    }
    store.add_alert("real_estate", "run-3", dropped, None)
    store.add_alert("real_estate", "run-3", alert("s_1:new", "A new home matches", new), None)
    page.goto("/")
    expect(page.get_by_test_id("alert-count")).to_have_text("2")
    ask(page, "ooh open the one that got cheaper")
    detail = page.get_by_test_id("property-detail")
    expect(detail).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    expect(detail).to_contain_text(cheaper["address"].split(",")[0])
    wait_for_answer(page)
    answer = page.get_by_test_id("assistant-text").last
    expect(answer).to_contain_text("Since your last visit:")
    expect(answer).not_to_contain_text(str(cheaper["zpid"]))
    ask(page, "and save the new one")
    wait_for_answer(page)
    saved = page.get_by_test_id("assistant-text").last
    expect(saved).to_contain_text(new["address"].split(",")[0], timeout=ANSWER_TIMEOUT_MS)
    expect(saved).not_to_contain_text("Since your last visit")
