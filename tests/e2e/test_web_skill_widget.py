"""The web UI as an MCP Apps host: a result whose card a skill ships (the mortgage skill's
widget, skills/mortgage/widget) renders in a sandboxed frame through the MCP Apps bridge, with
the same HTML an MCP host gets, and the page stays accessible."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import assert_accessible
from tests.e2e.helpers import ANSWER_TIMEOUT_MS, ask, search, wait_for_answer

pytestmark = pytest.mark.browser


def test_the_mortgage_skills_own_card_renders_in_the_chat(page: Page) -> None:
    search(page)
    ask(page, "what would the monthly payment be on the first one?")
    wait_for_answer(page)
    frame = page.get_by_test_id("skill-widget")
    expect(frame).to_have_count(1, timeout=ANSWER_TIMEOUT_MS)
    assert frame.get_attribute("sandbox") == "allow-scripts"  # no same-origin: no API, no token
    assert frame.get_attribute("src") == "/widgets/mortgage"
    card = page.frame_locator("[data-testid=skill-widget]")
    headline = card.get_by_test_id("mortgage-headline")
    expect(headline).to_have_text(re.compile(r"^\$[\d,]+/mo$"), timeout=20_000)
    expect(card.get_by_text("Principal & interest")).to_be_visible()
    # the frame grows to the card's height (ui/notifications/size-changed)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=skill-widget]').clientHeight > 200"
    )
    assert_accessible(page, "an answer with a skill's widget")


def test_a_kind_no_skill_ships_a_widget_for_is_a_clear_404(page: Page) -> None:
    response = page.request.get("/widgets/no_such_kind")
    assert response.status == 404 and "no skill ships a widget" in response.json()["detail"]
    served = page.request.get("/widgets/mortgage")
    assert served.status == 200
    policy = served.headers["content-security-policy"]
    assert "connect-src 'none'" in policy and "frame-ancestors 'self'" in policy
    assert "x-frame-options" not in served.headers
