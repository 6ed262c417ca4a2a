"""The mortgage planner on follow-ups, in people's own words (phrasings of our own and the eval's
paraphrases, bench/llm_eval/paraphrases.py): a what-if after filler words or courtesy, a rate
that moves, or "ditto for the first one" reuses the last estimate; a payment, tax or HOA
question after a home's detail is about that home, while one about the word, other homes or
with a list shown last names none, and a stated price wins; whether the open home has an HOA
or its tax rate is no payment."""

from __future__ import annotations

from typing import Any

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

HOME = {
    "zpid": "29392671",
    "address": "6904 Ponca St, Austin, TX 78741",
    "price": 389_000,
    "hoa_fee": 35,
    "tax_rate_percent": 1.98,
}
DETAIL = {"type": "detail", "items": [HOME]}
LISTED = {"type": "listings", "criteria": {"location": "78741"}, "items": [HOME, HOME]}
OPEN_HOME = {"zpid": "77", "address": "7 Elm St, Austin, TX 78745", "price": 400_000}


@pytest.mark.parametrize(
    "text", ["so what if the rate went to 5", "hmm, what about a 5 percent rate instead"]
)
def test_what_if_after_filler_words_reuses_the_last_estimate(text: str) -> None:
    args = args_of(text, [LISTINGS, ESTIMATE])
    assert subset(args, {"price": 425_000, "rate_percent": 5, "down_payment_percent": 20}) == {
        "price": 425_000,
        "rate_percent": 5,
        "down_payment_percent": 20,
    }


def test_a_follow_up_wrapped_in_courtesy_changes_the_last_estimate() -> None:
    for text, changed in [
        ("good evening! and 5.9 percent then? ta", {"rate_percent": 5.9}),
        ("thanks so much. and over 20 yrs?", {"term_years": 20}),
        ("cool thx, what if 15 percent down", {"down_payment_percent": 15}),
    ]:
        args = args_of(text, [ESTIMATE])
        assert args["price"] == 425_000, text
        assert {k: args[k] for k in changed} == changed, text


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("and what if rates fall to 5.25", 5.25),
        ("so if the rate goes up to 8?", 8),
    ],
)
def test_a_rate_that_moves_reuses_the_last_estimate(text: str, rate: float) -> None:
    args = args_of(text, [LISTINGS, ESTIMATE])
    assert args["price"] == 425_000 and args["rate_percent"] == rate


def test_the_same_for_another_home_prices_it_with_the_last_terms() -> None:
    estimate = ESTIMATE | {"down_payment_percent": 10, "term_years": 15, "rate_percent": 6.1}
    args = args_of("ditto for the first one", [LISTINGS, estimate])
    wanted = {"price": 350_000, "down_payment_percent": 10, "term_years": 15, "rate_percent": 6.1}
    assert subset(args, wanted) == wanted


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
        args = payment_of(text, earlier)
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
    assert payment_of(text, []) is None
    assert payment_of(text, [DETAIL, LISTED]) is None
    if "taxes?" not in text:
        assert payment_of(text, [DETAIL]) is None


def test_a_stated_price_wins_over_the_home_on_screen() -> None:
    args = payment_of("What is the monthly payment on a $450,000 home?", [DETAIL])
    assert args is not None and args["price"] == 450_000


def _mortgage_plan(text: str) -> Any:
    turn = {
        "text": text,
        "tools": ["mortgage_payment", "mortgage_affordability"],
        "earlier": [{"type": "detail", "items": [OPEN_HOME]}],
        "preferences": {},
    }
    return planner.plan(turn)


def test_whether_the_open_home_has_an_hoa_or_its_tax_rate_is_no_payment() -> None:
    for said in ["does this place have an hoa", "tax rate here?", "what is the hoa for it"]:
        assert _mortgage_plan(said) is None, said
    for said in ["how much is the hoa fee a month", "what would the taxes run me"]:
        assert _mortgage_plan(said)["calls"][0]["name"] == "mortgage_payment", said


def test_a_home_opened_by_its_bare_number_is_the_one_whose_payment_is_asked() -> None:
    said = "pull up 2 and after that work out the mortgage at 7"
    assert subset(args_of(said), {"price": 0, "rate_percent": 0}) == {
        "price": 425_000,
        "rate_percent": 7,
    }
    assert args_of("look at 3 bedroom ones, what's the monthly on 500k")["price"] == 500_000


def test_the_newest_or_oldest_home_shown_is_the_one_whose_payment_is_asked() -> None:
    built = [
        {**home, "year_built": year}
        for home, year in zip(LISTINGS["items"], (1998, 2021, 1975), strict=True)
    ]
    shown = [{"type": "listings", "items": built}]
    assert args_of("open the newest and figure the monthly at 6%", shown)["price"] == 425_000
    assert args_of("whats the monthly on the oldest one", shown)["price"] == 480_000


