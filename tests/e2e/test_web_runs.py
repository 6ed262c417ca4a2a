"""Turns that outlive their connection, in a real browser: reloading mid-turn shows the whole
answer once, and a second tab on the same session follows the same turn. The clock skill is
slowed so the turn is still running when the page reloads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import FRESH_CHAT_SCRIPT, _block_external
from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, wait_for_answer
from tests.servers import free_port_window, start_server
from tests.trust.helpers import Clock, clock_skills

pytestmark = pytest.mark.browser
QUESTION = "what time is it?"


@pytest.fixture(scope="module")
def slow(web_dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Clock]]:
    folder = tmp_path_factory.mktemp("runs-e2e")
    clock = clock_skills(folder)
    server = start_server(folder / "memory", free_port_window(), SKILLS_DIR=str(clock.skills_dir))
    try:
        yield server.url, clock
    finally:
        server.stop()


def _page(browser: Any, url: str, errors: list[str]) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
    context.route("**/*", _block_external)
    context.add_init_script(FRESH_CHAT_SCRIPT)  # a plain / is a new chat, not the last one
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def _stored_answer(url: str, session: str) -> str:
    turns = httpx.get(f"{url}/sessions/{session}").json()["turns"]
    assert turns[-1]["user"] == QUESTION
    return str(turns[-1]["assistant"])


def _session_of(page: Page) -> str:
    page.wait_for_function("() => new URLSearchParams(location.search).get('s')")
    return str(page.evaluate("() => new URLSearchParams(location.search).get('s')"))


def test_a_reload_mid_turn_shows_the_whole_answer_once(
    slow: tuple[str, Clock], browser: Any
) -> None:
    url, clock = slow
    errors: list[str] = []
    page = _page(browser, url, errors)
    page.goto("/")
    clock.set("sleep:3")
    ask(page, QUESTION)
    expect(page.get_by_text("Running get_current_time")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    session = _session_of(page)
    page.reload()  # mid tool call: the turn goes on without the page
    wait_for_answer(page)
    answer = page.get_by_test_id("assistant-text").last
    expect(answer).not_to_be_empty(timeout=ANSWER_TIMEOUT_MS)
    expect(page.get_by_test_id("user-message")).to_have_count(1)
    stored = _stored_answer(url, session)
    assert "interrupted" not in stored
    expect(answer).to_have_text(stored.strip())  # every token once, nothing missing
    clock.set("ok")
    page.context.close()
    assert not errors, errors


def test_a_second_tab_follows_the_same_turn(slow: tuple[str, Clock], browser: Any) -> None:
    url, clock = slow
    errors: list[str] = []
    first = _page(browser, url, errors)
    first.goto("/")
    clock.set("sleep:3")
    ask(first, QUESTION)
    expect(first.get_by_text("Running get_current_time")).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    session = _session_of(first)
    second = _page(browser, url, errors)
    second.goto(f"/?s={session}")
    expect(second.get_by_test_id("user-message")).to_have_text(QUESTION)
    for page in (first, second):
        wait_for_answer(page)
        expect(page.get_by_test_id("assistant-text").last).not_to_be_empty(
            timeout=ANSWER_TIMEOUT_MS
        )
    stored = _stored_answer(url, session).strip()
    expect(first.get_by_test_id("assistant-text").last).to_have_text(stored)
    expect(second.get_by_test_id("assistant-text").last).to_have_text(stored)
    clock.set("ok")
    first.context.close()
    second.context.close()
    assert not errors, errors
