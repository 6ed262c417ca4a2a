"""The mortgage planner on loan terms said in people's own words (phrasings of our own, in no
corpus): rates with fractions or in words ("five and a half", "7 and a quarter", "5 3/4"), after
"rate" without "%", or as what "rates are around"; down payments as shares, "nothing down" or an
amount paid at closing; terms ("20 fixed"); prices with commas, in millions or "dollars" words;
a whole number after "at" a rate only up to 20; "down", "number" and "monthly" misspelt; a home
named by its position."""

from __future__ import annotations

import importlib

import pytest

from tests.skills.mortgage_words import (
    ESTIMATE,
    LISTINGS,
    args_of,
    payment_of,
    planner,
    subset,
    turn,
)

stated_terms = importlib.import_module(f"{planner.__name__}.terms").stated_terms


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
    assert subset(args_of(text), terms) == terms


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
    args = args_of(text)
    assert args["price"] == 300_000
    assert subset(args, terms) == terms


def test_a_rate_said_as_and_half_has_its_half() -> None:
    args = args_of("payment on a 310k condo at five and half percent", [])
    assert args["rate_percent"] == 5.5


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("mortgage on the third one, interest rate is 6, 20% down", 6),
        ("payment on the first one if the rate were 5.875 and 10% down", 5.875),
    ],
)
def test_a_rate_after_the_word_rate_needs_no_percent(text: str, rate: float) -> None:
    assert args_of(text)["rate_percent"] == rate


def test_a_rate_after_the_word_rate_is_no_term_or_price() -> None:
    args = args_of("monthly on 400k, rate 30 years fixed")
    assert args["term_years"] == 30 and args["rate_percent"] == 6.5  # the default, said so


def test_a_rate_before_the_word_rate_and_a_share_to_put_down() -> None:
    args = args_of("monthly on the first with 12% to put down if we lock a 6.3 rate")
    assert subset(args, {"price": 350_000, "down_payment_percent": 12, "rate_percent": 6.3}) == {
        "price": 350_000,
        "down_payment_percent": 12,
        "rate_percent": 6.3,
    }


def test_a_rate_said_as_what_rates_are_around_is_the_rate() -> None:
    assert stated_terms("my broker says rates are about 6.9 these days") == {"rate_percent": 6.9}


@pytest.mark.parametrize(
    ("text", "rate"),
    [("payment on 390k at seven", 7), ("monthly on 390k at 8", 8), ("monthly on 390k at 40", 6.5)],
)
def test_a_whole_number_after_at_is_a_rate_up_to_20(text: str, rate: float) -> None:
    assert args_of(text)["rate_percent"] == rate


@pytest.mark.parametrize(
    "text", ["monthly on 390k at 15 years", "monthly on 390k at 10 down", "payment on 390k at 3pm"]
)
def test_a_term_a_share_down_or_a_clock_after_at_is_no_rate(text: str) -> None:
    assert args_of(text)["rate_percent"] == 6.5  # the default, said so


def test_a_payment_at_a_rate_is_no_monthly_limit() -> None:
    args = args_of("what would the payment on the first one be at 6")
    assert args["price"] == 350_000 and "monthly_budget" not in args


def test_an_amount_paid_at_the_start_is_a_down_payment_not_a_budget() -> None:
    plan = planner.plan(turn("what's the monthly on the third one if we pay $45,000 at closing"))
    assert plan is None  # no listings shown: nothing to price, and 45,000 is no budget
    args = args_of("what's the monthly on the third one if we pay $45,000 at closing")
    assert args["price"] == 480_000 and args["down_payment"] == 45_000


@pytest.mark.parametrize(
    ("text", "price"),
    [("what's the payment on 515,000 at 6%", 515_000), ("monthly on 2.5 million at 6%", 2.5e6)],
)
def test_a_price_with_thousands_commas_or_in_millions(text: str, price: float) -> None:
    assert args_of(text)["price"] == price


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("Monthly cost of a 450,000 dollar house, 20% down?", 450_000),
        ("mortgage on a 300000 dollar condo", 300_000),
        ("what's the payment on 525k bucks", 525_000),
    ],
)
def test_an_amount_in_dollars_words_is_a_price(text: str, price: int) -> None:
    args = payment_of(text, [])
    assert args is not None and args["price"] == price


def test_a_price_before_a_comma_is_the_home_price() -> None:
    asked = {"text": "monthly on 385000, 10% down, 6%", "timezone": "UTC", "earlier": []}
    asked["tools"] = ["mortgage_payment", "mortgage_affordability"]
    planned = planner.plan(asked)
    assert planned is not None and planned["calls"], planned
    assert planned["calls"][0]["args"]["price"] == 385_000


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("mortgage on #1, 5.8%, 10 dn", {"price": 350_000, "down_payment_percent": 10}),
        ("payment for num 3 at 6%", {"price": 480_000, "rate_percent": 6}),
        ("for nmber 2 monthly at 6% pls", {"price": 425_000, "rate_percent": 6}),
    ],
)
def test_down_and_number_misspelt_are_read(text: str, wanted: dict[str, float]) -> None:
    assert subset(args_of(text), wanted) == wanted


