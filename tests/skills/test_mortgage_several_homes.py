"""The mortgage planner on payments asked for several shown homes in one message (phrasings
of our own): homes named by what they have most or least of, alone or beside a position, are
each estimated with the same terms."""

from __future__ import annotations

from tests.skills.mortgage_words import LISTINGS, planner, turn


def _prices(text: str) -> list[tuple[float, float]]:
    plan = planner.plan(turn(text, [LISTINGS]))
    assert plan is not None
    return [(c["args"]["price"], c["args"]["rate_percent"]) for c in plan["calls"]]


def test_two_homes_named_by_superlatives_are_each_estimated() -> None:
    said = "whats the monthly for the priciest at 7 pct, and for the cheapest as well"
    assert _prices(said) == [(480_000, 7.0), (350_000, 7.0)]


def test_a_superlative_beside_a_position_names_two_homes() -> None:
    assert _prices("payments on #2 and the cheapest one at 6%") == [(425_000, 6.0), (350_000, 6.0)]


def test_one_superlative_is_one_home() -> None:
    assert _prices("monthly on the most expensive one at 6.5%") == [(480_000, 6.5)]
