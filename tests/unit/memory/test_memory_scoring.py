from __future__ import annotations

from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from agent_graph.memory.scoring import (
    MAX_SUMMARY_CHARS,
    score_result,
    score_with_llm,
    summarize_result,
)

LISTING = {
    "zpid": "29324909",
    "address": "2306 Shoal Creek Blvd, Austin, TX 78705",
    "city": "Austin",
    "zipcode": "78705",
    "price": 489000,
    "beds": 3,
    "baths": 2.0,
    "sqft": 1654,
    "property_type": "house",
    "year_built": 1950,
    "photo_url": None,
    "lat": 30.29,
    "lng": -97.75,
}
SEARCH_ARGS = {"location": "Austin", "beds_min": 3, "price_max": 500000, "features": None}
LISTINGS = {"type": "listings", "items": [LISTING] * 4, "total": 14, "page": 1}
DETAIL = {"type": "detail", "items": [{**LISTING, "description": "x" * 5000}]}
MEMORY_WRITE = {
    "type": "memory_write",
    "entry_type": "PREFERENCE",
    "key": "budget_max",
    "value": "$1",
}


@pytest.mark.parametrize(
    ("result", "is_error", "remember", "expected"),
    [
        (LISTINGS, False, True, 4),
        (LISTINGS, True, True, 1),
        (LISTINGS, False, False, 2),
        ({"type": "listings", "items": [], "total": 0}, False, True, 1),
        (DETAIL, False, True, 4),
        (LISTING, False, True, 4),
        (MEMORY_WRITE, False, True, 2),
        ("2026-11-22 09:14 CST", False, True, 3),
        ("2026-11-22 09:14 CST", False, False, 2),
        ("   ", False, True, 1),
        ("Error: unknown timezone", False, True, 1),
        ({}, False, True, 1),
        (None, False, True, 1),
        ({"error": "upstream 502"}, False, True, 1),
        ({"answer": 42}, False, True, 4),
        ({"answer": 42}, False, False, 2),
    ],
)
def test_score_result(result: Any, is_error: bool, remember: bool, expected: int) -> None:
    assert score_result(result, is_error, remember) == expected


def test_list_summary_is_compact_and_names_the_top_items() -> None:
    summary = summarize_result("search_properties", SEARCH_ARGS, LISTINGS)
    assert summary.startswith(
        "search_properties {location: Austin, beds_min: 3, price_max: 500000}: 14 matches; "
        "top: address: 2306 Shoal Creek Blvd, Austin, TX 78705, price: 489000, beds: 3, "
        "baths: 2.0, sqft: 1654, property_type: house; address: 2306"
    )
    assert len(summary) <= MAX_SUMMARY_CHARS
    assert "photo_url" not in summary and "zpid" not in summary
    assert "city:" not in summary and "zipcode:" not in summary, "both are in the address"
    assert "lat:" not in summary and "lng:" not in summary


def test_single_item_summary_leaves_out_long_text() -> None:
    summary = summarize_result("get_property_details", {"zpid": "29324909"}, DETAIL)
    assert summary.startswith(
        "get_property_details {zpid: 29324909}: 1 match; top: address: 2306 Shoal Creek"
    )
    assert "xxxx" not in summary


def test_other_summaries() -> None:
    assert summarize_result("search_properties", {}, {"type": "listings", "items": []}) == (
        "search_properties {}: 0 matches"
    )
    assert summarize_result("save_search_criteria", {"key": "budget_max"}, MEMORY_WRITE) == (
        "save_search_criteria {key: budget_max}: saved [PREFERENCE] budget_max: $1"
    )
    assert summarize_result("t", {"features": ["pool", "garage"]}, {"error": "boom"}) == (
        "t {features: [pool, garage]}: error: boom"
    )
    assert summarize_result("t", {}, "  multi\n line   text ") == "t {}: multi line text"
    long = summarize_result("t", {}, "word " * 1000)
    assert len(long) == MAX_SUMMARY_CHARS and long.endswith("…")


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        *[("4", 4), ("Score: 5/5", 5), ("I'd say 2.", 2), ("ten", 3), ("9", 3), ("", 3)],
        *[("4 out of 5", 3), ("On a scale of 1-5 this is a 4", 3), ("2, maybe 4", 3)],
    ],
)
async def test_score_with_llm_parses_the_digit_or_falls_back(answer: str, expected: int) -> None:
    model = FakeListChatModel(responses=[answer])
    assert await score_with_llm(model, "current_time", "current_time {}: 09:14") == expected


async def test_score_with_llm_falls_back_when_the_model_fails() -> None:
    class Broken(FakeListChatModel):
        def _call(self, *args: Any, **kwargs: Any) -> str:
            raise RuntimeError("provider down")

    model = Broken(responses=["5"])
    assert await score_with_llm(model, "search_properties", "x", fallback=4) == 4
    assert await score_with_llm(model, "t", "Error: nope") == 1


async def test_score_with_llm_gives_up_after_the_timeout() -> None:
    slow = FakeListChatModel(responses=["5"], sleep=0.5)
    assert await score_with_llm(slow, "t", "x", fallback=2, timeout_s=0.05) == 2
