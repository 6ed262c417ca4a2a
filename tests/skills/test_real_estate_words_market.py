"""The real_estate planner on the market's recent moves, in people's own words (phrasings of our
own, in no corpus): homes "new to market", that "went on sale", "popped up" or "just came on"
were listed lately, over "the past couple of weeks" (14 days) or "72 hours" (3); prices
"slashed", "made lower", "marked down" or lower "since last month" dropped; a length said after
a vaguer time counts; shown homes that dropped in price refine the search on screen."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    ELM_STREET_SEARCH,
    IN_VIEW,
    ON_ELM_STREET,
    ON_SCREEN,
    calls,
    details,
    module,
    searched,
)

parse = module("parse").parse
KEPT_SECOND = {**ON_SCREEN, "preferences": {"home_902": "saved"}}


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("condos new to market in 78704 this week", 7),
        ("homes that hit market in 78745 in the past 2 days", 2),
        ("anything listd in 78745 this month", 30),
    ],
)
def test_new_listings_said_without_the_or_misspelled(text: str, days: int) -> None:
    assert calls(text)[0][1]["days_on_market_max"] == days


@pytest.mark.parametrize(
    ("text", "criterion", "days"),
    [
        ("condos that are new today in 78704", "days_on_market_max", 1),
        ("houses that just hit the market in Manor", "days_on_market_max", 7),
        ("condos that just came on in 78704 in the past 2 days", "days_on_market_max", 2),
        ("homes posted in the last 3 days in 78745", "days_on_market_max", 3),
        ("homes listed in the past 72 hours in Austin", "days_on_market_max", 3),
        ("any markdowns on condos in 78704", "price_dropped_within_days", 30),
    ],
)
def test_market_words_said_otherwise(text: str, criterion: str, days: int) -> None:
    assert calls(text)[0][1][criterion] == days


def test_homes_that_went_on_sale_or_popped_up_lately_were_listed_lately() -> None:
    assert (
        searched("which homes went on sale in 78702 in the last 4 days")["days_on_market_max"] == 4
    )
    assert searched("did anything pop up in manor over the past week")["days_on_market_max"] == 7
    assert searched("pflugerville listings from the last 2 weeks")["days_on_market_max"] == 14


def test_a_couple_of_weeks_and_a_few_days_are_counted() -> None:
    drops = searched("anything in 78704 get cheaper over the last couple weeks")
    assert drops["price_dropped_within_days"] == 14
    assert searched("listed in pflugerville in the past few days")["days_on_market_max"] == 3


def test_a_price_made_lower_dropped_and_new_in_the_market_was_listed() -> None:
    assert (
        searched("in Manor, where did sellers make the price lower?")["price_dropped_within_days"]
        == 30
    )
    assert (
        searched("what came new in the market in 78748 the last 10 days")["days_on_market_max"]
        == 10
    )


def test_a_price_slashed_is_a_drop_and_the_length_said_after_a_vaguer_time_counts() -> None:
    found = calls("any condos in 78704 that had their price slashed lately, say the last 10 days")
    assert found == [
        (
            "search_properties",
            {"location": "78704", "property_type": "condo", "price_dropped_within_days": 10},
        )
    ]


def test_homes_with_a_lower_price_since_a_time_dropped() -> None:
    found = searched("condos in 78704 that have a lower price since last month")
    assert found["price_dropped_within_days"] == 30


def test_shown_homes_that_drop_in_price_are_a_refinement() -> None:
    found = calls("did any of these drop in price lately", **ON_ELM_STREET)
    assert found == [("search_properties", {**ELM_STREET_SEARCH, "price_dropped_within_days": 30})]


# Moved from the sixteenth session's files


def test_a_price_cut_in_a_learners_words_is_a_drop() -> None:
    assert parse("which ones reduce price in the last 5 days").criteria == {
        "price_dropped_within_days": 5
    }
    assert "price_dropped_within_days" not in parse("drop the price limit").criteria


def test_the_price_dropped_to_an_amount_is_a_lower_cap_no_price_cut() -> None:
    found = searched("drop the price to 380k", **ON_ELM_STREET)
    assert found["price_max"] == 380_000 and "price_dropped_within_days" not in found


def test_the_market_around_the_open_home_is_searched_in_its_zip() -> None:
    assert searched("how is the market looking near this house", **IN_VIEW)["location"] == "78745"
    found = searched("any homes that came on close by this month?", **IN_VIEW)
    assert found["location"] == "78745" and found["days_on_market_max"] == 30
    found = searched("price reductions in this neighborhood lately", **IN_VIEW)
    assert found["location"] == "78745" and "price_dropped_within_days" in found
    assert calls("has it been on the market a while", **IN_VIEW) == details("904")
    assert calls("what's the neighborhood like around it", **IN_VIEW) == details("904")


def test_how_fast_homes_sell_near_the_open_one_searches_its_zip() -> None:
    assert searched("how quickly do places sell around this one?", **IN_VIEW)["location"] == "78745"
    assert searched("has much sold in this area lately", **IN_VIEW)["location"] == "78745"


@pytest.mark.parametrize(
    "said",
    [
        "how is the market here, prices going up?",
        "prices around this neighborhood going down or what",
        "is it a sellers market there?",
        "are bidding wars common around here",
        "what's the trend near this one",
    ],
)
def test_the_market_asked_about_where_the_open_home_is_searches_its_zip(said: str) -> None:
    assert searched(said, **IN_VIEW)["location"] == "78745"


def test_since_when_a_home_is_for_sale_is_its_past_not_a_watch() -> None:
    assert calls("since when is this house for sell", **IN_VIEW) == details("904")


@pytest.mark.parametrize(
    ("said", "days"),
    [
        ("which homes price went down since three weeks", 21),
        ("houses reduced within 10 days in 78745", 10),
        ("price dropped from one month in 78745", 30),
        ("anything marked down over the past fortnight in 78745", 14),
    ],
)
def test_a_drop_within_a_time_said_as_a_learner_says_it_counts_those_days(
    said: str, days: int
) -> None:
    assert searched(said)["price_dropped_within_days"] == days


def test_the_market_of_this_area_with_no_home_open_is_the_market_searched() -> None:
    on_screen = {**ON_ELM_STREET, "last_criteria": {"location": "78704"}}
    assert searched("are prices falling in this area?", **on_screen)["location"] == "78704"


@pytest.mark.parametrize(
    "text",
    [
        "did the asking on the 2nd ever drop",
        "has number 2 dropped at all",
        "will the second one drop?",
        "so did #2 drop yet",
    ],
)
def test_asking_whether_a_home_dropped_opens_it_and_removes_nothing(text: str) -> None:
    assert calls(text, **KEPT_SECOND) == details("902")


def test_dropping_a_saved_home_still_removes_it() -> None:
    assert calls("drop the 2nd", **KEPT_SECOND) == [("remove_saved_home", {"zpid": "902"})]
