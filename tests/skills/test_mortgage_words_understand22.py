"""The mortgage planner on the fifteenth session's ways of saying a wish (phrasings of our own,
in no corpus): a follow-up to an estimate wrapped in courtesy or said without "at" ("evening!
and 5.9 percent then? ta"), a monthly budget said as "2800 month", and a rate said as "five
and half percent"."""

from __future__ import annotations

from typing import Any

from tests.skills.test_mortgage_own_words import ESTIMATE
from tests.skills.test_mortgage_planner import planner, turn


def _args(text: str, earlier: list[dict[str, Any]]) -> dict[str, Any]:
    plan = planner.plan(turn(text, earlier))
    assert plan is not None and len(plan["calls"]) == 1, (text, plan)
    return dict(plan["calls"][0]["args"])


def test_a_follow_up_wrapped_in_courtesy_changes_the_last_estimate() -> None:
    for text, changed in [
        ("good evening! and 5.9 percent then? ta", {"rate_percent": 5.9}),
        ("thanks so much. and over 20 yrs?", {"term_years": 20}),
        ("cool thx, what if 15 percent down", {"down_payment_percent": 15}),
    ]:
        args = _args(text, [ESTIMATE])
        assert args["price"] == 425_000, text
        assert {k: args[k] for k in changed} == changed, text


def test_a_budget_said_as_an_amount_month_is_monthly() -> None:
    plan = planner.plan(turn("how much home for 2800 month", []))
    assert plan is not None
    assert plan["calls"][0]["name"] == "mortgage_affordability"
    assert plan["calls"][0]["args"]["monthly_budget"] == 2800


def test_a_rate_said_as_and_half_has_its_half() -> None:
    args = _args("payment on a 310k condo at five and half percent", [])
    assert args["rate_percent"] == 5.5
