"""Issue 47: a scripted tour of what a buyer and an agent see (search, detail, save, watch, saved
search, alert, tour request, agent inbox, the buyer's request answered, a forget, recent
changes, undo, a reopened chat), on a desktop
and a 390 px phone. After every step: no zpid, entry key, JSON or tool description on screen,
a document exactly as tall as the window, and no serious or critical axe violation.
Screenshots and findings.json land in tests/e2e/output/tour/<size>/ for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from agent_graph.storage.job_store import sqlite_job_store
from tests.e2e.conftest import FRESH_CHAT_SCRIPT, _block_external
from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, wait_for_answer
from tests.e2e.tour import Tour
from tests.servers import ServerProcess, free_port_window, start_server

pytestmark = pytest.mark.browser
USER = "local"  # the single local user (an admin) of a server without tokens
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SEARCH = "3 bedroom houses in Austin under 450k"


@pytest.fixture(params=sorted(SIZES))
def tour(
    request: pytest.FixtureRequest,
    browser: Any,
    web_dist: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Tour]:
    """A server of its own per size (memory, alerts and inbox start empty) and a page on it."""
    memory = tmp_path_factory.mktemp("tour") / "memory"
    server = start_server(memory, free_port_window())
    server.memory = memory  # type: ignore[attr-defined]
    context = browser.new_context(viewport=SIZES[request.param], base_url=server.url)
    context.route("**/*", _block_external)
    context.add_init_script(FRESH_CHAT_SCRIPT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    refused: list[str] = []  # a request the UI should not have made (a 403), or made wrong (409)
    page.on(
        "response",
        lambda r: (
            refused.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 400 else None
        ),
    )
    page.server = server  # type: ignore[attr-defined]
    try:
        page.goto("/")
        yield Tour(page, request.param)
    finally:
        context.close()
        server.stop()
    assert not errors, f"uncaught errors in the page: {errors}"
    assert not refused, f"requests the server refused: {refused}"


@contextmanager
def sidebar(tour: Tour) -> Iterator[Any]:
    """The sidebar as the window shows it: a column on a desktop, a drawer opened on a phone."""
    page = tour.page
    if tour.size == "phone":
        page.get_by_role("button", name="Open sidebar").click()
    aside = page.locator("#sidebar")
    expect(aside).to_be_visible()
    yield aside
    if tour.size == "phone" and page.get_by_role("button", name="Close sidebar").is_visible():
        page.get_by_role("button", name="Close sidebar").click()


def confirm(tour: Tour, asks: str, step: str) -> None:
    prompt = tour.page.get_by_test_id("confirm-prompt")
    expect(prompt).to_contain_text(asks, timeout=ANSWER_TIMEOUT_MS)
    tour.check(step)
    prompt.get_by_role("button", name="Confirm").click()
    wait_for_answer(tour.page)


def raise_alert(server: ServerProcess, listing: dict[str, Any]) -> None:
    """An alert as the matching job raises it for a saved search (skills/real_estate/matching)."""
    store = sqlite_job_store(server.memory / "jobs" / "jobs.sqlite3")  # type: ignore[attr-defined]
    store.add_alert(
        "real_estate",
        "tour-run",
        {
            "user": USER,
            "key": f"tour:{listing['zpid']}:new",
            "kind": "new_match",
            "title": "A new home matches your search: houses in Austin",
            "body": f"{listing['address']} · ${listing['price']:,}",
            "items": [listing],
        },
        None,
    )


def a_listing(server: ServerProcess) -> dict[str, Any]:
    reply = httpx.post(
        f"{server.url}/tools/search_properties",
        json={"params": {"location": "78745", "limit": 1}},
        timeout=60,
    )
    reply.raise_for_status()
    return dict(reply.json()["result"]["items"][0])


def search_save_and_watch(tour: Tour) -> None:
    page = tour.page
    tour.check("start")
    ask(page, SEARCH)
    cards = page.get_by_test_id("property-card")
    expect(cards.nth(2)).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    tour.check("search")
    with sidebar(tour):
        tour.check("search-remembered")
    cards.nth(1).get_by_test_id("heart").click()
    expect(cards.nth(1).get_by_test_id("heart")).to_have_attribute("aria-pressed", "true")
    tour.check("save")
    cards.nth(1).click()
    expect(page.get_by_test_id("property-detail")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    tour.check("detail")
    ask(page, "let me know if it drops in price")
    confirm(tour, "Watch", "watch-asked")
    tour.check("watch")
    ask(page, "3 bedroom houses in 78745 under 450k")
    wait_for_answer(page)
    ask(page, "watch this search")
    confirm(tour, "Save this search", "saved-search-asked")
    ask(page, "show my saved searches")
    wait_for_answer(page)
    tour.check("saved-searches")


def alert_and_tour_request(tour: Tour) -> None:
    page, server = tour.page, tour.page.server
    raise_alert(server, a_listing(server))
    page.goto("/")
    expect(page.get_by_test_id("alert-count")).to_have_text("1")
    page.get_by_role("button", name=re.compile("^Alerts")).click()
    bell = page.get_by_role("region", name="Alerts")
    expect(bell.get_by_test_id("alert")).to_have_count(1)
    tour.check("alert")
    bell.get_by_test_id("alert").get_by_role("button").first.click()
    expect(page.get_by_test_id("property-detail")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)
    tour.check("alert-detail")
    ask(page, "I'd like to see it on Saturday morning")
    confirm(tour, "tour", "tour-asked")
    tour.check("tour")
    with sidebar(tour) as aside:
        expect(aside.get_by_test_id("handoff-item")).to_have_count(1)
        tour.check("agent-inbox")


def request_answered_and_forget(tour: Tour) -> None:
    """The buyer sees the request waiting, the agent answers it in the inbox, and the buyer
    later sees it handled with the answer, and an alert; then stops a watch, asked in words."""
    page = tour.page
    with sidebar(tour) as aside:
        mine = aside.get_by_test_id("my-request")
        expect(mine).to_have_count(1)
        expect(mine.get_by_test_id("my-request-status")).to_have_text("Waiting for an agent")
        tour.check("my-request")
        inbox = aside.get_by_test_id("handoff-item")
        inbox.get_by_role("textbox", name=re.compile("^Answer: ")).fill("Saturday at 10 works")
        inbox.get_by_role("button", name="Send").click()
        expect(inbox.get_by_test_id("handoff-reply")).to_have_count(1)
    page.goto("/")  # the buyer, later
    expect(page.get_by_test_id("alert-count")).to_have_text("1")
    with sidebar(tour) as aside:
        mine = aside.get_by_test_id("my-request")
        expect(mine.get_by_test_id("my-request-status")).to_contain_text("Handled by an agent")
        expect(mine).to_contain_text("The agent answered: Saturday at 10 works")
        tour.check("request-answered")
    page.get_by_role("button", name=re.compile("^Alerts")).click()
    expect(page.get_by_role("region", name="Alerts")).to_contain_text(
        "An agent answered your tour request for"
    )
    tour.check("request-answered-alert")
    page.get_by_role("button", name=re.compile("^Alerts")).click()
    ask(page, "stop watching")
    confirm(tour, "Stop watching", "forget-asked")
    tour.check("forget")


def recent_changes_and_undo(tour: Tour) -> None:
    page = tour.page
    with sidebar(tour) as aside:
        item = aside.get_by_test_id("saved-search").first
        item.get_by_role("button", name=re.compile("^Edit saved search")).click()
        item.get_by_label("Max price").fill("400000")
        item.get_by_role("button", name="Save search").click()
        expect(item).to_contain_text("$400,000")
        expect(aside.get_by_test_id("change-item").first).to_contain_text(re.compile("400,?000"))
        tour.check("recent-changes")
        before = aside.get_by_test_id("change-item").count()
        aside.get_by_role("button", name=re.compile("^Undo")).first.click()
        expect(aside.get_by_test_id("change-item")).to_have_count(min(before + 1, 5))
        expect(item).to_contain_text("$450,000")
        tour.check("undo")
    with sidebar(tour) as aside:
        sessions = aside.get_by_test_id("session-item")
        expect(sessions.first).to_be_visible()
        aside.get_by_role("button", name="New chat").click()
    expect(page.get_by_test_id("property-card")).to_have_count(0)
    with sidebar(tour) as aside:
        aside.get_by_test_id("session-item").last.get_by_role("button").first.click()
    expect(page.get_by_test_id("property-card").first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    tour.check("reopened-chat")


def test_the_tour_shows_nothing_internal_and_the_page_stays_put(tour: Tour) -> None:
    try:
        search_save_and_watch(tour)
        alert_and_tour_request(tour)
        request_answered_and_forget(tour)
        recent_changes_and_undo(tour)
    finally:
        findings = tour.report()
    assert findings == {"leaks": {}, "layout": {}, "axe": {}}, findings