def test_a_shown_home_named_by_its_street_is_the_one_whose_payment_is_asked() -> None:
    assert args_of("what's the monthly on 2 Elm St at 6%")["price"] == 425_000
    assert args_of("ballpark the mortgage for 3 ash street please")["price"] == 480_000
    shown_both = planner.plan(
        {"text": "payments on 1 Oak St and 3 Ash St", "tools": ["mortgage_payment"],
         "earlier": [LISTINGS], "preferences": {}}
    )  # fmt: skip
    assert [c["args"]["price"] for c in shown_both["calls"]] == [350_000, 480_000]
    assert args_of("what would I pay monthly for 6904 Ponca", [DETAIL])["price"] == 389_000


@pytest.mark.parametrize(
    ("said", "wanted"),
    [
        ("make it 5.8", {"rate_percent": 5.8}),
        ("could you rerun it with 12% down", {"down_payment_percent": 12}),
        ("bump the rate to 7.4", {"rate_percent": 7.4}),
        ("go with a 25 year term", {"term_years": 25}),
        ("drop the down payment to 8 percent", {"down_payment_percent": 8, "rate_percent": 6.5}),
    ],
)
def test_a_change_of_the_last_estimates_terms_said_as_a_verb(
    said: str, wanted: dict[str, float]
) -> None:
    args = args_of(said, [LISTINGS, ESTIMATE])
    assert subset(args, {"price": 0, **wanted}) == {"price": 425_000, **wanted}, said


def test_a_down_payment_said_of_the_open_or_a_named_home_asks_its_payment() -> None:
    for said in ["and if we put 40k down?", "suppose we did 15% down"]:
        args = payment_of(said, [DETAIL])
        assert args is not None and args["price"] == HOME["price"], said
    args = payment_of("25 percent down on the third one", [LISTINGS])
    assert args is not None and args["price"] == 480_000
    assert payment_of("we have 40k saved for the down payment", []) is None


@pytest.mark.parametrize(
    "said",
    ["fill me in about 2 and what would it run per month", "more on 2, and whats it a month"],
)
def test_a_home_asked_about_by_its_bare_number_is_the_one_whose_payment_is_asked(
    said: str,
) -> None:
    assert args_of(said)["price"] == 425_000


def test_a_count_asked_about_is_no_home() -> None:
    assert args_of("tell me about 3 bedroom homes, whats the monthly on 500k")["price"] == 500_000


def test_a_share_down_with_decimals_and_no_percent_sign_is_that_share() -> None:
    for said, share in [("and with just 3.5 down", 3.5), ("try 12.5 down instead", 12.5)]:
        args = payment_of(said, [DETAIL])
        assert args is not None and args["down_payment_percent"] == share, said


@pytest.mark.parametrize(
    "said",
    ["and if they'd take 399k?", "suppose it was priced at $380,000", "what if we paid 400k"],
)
def test_a_price_said_as_a_what_if_after_an_estimate_is_that_estimate_at_that_price(
    said: str,
) -> None:
    args = args_of(said, [LISTINGS, ESTIMATE])
    assert subset(args, {"price": 0, "down_payment_percent": 0, "rate_percent": 0}) == {
        "price": args["price"],
        "down_payment_percent": 20,
        "rate_percent": 6.5,
    }
    assert args["price"] in (399_000, 380_000, 400_000), said


@pytest.mark.parametrize("said", ["lower the down payment to 12", "down payment at 25 then"])
def test_a_down_payment_said_as_a_bare_number_is_a_share_of_the_price(said: str) -> None:
    assert args_of(said, [LISTINGS, ESTIMATE])["down_payment_percent"] in (12, 25), said


@pytest.mark.parametrize(
    "said", ["what if we put in an offer of 370k", "say we bid $365,000 on it", "if we offer 360k?"]
)
def test_an_offer_supposed_on_the_open_home_is_its_payment_at_that_price(said: str) -> None:
    args = args_of(said, [LISTINGS, DETAIL])
    assert args["price"] in (370_000, 365_000, 360_000), said
    assert args["property_tax_rate_percent"] == 1.98 and args["hoa_monthly"] == 35, said


@pytest.mark.parametrize(
    ("said", "changed"),
    [
        ("and how much is it if the rate is 5.9?", {"rate_percent": 5.9}),
        ("please do the calcul again with 20 years", {"term_years": 20}),
    ],
)
def test_a_learners_what_if_after_an_estimate_changes_that_estimate(
    said: str, changed: dict[str, Any]
) -> None:
    args = args_of(said, [LISTINGS, ESTIMATE])
    assert args["price"] == 425_000 and subset(args, changed) == changed, said


def test_the_same_calculation_for_another_home_takes_the_last_terms() -> None:
    args = args_of("for the third one the same calculation", [LISTINGS, ESTIMATE])
    assert (args["price"], args["down_payment_percent"]) == (480_000, 20)


@pytest.mark.parametrize(
    "said", ["the payment seems way too high, find me cheaper homes", "that monthly is a lot"]
)
def test_an_estimate_judged_asks_no_estimate(said: str) -> None:
    assert planner.plan(turn(said, [LISTINGS, DETAIL, ESTIMATE])) is None, said


def test_a_learners_hundreds_of_mil_are_thousands() -> None:
    assert args_of("monthly payment on a 320 mil house", [])["price"] == 320_000
