"""The mortgage skill in offline conversations through the API (process backend, real workers):
its planner (C2) plans, its TypeScript workers compute, and nothing in agent_graph/ knows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agent_graph.storage.session_file import parsed
from tests.servers import answer_text, stream_turn

FIND = "find me a 3-bed house in Austin under $500k"
COST = "what would the second one cost per month with 20% down at 6.5%?"


def _data(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "data"]


def _tool_args(client: TestClient, session_id: str, tool: str) -> list[dict[str, Any]]:
    root: Path = client.memory_root  # type: ignore[attr-defined]
    stored = parsed((root / "users" / "local" / "sessions" / f"{session_id}.json").read_text())[0]
    return [
        call["args"]
        for message in stored["messages"]
        for call in message.get("data", {}).get("tool_calls") or []
        if call["name"] == tool
    ]


def _search_then_ask_cost(client: TestClient) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    first = stream_turn(client, FIND)
    listings = _data(first)[-1]
    assert listings["type"] == "listings" and len(listings["items"]) >= 2
    session = first[-1]["session_id"]
    return listings["items"][1], stream_turn(client, COST, session), session


def test_second_listing_monthly_cost_uses_its_price(app_client: TestClient) -> None:
    second, events, session = _search_then_ask_cost(app_client)
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    assert steps == [("mortgage_payment", "start"), ("mortgage_payment", "end")]
    args = _tool_args(app_client, session, "mortgage_payment")
    assert args[-1]["price"] == second["price"]
    assert args[-1]["down_payment_percent"] == 20 and args[-1]["rate_percent"] == 6.5
    text = answer_text(events)
    assert f"With 20% down (${second['price'] * 0.2:,.0f}) at 6.5% over 30 years" in text
    assert second["address"] in text and "a month" in text


def test_second_listing_monthly_cost_is_a_mortgage_data_event(app_client: TestClient) -> None:
    second, events, _ = _search_then_ask_cost(app_client)
    mortgage = _data(events)[-1]
    assert mortgage["type"] == "mortgage" and mortgage["kind"] == "payment"
    assert mortgage["price"] == second["price"]


def test_the_listings_own_tax_rate_reaches_the_estimate(app_client: TestClient) -> None:
    """The full monthly cost a buyer sees: the home's own tax rate from the listing, an
    insurance estimate said to be one, and an HOA fee the data lacks said to be left out."""
    second, events, session = _search_then_ask_cost(app_client)
    assert second["tax_rate_percent"] is not None
    assert _tool_args(app_client, session, "mortgage_payment")[-1][
        "property_tax_rate_percent"
    ] == pytest.approx(second["tax_rate_percent"])
    mortgage = _data(events)[-1]
    monthly = mortgage["monthly"]
    assert monthly["property_tax"] == pytest.approx(
        second["price"] * second["tax_rate_percent"] / 100 / 12, abs=0.01
    )
    assert mortgage["estimates"] == ["insurance"] and mortgage["not_included"] == ["hoa"]
    parts = ("principal_interest", "property_tax", "insurance", "hoa")
    assert monthly["total"] == pytest.approx(sum(monthly[k] for k in parts), abs=0.02)


def test_affordability_question_answers_with_a_price(app_client: TestClient) -> None:
    events = stream_turn(app_client, "what price can I afford at $3,000 a month?")
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    assert steps == [("mortgage_affordability", "start"), ("mortgage_affordability", "end")]
    text = answer_text(events)
    assert "At $3,000 a month with 20% down" in text and "afford a home up to about $" in text
    assert "I assumed a 6.5% rate; tell me yours to refine it." in text
