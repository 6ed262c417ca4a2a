"""The mortgage planner on payments said in people's own words (issue 45, eleventh session):
rates with fractions, down payments as shares or "nothing down", typos of "down", "month" and
"number", a rate without "%" after "rate", a what-if after filler words, a yearly income."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skills.test_mortgage_planner import LISTINGS, planner, turn

ESTIMATE = {
    "type": "mortgage",
    "kind": "payment",
    "price": 425_000,
    "label": "2 Elm St",
    "down_payment_percent": 20,
    "rate_percent": 6.5,
    "term_years": 30,
    "tax_rate_percent": 2.21,
    "estimates": ["insurance"],
    "monthly": {"total": 2200},
}


def _args(text: str, earlier: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    plan = planner.plan(turn(text, [LISTINGS] if earlier is None else earlier))
    assert plan is not None and len(plan["calls"]) == 1
    return dict(plan["calls"][0]["args"])


def _subset(args: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    return {key: args.get(key) for key in wanted}


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("monthly on a 610k townhome at five and a half", {"rate_percent": 5.5}),
        ("payment on 300k at 7 and a quarter percent", {"rate_percent": 7.25}),
        ("at eight and three quarters what's the monthly on 250k", {"rate_percent": 8.75}),
        ("monthly for 275k at 6.2% if we pay a tenth down", {"down_payment_percent": 10}),
        ("monthly for 275k, a quarter down, 6.2%", {"down_payment_percent": 25}),
        ("monthly for 275k at 6.2% with no money down", {"down_payment_percent": 0}),
        ("payment on 275k at 6.2%, no down payment", {"down_payment_percent": 0}),
    ],
)
def test_fractions_of_a_rate_and_shares_of_the_price_are_numbers(
    text: str, terms: dict[str, float]
) -> None:
    assert _subset(_args(text), terms) == terms


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("mortgage on #1, 5.8%, 10 dn", {"price": 350_000, "down_payment_percent": 10}),
        ("payment for num 3 at 6%", {"price": 480_000, "rate_percent": 6}),
        ("for nmber 2 monthly at 6% pls", {"price": 425_000, "rate_percent": 6}),
    ],
)
def test_down_and_number_misspelt_are_read(text: str, wanted: dict[str, float]) -> None:
    assert _subset(_args(text), wanted) == wanted


def test_a_month_misspelt_is_a_monthly_budget() -> None:
    assert _args("what can we afford on 2200 a mnth")["monthly_budget"] == 2200


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("mortgage on the third one, interest rate is 6, 20% down", 6),
        ("payment on the first one if the rate were 5.875 and 10% down", 5.875),
    ],
)
def test_a_rate_after_the_word_rate_needs_no_percent(text: str, rate: float) -> None:
    assert _args(text)["rate_percent"] == rate


def test_a_rate_after_the_word_rate_is_no_term_or_price() -> None:
    args = _args("monthly on 400k, rate 30 years fixed")
    assert args["term_years"] == 30 and args["rate_percent"] == 6.5  # the default, said so


@pytest.mark.parametrize(
    "text", ["so what if the rate went to 5", "hmm, what about a 5 percent rate instead"]
)
def test_what_if_after_filler_words_reuses_the_last_estimate(text: str) -> None:
    args = _args(text, [LISTINGS, ESTIMATE])
    assert _subset(args, {"price": 425_000, "rate_percent": 5, "down_payment_percent": 20}) == {
        "price": 425_000,
        "rate_percent": 5,
        "down_payment_percent": 20,
    }


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("my husband and I make 150k a year, how much home can we afford?", 3500),
        ("what price could I afford with a salary of 66,000", 1540),
        ("I earn 84000 dollars annually. What can I afford at 6%?", 1960),
    ],
)
def test_a_yearly_income_affords_with_28_percent_of_it_a_month(text: str, budget: int) -> None:
    assert _args(text)["monthly_budget"] == budget


def test_an_amount_earned_a_month_stays_the_monthly_budget() -> None:
    assert _args("we make 3k a month, what can we afford")["monthly_budget"] == 3000


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


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("monthly on 300k at 5 3/4 percent", {"rate_percent": 5.75}),
        ("monthly on 300k at seven point one two five", {"rate_percent": 7.125}),
        ("payment on 300k, 6.9 APR", {"rate_percent": 6.9}),
        ("monthly on 300k with a 15 percent deposit at 6%", {"down_payment_percent": 15}),
        ("payment on 300k, 10% downpayment, 7%", {"down_payment_percent": 10, "rate_percent": 7}),
        ("payment on 300k, down payment: 12%, rate 6", {"down_payment_percent": 12}),
        ("monthly on 300k if we have 45k saved up for the down payment", {"down_payment": 45_000}),
        ("monthly on 300k, a fifteen-year loan at 6%", {"term_years": 15}),
        ("payment on 300k, 20 fixed, 6%", {"term_years": 20}),
    ],
)
def test_rates_deposits_and_terms_said_otherwise(text: str, terms: dict[str, float]) -> None:
    args = _args(text)
    assert args["price"] == 300_000
    assert _subset(args, terms) == terms


@pytest.mark.parametrize(
    ("text", "price"),
    [("what's the payment on 515,000 at 6%", 515_000), ("monthly on 2.5 million at 6%", 2.5e6)],
)
def test_a_price_with_thousands_commas_or_in_millions(text: str, price: float) -> None:
    assert _args(text)["price"] == price


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


def test_a_payment_at_a_rate_is_no_monthly_limit() -> None:
    args = _args("what would the payment on the first one be at 6")
    assert args["price"] == 350_000 and "monthly_budget" not in args


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("and what if rates fall to 5.25", 5.25),
        ("so if the rate goes up to 8?", 8),
    ],
)
def test_a_rate_that_moves_reuses_the_last_estimate(text: str, rate: float) -> None:
    args = _args(text, [LISTINGS, ESTIMATE])
    assert args["price"] == 425_000 and args["rate_percent"] == rate


def test_a_rate_said_in_words_after_the_word_rate() -> None:
    args = _args("what can we afford with 2,600 a month if interest rates are about six")
    assert args == {"monthly_budget": 2600, "rate_percent": 6}


def test_an_amount_paid_at_the_start_is_a_down_payment_not_a_budget() -> None:
    plan = planner.plan(turn("what's the monthly on the third one if we pay $45,000 at closing"))
    assert plan is None  # no listings shown: nothing to price, and 45,000 is no budget
    args = _args("what's the monthly on the third one if we pay $45,000 at closing")
    assert args["price"] == 480_000 and args["down_payment"] == 45_000


def test_a_rate_before_the_word_rate_and_a_share_to_put_down() -> None:
    args = _args("monthly on the first with 12% to put down if we lock a 6.3 rate")
    assert _subset(args, {"price": 350_000, "down_payment_percent": 12, "rate_percent": 6.3}) == {
        "price": 350_000,
        "down_payment_percent": 12,
        "rate_percent": 6.3,
    }


def test_the_same_for_another_home_prices_it_with_the_last_terms() -> None:
    estimate = ESTIMATE | {"down_payment_percent": 10, "term_years": 15, "rate_percent": 6.1}
    args = _args("ditto for the first one", [LISTINGS, estimate])
    wanted = {"price": 350_000, "down_payment_percent": 10, "term_years": 15, "rate_percent": 6.1}
    assert _subset(args, wanted) == wanted


def test_financing_for_a_home_is_a_payment_question() -> None:
    assert _args("financing for #1 at 6%")["price"] == 350_000


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("mortgage on number one at six", 350_000),
        ("payment on option 2 at 6.1%", 425_000),
        ("monthly for the bottom listing at 6%", 480_000),
        ("monthly for the top house at 6%", 350_000),
    ],
)
def test_a_position_said_otherwise(text: str, price: float) -> None:
    assert _args(text)["price"] == price


@pytest.mark.parametrize(
    ("text", "rate"),
    [("payment on 390k at seven", 7), ("monthly on 390k at 8", 8), ("monthly on 390k at 40", 6.5)],
)
def test_a_whole_number_after_at_is_a_rate_up_to_20(text: str, rate: float) -> None:
    assert _args(text)["rate_percent"] == rate


@pytest.mark.parametrize(
    "text", ["monthly on 390k at 15 years", "monthly on 390k at 10 down", "payment on 390k at 3pm"]
)
def test_a_term_a_share_down_or_a_clock_after_at_is_no_rate(text: str) -> None:
    assert _args(text)["rate_percent"] == 6.5  # the default, said so
