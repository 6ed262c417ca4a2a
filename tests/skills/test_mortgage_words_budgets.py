"""The mortgage planner on what a budget affords, in people's own words (phrasings of our own and
the eval's paraphrases): a monthly budget said as "2800 month", "a mnth", "2.8k monthly" or "a
payment limit"; a yearly income affords with 28% of it a month, and the answer says so; a rate
in words after "interest rates are about"."""

from __future__ import annotations

import pytest

from tests.skills.mortgage_words import (
    LISTINGS,
    args_of,
    offered_turn,
    planner,
    turn,
)


@pytest.mark.parametrize(
    "text",
    [
        "I can spend $3,000 a month on a mortgage. What price range does that put me in?",
        "3k per month, what price can I look at?",
        "With $2,500/month what can I buy?",
    ],
)
def test_a_monthly_budget_asks_what_it_affords(text: str) -> None:
    plan = planner.plan(offered_turn(text))
    assert plan is not None and plan["calls"][0]["name"] == "mortgage_affordability", plan


def test_a_budget_said_as_an_amount_month_is_monthly() -> None:
    plan = planner.plan(turn("how much home for 2800 month", []))
    assert plan is not None
    assert plan["calls"][0]["name"] == "mortgage_affordability"
    assert plan["calls"][0]["args"]["monthly_budget"] == 2800


def test_a_month_misspelt_is_a_monthly_budget() -> None:
    assert args_of("what can we afford on 2200 a mnth")["monthly_budget"] == 2200


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("we'd like payments of about 2,400. what's the maximum purchase price", 2400),
        ("which home could we afford paying 2.8k monthly", 2800),
        ("what's the biggest price we can pay with $3,100 monthly", 3100),
        ("combined salary is $130k, what price should we target", 3033),
    ],
)
def test_affordability_said_by_a_payment_limit_or_an_income(text: str, budget: float) -> None:
    plan = planner.plan(turn(text, [LISTINGS]))
    assert plan is not None
    assert plan["calls"][0]["name"] == "mortgage_affordability"
    assert plan["calls"][0]["args"]["monthly_budget"] == budget


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("my husband and I make 150k a year, how much home can we afford?", 3500),
        ("what price could I afford with a salary of 66,000", 1540),
        ("I earn 84000 dollars annually. What can I afford at 6%?", 1960),
    ],
)
def test_a_yearly_income_affords_with_28_percent_of_it_a_month(text: str, budget: int) -> None:
    assert args_of(text)["monthly_budget"] == budget


def test_an_amount_earned_a_month_stays_the_monthly_budget() -> None:
    assert args_of("we make 3k a month, what can we afford")["monthly_budget"] == 3000


def test_the_answer_says_the_budget_was_taken_from_the_income() -> None:
    result = {
        "type": "mortgage",
        "kind": "affordability",
        "price": 480_000,
        "monthly_budget": 3500,
        "down_payment": 96_000,
        "down_payment_percent": 20,
        "rate_percent": 6.5,
        "term_years": 30,
        "monthly": {"principal_interest": 2427, "total": 3500},
    }
    outcomes = [{"tool": "mortgage_affordability", "ok": True, "result": result}]
    text = planner.answer(
        {"text": "we earn 150k a year, what can we afford at 6.5%", "outcomes": outcomes}
    )
    assert "I took 28% of your yearly income of $150,000 as the monthly housing budget" in text
    monthly = planner.answer({"text": "we can pay $3,500 a month at 6.5%", "outcomes": outcomes})
    assert "income" not in monthly


def test_a_rate_said_in_words_after_the_word_rate() -> None:
    args = args_of("what can we afford with 2,600 a month if interest rates are about six")
    assert args == {"monthly_budget": 2600, "rate_percent": 6}


def test_a_budget_made_ours_after_make_is_no_yearly_income() -> None:
    assert planner.plan(turn("make 440 my budget")) is None


def test_a_monthly_budget_said_before_its_amount_is_the_budget() -> None:
    for said in [
        "our monthly limit is 2,600 - what homes can we afford",
        "monthly max of 2.6k, price range?",
    ]:
        plan = planner.plan(turn(said))
        assert plan is not None, said
        assert [(c["name"], c["args"]["monthly_budget"]) for c in plan["calls"]] == [
            ("mortgage_affordability", 2600)
        ], said


def test_half_a_million_is_a_price() -> None:
    plan = planner.plan(turn("monthly payment on half a million at 6%"))
    assert plan is not None and plan["calls"][0]["args"]["price"] == 500_000


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("what can we buy on a 90k salary", 2100),
        ("with 150k household income how much home is realistic", 3500),
    ],
)
def test_an_amount_named_an_income_after_it_affords_with_its_share(text: str, budget: int) -> None:
    assert args_of(text)["monthly_budget"] == budget


def test_a_price_asked_monthly_is_a_payment_not_a_budget() -> None:
    plan = planner.plan(turn("at 6.5% what's 410k monthly", []))
    assert plan is not None and plan["calls"][0]["name"] == "mortgage_payment"
    assert plan["calls"][0]["args"]["price"] == 410_000


def test_a_rate_said_as_how_rates_seem_is_the_rate() -> None:
    args = args_of("rates seem to be near 7.2 these days, monthly on 390k?", [])
    assert args["rate_percent"] == 7.2


# Twenty-third session (understand42): a home budget made ours is no income.


@pytest.mark.parametrize(
    "text", ["make 380k our budget going forward", "can you make $410,000 the max from now on"]
)
def test_an_amount_made_the_budget_is_no_income_to_afford_with(text: str) -> None:
    assert planner.plan(turn(text, [LISTINGS])) is None