@pytest.mark.parametrize("text", ["monthy on 390000 with 10% down at 6.5%", "mothly on 390000"])
def test_monthly_misspelt_without_a_letter_is_a_payment(text: str) -> None:
    asked = {"text": text, "timezone": "UTC", "earlier": []}
    asked["tools"] = ["mortgage_payment", "mortgage_affordability"]
    planned = planner.plan(asked)
    assert planned is not None and planned["calls"], planned
    assert planned["calls"][0]["name"] == "mortgage_payment"
    assert planned["calls"][0]["args"]["price"] == 390_000


def test_financing_for_a_home_is_a_payment_question() -> None:
    assert args_of("financing for #1 at 6%")["price"] == 350_000


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
    assert args_of(text)["price"] == price


@pytest.mark.parametrize(
    "text",
    [
        "monthly on 310k with a 95 hoa",
        "payment for 310k, 95 monthly hoa",
        "310k, hoa is 95 a month",
    ],
)
def test_an_hoa_fee_said_before_hoa_or_a_month_is_the_fee_not_a_budget(text: str) -> None:
    plan = planner.plan(turn(text))
    assert plan is not None and [c["name"] for c in plan["calls"]] == ["mortgage_payment"], text
    assert subset(plan["calls"][0]["args"], {"price": 0, "hoa_monthly": 0}) == {
        "price": 310_000,
        "hoa_monthly": 95,
    }


def test_a_rate_said_first_after_an_estimate_is_a_what_if() -> None:
    for said in ["interest rate 7.2 then?", "the rate at seven and a half, how's that look"]:
        args = args_of(said, [LISTINGS, ESTIMATE])
        assert subset(args, {"price": 0, "rate_percent": 0}) == {
            "price": 425_000,
            "rate_percent": 7.2 if "7.2" in said else 7.5,
        }, said


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("what's the monthly on 520k at 7,25%", 7.25),
        ("payment for 310000, 5,9 percent", 5.9),
        ("run the numbers: 415k, 10% down, 6.85", 6.85),
    ],
)
def test_a_rate_with_a_decimal_comma_or_said_last_without_percent(text: str, rate: float) -> None:
    assert args_of(text, [])["rate_percent"] == rate


def test_a_price_with_thousands_commas_is_no_rate() -> None:
    assert subset(args_of("payment on 1,250,000 at 7%", []), {"price": 0, "rate_percent": 0}) == {
        "price": 1_250_000,
        "rate_percent": 7,
    }


def test_a_rate_dictated_in_digits_with_point() -> None:
    assert args_of("monthly on 390k at 7 point 25 percent", [])["rate_percent"] == 7.25
    assert args_of("what's the payment on 310k at 5 point 9", [])["rate_percent"] == 5.9


@pytest.mark.parametrize(
    ("text", "price"),
    [
        ("what's the payment on three twenty five, 10% down", 325_000),
        ("monthly for a place of five ninety with fifteen percent down", 590_000),
        ("mortgage on two seventy five thousand at 6%", 275_000),
    ],
)
def test_a_price_dictated_short_is_hundreds_of_thousands(text: str, price: int) -> None:
    args = payment_of(text, [])
    assert args is not None and args["price"] == price


def test_a_rate_dictated_after_at_is_no_price() -> None:
    args = payment_of("payment on 400k at six and a half percent", [])
    assert args is not None and args["price"] == 400_000 and args["rate_percent"] == 6.5


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("rates are running 6.9 these days, payment on 300k", 6.9),
        ("the rate is stuck near 7 so whats 350k a month", 7),
        ("400k, rates hanging around 6.25, monthly?", 6.25),
        ("interest is sitting around 5.875 for us, what's 280k a month", 5.875),
    ],
)
def test_a_rate_said_as_where_rates_sit_or_run_is_the_rate(text: str, rate: float) -> None:
    assert stated_terms(text)["rate_percent"] == rate


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("payment on 300k, rate 6 7/8, 10% down", 6.875),
        ("monthly on 300k at 5 3/8 percent", 5.375),
        ("whats 300k a month at seven and quarter percent", 7.25),
        ("monthly on 300k at 6 and five eighths", 6.625),
        ("payment on 300k at 6⅛%", 6.125),
    ],
)
def test_a_rate_in_eighths_or_without_its_article_has_its_fraction(text: str, rate: float) -> None:
    """Lenders quote rates to the eighth ("6 7/8"); "seven and quarter" drops its article."""
    assert args_of(text)["rate_percent"] == rate
