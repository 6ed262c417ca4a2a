"""The planner's words for the market (planner/market.py): price drops, new listings and "how
long has it been on the market", from what people type to the search or details call, and the
answers that say them."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from criteria import parse_criteria

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_planner_market")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
_replies = importlib.import_module(f"{_PACKAGE.__name__}.replies")

PHRASES: list[tuple[str, dict[str, Any]]] = [
    ("what dropped in price in 78745 this week?", {"price_dropped_within_days": 7, "location": "78745"}),
    ("any price cuts in Austin this month", {"price_dropped_within_days": 30, "location": "Austin"}),
    ("3 bed houses reduced in the last 3 days", {"price_dropped_within_days": 3, "beds_min": 3}),
    ("which condos came down in price over the past two weeks", {"price_dropped_within_days": 14}),
    ("show me price drops near downtown", {"price_dropped_within_days": 30, "near": "downtown"}),
    ("new listings in 78704 this week", {"days_on_market_max": 7, "location": "78704"}),
    ("houses listed in the last 10 days under 500k", {"days_on_market_max": 10, "price_max": 500_000}),
    ("just listed townhomes", {"days_on_market_max": 7, "property_type": "townhouse"}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), PHRASES, ids=[t for t, _ in PHRASES])
def test_market_words_become_the_search_criteria(text: str, expected: dict[str, Any]) -> None:
    planned = _conversation.plan_for(_conversation.Conversation(text=text))
    search = planned.calls[-1]
    assert search.name == "search_properties"
    assert search.args.items() >= expected.items()
    assert parse_criteria(search.args).echo().items() >= expected.items()  # the tool accepts it


def test_a_plain_search_asks_nothing_of_the_market() -> None:
    planned = _conversation.plan_for(_conversation.Conversation(text="3 bed houses in 78704"))
    args = planned.calls[-1].args
    assert "price_dropped_within_days" not in args and "days_on_market_max" not in args


@pytest.mark.parametrize(
    "text",
    ["How long has it been on the market?", "how many days has this one been listed", "days on market?"],
)  # fmt: skip
def test_how_long_on_the_market_opens_the_listing_in_view(text: str) -> None:
    focused = {"zpid": "29495775", "address": "1 Main St, Austin, TX 78745"}
    planned = _conversation.plan_for(_conversation.Conversation(text=text, focused=focused))
    assert [(c.name, c.args) for c in planned.calls] == [
        ("get_property_details", {"zpid": "29495775"})
    ]


def test_the_detail_answer_says_days_on_market_and_the_price_history() -> None:
    item = {
        "zpid": "1", "address": "1 Main St, Austin, TX 78745", "price": 480_000,
        "property_type": "house", "beds": 3, "baths": 2, "status": "PENDING",
        "days_on_market": 12, "facts": {"listed_date": "2026-11-14"},
        "price_history": [
            {"date": "2026-11-14", "price": 500_000, "event": "listed"},
            {"date": "2026-11-20", "price": 480_000, "event": "price_change"},
            {"date": "2026-11-24", "price": 480_000, "event": "pending"},
        ],
    }  # fmt: skip
    text = _replies.describe_results({"type": "detail", "items": [item]})
    assert "On the market 12 days (listed 2026-11-14). Sale pending." in text
    assert "listed at $500,000 (2026-11-14); price changed to $480,000 (2026-11-20)" in text


def test_a_dropped_listing_says_from_what() -> None:
    item = {
        "zpid": "1", "address": "1 Main St, Austin, TX 78745", "price": 480_000, "beds": 3,
        "price_drop": {"date": "2026-11-20", "from": 500_000, "to": 480_000},
    }  # fmt: skip
    result = {"type": "listings", "items": [item], "total": 1, "page": 1,
              "criteria": {"location": "78745", "price_dropped_within_days": 7}}  # fmt: skip
    text = _replies.describe_results(result)
    assert "whose price dropped in the last week" in text
    assert "down from $500,000 on 2026-11-20" in text
