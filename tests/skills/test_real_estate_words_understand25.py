"""The home-search planner on the sixteenth session's ways of saying a wish (phrasings of our
own, in no corpus): with a home open, its neighbourhood, area or schools asked about opens its
details, whatever intent (a greeting, fair housing, a visit) the few words are near; a town
around Austin is kept as the area when asked; "from now" starting a wish, "as our preference"
and "for every search" ask to keep it; a place said to be the area now changes a remembered
one; a kind of home judged in a later clause ("condos are too noisy") is no wish; "can't pay
more of" is a budget; "no less than", "minimum price" are a floor, "from 250 until 375" and
"between 250 and 375" a range in thousands; "tree bedroom", "for bedrooms" and "bedrooms
minimum 3" are counts of bedrooms."""

from __future__ import annotations

import importlib
from typing import Any

from tests.skills.real_estate_words import AUSTIN_HOUSE, IN_VIEW, ON_SCREEN, PACKAGE, calls

parse = importlib.import_module(f"{PACKAGE.__name__}.parse").parse
REMEMBERED = {"preferences": AUSTIN_HOUSE}


def _details(zpid: str) -> list[tuple[str, dict[str, Any]]]:
    return [("get_property_details", {"zpid": zpid})]


def _kept(key: str, value: str) -> list[tuple[str, dict[str, Any]]]:
    args = {"entry_type": "PREFERENCE", "key": key, "value": value}
    return [("save_search_criteria", args)]


def test_the_open_homes_place_asked_about_opens_its_details() -> None:
    for said in [
        "how's the neighbourhood around it?",
        "is the area any good",
        "what are the schools like",
        "and how far away is downtown",
        "which area is it in",
    ]:
        assert calls(said, **IN_VIEW) == _details("904"), said


def test_the_open_homes_place_is_its_details_whatever_intent_it_is_near() -> None:
    for intent in ["fair_housing", "greeting", "request_tour", "similar_homes"]:
        for said in ["hows the area", "is it safe around there"]:
            got = calls(said, intents=[(intent, 0.7)], **IN_VIEW)
            assert got == _details("904"), (intent, said)


def test_other_homes_in_another_area_are_still_a_search() -> None:
    found = calls("show me houses in a quieter area", **IN_VIEW)
    assert [name for name, _ in found] == ["search_properties"]


def test_a_town_around_austin_is_kept_as_the_area_when_asked() -> None:
    assert calls("we've settled on georgetown from now on") == _kept("location", "Georgetown")
    assert calls("please remember we want to live in hutto") == _kept("location", "Hutto")


def test_from_now_starting_a_wish_or_said_of_every_search_asks_to_keep_it() -> None:
    assert calls("from now we want only townhouses") == _kept("property_type", "townhouse")
    assert calls("put 3 bedrooms as our preference") == _kept("beds_min", "3")
    assert calls("for every search 2 bathrooms at least") == _kept("baths_min", "2")


def test_a_place_said_to_be_the_area_now_changes_the_remembered_one() -> None:
    assert calls("the town is manor now", **REMEMBERED) == _kept("location", "Manor")
    assert calls("ok zip code is now 78748", **REMEMBERED) == _kept("location", "78748")


def test_a_kind_of_home_judged_in_a_later_clause_is_no_wish() -> None:
    said = "going forward just townhomes please, condos are too noisy"
    assert calls(said) == _kept("property_type", "townhouse")


def test_cannot_pay_more_of_is_a_budget() -> None:
    assert calls("we cannot pay more of 390k") == _kept("budget_max", "$390,000")


def test_a_floor_said_with_no_less_or_minimum_price() -> None:
    assert parse("condos no less than 250k").criteria["price_min"] == 250_000
    assert parse("minimum price 275k pls").criteria == {"price_min": 275_000}
    assert "price_max" not in parse("houses not under 300k").criteria


def test_a_range_until_or_between_bare_hundreds_is_in_thousands() -> None:
    for said in ["from 250 until 375", "houses from 250k till 375k", "between 250 and 375"]:
        criteria = parse(said).criteria
        assert (criteria["price_min"], criteria["price_max"]) == (250_000, 375_000), said


def test_bedrooms_written_as_they_sound_or_with_minimum_after() -> None:
    assert parse("a tree bedroom condo").criteria["beds_min"] == 3
    assert parse("need for bedrooms in buda").criteria["beds_min"] == 4
    assert parse("bedrooms minimum 3").criteria["beds_min"] == 3
    assert "beds_min" not in parse("a home for bed and breakfast guests").criteria


def test_refining_with_a_learners_range_keeps_the_rest() -> None:
    found = calls("from 250 until 375 please", **ON_SCREEN)
    assert found[0][1]["location"] == "78745"
    assert (found[0][1]["price_min"], found[0][1]["price_max"]) == (250_000, 375_000)


def test_a_ceiling_in_a_learners_words() -> None:
    assert parse("condo not more expensive of 320k").criteria == {
        "price_max": 320_000,
        "property_type": "condo",
    }
    assert parse("townhouse in buda, price until 380").criteria["price_max"] == 380_000
    assert parse("under 3 hundred thousand").criteria == {"price_max": 300_000}
    assert parse("apartment under 275.000 please").criteria["price_max"] == 275_000


def test_a_price_cut_in_a_learners_words_is_a_drop() -> None:
    assert parse("which ones reduce price in the last 5 days").criteria == {
        "price_dropped_within_days": 5
    }
    assert "price_dropped_within_days" not in parse("drop the price limit").criteria


def test_a_place_said_as_where_we_live_or_now_is_kept() -> None:
    found = calls("Leander is where we would like to live")
    assert found[0] == _kept("location", "Leander")[0]
    assert calls("not manor anymore, now austin", **REMEMBERED) == _kept("location", "Austin")


def test_its_cost_or_flood_zone_asked_of_the_open_home_opens_its_details() -> None:
    for said in ["how much it costs", "what's the price for this", "is flood zone there?"]:
        assert calls(said, **IN_VIEW) == _details("904"), said


def test_criteria_stated_with_save_or_note_are_kept_not_a_home_saved() -> None:
    assert calls("save that we need 2 bathrooms") == _kept("baths_min", "2")
    assert calls("save that we need 2 bathrooms", **IN_VIEW) == _kept("baths_min", "2")
    assert calls("pls note max 425") == _kept("budget_max", "$425,000")
    assert calls("keep our area as manor") == _kept("location", "Manor")
    assert calls("I want you remember our max is 410") == _kept("budget_max", "$410,000")


def test_save_with_a_home_named_still_saves_it() -> None:
    assert calls("save the 2nd, we only want houses", **ON_SCREEN)[0][0] == "save_home"
    assert calls("i want save this house", **IN_VIEW) == [("save_home", {"zpid": "904"})]


def test_who_lives_around_the_open_home_is_no_fact_of_its_place() -> None:
    for said in ["what are the folks like around here", "is the area full of retirees"]:
        assert calls(said, intents=[("fair_housing", 0.7)], **IN_VIEW) == [], said


def test_whether_we_would_fit_in_around_the_open_home_is_no_fact_of_its_place() -> None:
    for said in [
        "is the area around this one diverse",
        "would a family like ours fit in around here",
        "whats the community like in this neighborhood",
    ]:
        assert calls(said, intents=[("fair_housing", 0.7)], **IN_VIEW) == [], said
    assert calls("hows the neighborhood", intents=[("fair_housing", 0.7)], **IN_VIEW)
