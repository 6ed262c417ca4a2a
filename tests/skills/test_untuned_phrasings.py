"""Phrasings nobody tuned the planners for (the eval's paraphrase set, bench/llm_eval/
paraphrases.py, and more of the same kind): how people ask about money and the home on screen.
Each case was read wrongly before: a "can't go over" read as a floor, a monthly amount saved as
the home budget, a payment, tax or HOA question after a home's detail answered with the list of
tools."""

from __future__ import annotations

from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skill_env import SKILLS_DIR

MORTGAGE = load_planner(planner_file(SKILLS_DIR / "mortgage"), "mortgage_planner_phrasings")
ESTATE = load_planner(planner_file(SKILLS_DIR / "real_estate"), "real_estate_phrasings")
assert MORTGAGE is not None and ESTATE is not None
TOOLS = ["search_properties", "save_search_criteria", "mortgage_payment", "mortgage_affordability"]
HOME = {
    "zpid": "29392671",
    "address": "6904 Ponca St, Austin, TX 78741",
    "price": 389_000,
    "hoa_fee": 35,
    "tax_rate_percent": 1.98,
}
DETAIL = {"type": "detail", "items": [HOME]}
LISTINGS = {"type": "listings", "criteria": {"location": "78741"}, "items": [HOME, HOME]}


def _turn(text: str, earlier: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"text": text, "tools": TOOLS, "earlier": earlier or [], "preferences": {}}


def _payment(text: str, earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    plan = MORTGAGE.plan(_turn(text, earlier))
    if plan is None or not plan["calls"]:
        return None
    call = plan["calls"][0]
    assert call["name"] == "mortgage_payment", plan
    return dict(call["args"])


@pytest.mark.parametrize(
    "text",
    [
        "What would the monthly payment be?",
        "how much would I pay each month",
        "What are the payments like?",
        "How much are the property taxes?",
        "what are taxes on it",
        "Is there an HOA fee on top of that?",
        "hoa dues?",
        "Any homeowners association fees?",
    ],
)
def test_a_cost_question_after_a_detail_is_about_that_home(text: str) -> None:
    for earlier in (
        [DETAIL],
        [DETAIL, {"type": "mortgage", "kind": "payment", "rate_percent": 6.5}],
    ):
        args = _payment(text, earlier)
        assert args is not None, text
        assert args["price"] == HOME["price"] and args["label"] == HOME["address"]
        assert args["hoa_monthly"] == 35 and args["property_tax_rate_percent"] == 1.98


@pytest.mark.parametrize(
    "text",
    [
        "How much are the property taxes?",
        "What does HOA stand for?",
        "what's an HOA",
        "Show me homes without an HOA",
        "houses with low taxes in 78704",
    ],
)
def test_tax_and_hoa_words_name_no_home_without_a_detail_on_screen(text: str) -> None:
    """No detail shown, a list shown last, or a question about the word or other homes."""
    assert _payment(text, []) is None
    assert _payment(text, [DETAIL, LISTINGS]) is None
    if "taxes?" not in text:
        assert _payment(text, [DETAIL]) is None


def test_a_stated_price_wins_over_the_home_on_screen() -> None:
    args = _payment("What is the monthly payment on a $450,000 home?", [DETAIL])
    assert args is not None and args["price"] == 450_000


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("Monthly cost of a 450,000 dollar house, 20% down?", 450_000),
        ("mortgage on a 300000 dollar condo", 300_000),
        ("what's the payment on 525k bucks", 525_000),
    ],
)
def test_an_amount_in_dollars_words_is_a_price(text: str, price: int) -> None:
    args = _payment(text, [])
    assert args is not None and args["price"] == price


@pytest.mark.parametrize(
    "text",
    [
        "I can spend $3,000 a month on a mortgage. What price range does that put me in?",
        "3k per month, what price can I look at?",
        "With $2,500/month what can I buy?",
    ],
)
def test_a_monthly_budget_asks_what_it_affords(text: str) -> None:
    plan = MORTGAGE.plan(_turn(text))
    assert plan is not None and plan["calls"][0]["name"] == "mortgage_affordability", plan


@pytest.mark.parametrize(
    "text",
    [
        "I can spend $3,000 a month on a mortgage",
        "houses in Austin, I can pay 2,800 per month",
        "condo in 78704, $2,000/mo max",
    ],
)
def test_a_monthly_amount_is_never_a_home_price(text: str) -> None:
    plan = ESTATE.plan({"text": text, "tools": TOOLS, "earlier": [], "preferences": {}})
    calls = plan["calls"] if plan else []
    assert not [c for c in calls if c["name"] == "save_search_criteria"], calls
    for call in calls:
        assert "price_max" not in call["args"] and "price_min" not in call["args"], call


@pytest.mark.parametrize(
    "text",
    [
        "house in Austin, can't go over 500 grand",
        "3 bed in Austin, we cannot go above $500k",
        "Austin homes, I won't spend more than 500,000",
        "single family in Austin, don't want to pay over 500k",
    ],
)
def test_a_negated_floor_is_a_ceiling(text: str) -> None:
    plan = ESTATE.plan({"text": text, "tools": TOOLS, "earlier": [], "preferences": {}})
    assert plan is not None
    search = next(c for c in plan["calls"] if c["name"] == "search_properties")
    assert search["args"].get("price_max") == 500_000 and "price_min" not in search["args"]
