"""A failed tool call in a real browser: the step timeline shows a person's words for it, and none
of what the model read (the skill's error, the tool's name, the id it was called with)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, wait_for_answer

pytestmark = pytest.mark.browser

UNKNOWN_ID = "99999999"


def test_a_failed_step_shows_a_persons_words_and_nothing_internal(
    page: Page, artifacts: Path
) -> None:
    ask(page, f"Show me the details for the listing with zpid {UNKNOWN_ID}.")
    failed = page.get_by_test_id("step-timeline").locator("li[data-status=error]")
    expect(failed).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
    wait_for_answer(page)

    expect(failed).to_contain_text("Couldn't find that home.")
    shown = failed.inner_text()
    for internal in (UNKNOWN_ID, "get_property_details", "real_estate", "failed (404)", "{"):
        assert internal not in shown, f"{internal!r} reached the person: {shown!r}"
    page.screenshot(path=str(artifacts / "failed-step.png"))
