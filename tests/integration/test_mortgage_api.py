"""The mortgage skill in offline conversations through the API (process backend, real workers).

Needs the generic core (C1 data events for any renderer, C2 skill planners): until the
real-estate planner has moved into skills/real_estate/planner, the offline model cannot reach a
skill it does not know, so these tests skip with that reason.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.servers import stream_turn
from tests.skill_env import SKILLS_DIR

pytestmark = pytest.mark.skipif(
    not (SKILLS_DIR / "real_estate" / "planner").exists()
    and not (SKILLS_DIR / "real_estate" / "planner.py").exists(),
    reason="needs the C2 planner loader (skill planners in skill folders)",
)


def _data(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "data"]


def test_second_listing_monthly_cost_is_a_mortgage_card_for_its_price(
    app_client: TestClient,
) -> None:
    first = stream_turn(app_client, "find me a 3-bed house in Austin under $500k")
    listings = _data(first)[-1]
    assert listings["type"] == "listings" and len(listings["items"]) >= 2
    second = listings["items"][1]
    session = first[-1]["session_id"]
    events = stream_turn(
        app_client, "what would the second one cost per month with 20% down at 6.5%?", session
    )
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    assert steps == [("mortgage_payment", "start"), ("mortgage_payment", "end")]
    mortgage = _data(events)[-1]
    assert mortgage["type"] == "mortgage" and mortgage["kind"] == "payment"
    assert mortgage["price"] == second["price"]
    assert mortgage["down_payment_percent"] == 20 and mortgage["rate_percent"] == 6.5
    text = "".join(e["content"] for e in events if e["type"] == "token")
    assert "a month" in text and second["address"] in text


def test_affordability_question_answers_with_a_price(app_client: TestClient) -> None:
    events = stream_turn(app_client, "what price can I afford at $3,000 a month?")
    result = _data(events)[-1]
    assert result["type"] == "mortgage" and result["kind"] == "affordability"
    assert result["monthly_budget"] == 3000 and result["monthly"]["total"] <= 3000.01
    text = "".join(e["content"] for e in events if e["type"] == "token")
    assert "afford a home up to about" in text and "6.5%" in text
