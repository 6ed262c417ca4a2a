"""The planners on the fourteenth session's ways of saying a wish (phrasings of our own, in no
corpus): homes that "went on sale", "popped up" or are "listings from the past week" were listed
lately, and homes that "have a lower price since" a time dropped; a position closed by "please"
or opened by "pull up" names a home, "back and forth" is no fourth, and "5 or 8, which is
better" compares; liking "the look of" a home is praise, not homes like it; "is there a
garage", "the school rating here", "whats the hoa on this one", "how big is the lot", "how far
is it" ask about the open home; "the 1st and 4th, which is cheaper" compares; "open to any
area", "we don't mind which town" and "everything you remember" forget; "we're set on Manor",
"save Manor as my area", "our target area is", "move area to" and a wish for "anything you show
us" keep, not search; a saved search moved "to Manor instead of 78745" leaves 78745
behind; "what kind of details can you find" and "is it a good time to buy" are words."""

from __future__ import annotations

import json

from tests.skills.test_real_estate_eleventh_words import IN_VIEW, ON_SCREEN, calls

REMEMBERED = {
    "preferences": {"budget_max": "$500,000", "location": "Austin", "property_type": "house"}
}
SAVED = {
    **ON_SCREEN,
    "preferences": {
        "search_78745": json.dumps({"location": "78745", "beds_min": 3, "price_max": 450000})
    },
}


def _search(text: str, **context: object) -> dict[str, object]:
    found = calls(text, **context)
    assert [name for name, _ in found] == ["search_properties"], (text, found)
    return found[0][1]


def _keep(key: str, value: str) -> tuple[str, dict[str, str]]:
    return ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})


def test_homes_that_went_on_sale_or_popped_up_lately_were_listed_lately() -> None:
    assert (
        _search("which homes went on sale in 78702 in the last 4 days")["days_on_market_max"] == 4
    )
    assert _search("did anything pop up in manor over the past week")["days_on_market_max"] == 7
    assert _search("pflugerville listings from the last 2 weeks")["days_on_market_max"] == 14


def test_homes_with_a_lower_price_since_a_time_dropped() -> None:
    found = _search("condos in 78704 that have a lower price since last month")
    assert found["price_dropped_within_days"] == 30


def test_a_position_closed_by_courtesy_or_opened_by_pull_up_names_the_home() -> None:
    assert calls("the fourth, thanks", **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]
    assert calls("bring up 2 for me", **ON_SCREEN) == [("get_property_details", {"zpid": "902"})]


def test_back_and_forth_is_no_fourth_home() -> None:
    said = "we went back and forth about number 5, can you show it to me again"
    assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "905"})]


def test_two_bare_numbers_weighed_against_each_other_are_compared() -> None:
    assert calls("5 or 2, which is the smarter buy?", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["905", "902"]})
    ]
    assert calls("help me decide between the 1st and the 4th", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "904"]})
    ]


def test_liking_the_look_of_a_home_is_no_wish_for_homes_like_it() -> None:
    said = "we sort of like the look of the 3rd, how big is the yard"
    assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "903"})]


def test_a_fact_asked_of_the_open_home_without_naming_it_opens_its_details() -> None:
    for said in ["is there a fireplace?", "how are the schools here", "whats the hoa on this one"]:
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said
    assert calls("what's the hoa fee on it", **IN_VIEW) == [
        ("get_property_details", {"zpid": "904"})
    ]


def test_any_value_being_fine_forgets_the_remembered_one() -> None:
    assert calls("honestly we're open to any location now", **REMEMBERED) == [
        ("forget_search_criteria", {"key": "location"})
    ]


def test_a_decision_or_an_area_named_as_ours_is_kept_not_searched() -> None:
    assert calls("we've settled on dripping springs") == [_keep("location", "Dripping Springs")]
    assert calls("please save manor as our area") == [_keep("location", "Manor")]


def test_a_wish_for_what_you_show_us_later_is_no_search_now() -> None:
    said = "we need a garage in whatever you show us from now on"
    assert calls(said) == [_keep("features", "garage")]


def test_a_saved_search_moved_elsewhere_leaves_the_old_place_behind() -> None:
    for said in [
        "put my saved search in del valle rather than 78745",
        "switch my alert from 78745 to manor",
    ]:
        planned = calls(said, **SAVED)
        assert [name for name, _ in planned] == ["save_search"], said
        criteria = planned[0][1]["criteria"]
        assert criteria["location"] != "78745" and criteria["beds_min"] == 3, said


def test_what_you_can_find_and_when_to_buy_are_answered_in_words() -> None:
    for said in ["what sort of details can you find on a home", "would now be a smart time to buy"]:
        assert calls(said) == [], said


def test_a_fact_of_the_open_home_asked_with_the_or_how_far_opens_its_details() -> None:
    for said in ["what's the square footage", "how far is it from the airport"]:
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said


def test_two_homes_and_which_is_the_more_of_something_are_compared() -> None:
    assert calls("the 1st and 4th, which one is cheaper?", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "904"]})
    ]


def test_not_minding_which_value_or_everything_remembered_forgets() -> None:
    assert calls("we don't mind which town now", **REMEMBERED) == [
        ("forget_search_criteria", {"key": "location"})
    ]
    assert len(calls("please clear everything you know about us", **REMEMBERED)) == 3


def test_an_area_named_as_our_target_or_moved_is_kept() -> None:
    assert calls("move area to pflugerville", **REMEMBERED) == [_keep("location", "Pflugerville")]
    found = calls("our target area is manor")
    assert found[0] == _keep("location", "Manor")


def test_a_home_named_alone_is_no_wish_for_homes_like_it_whatever_the_intent() -> None:
    near = {"intents": [("similar_homes", 0.9)]}
    assert calls("the third house", **ON_SCREEN, **near) == [
        ("get_property_details", {"zpid": "903"})
    ]
    assert calls("homes like the third", **ON_SCREEN, **near)[0][1]["like_zpid"] == "903"


def test_the_next_or_previous_one_counts_from_the_open_home() -> None:
    assert calls("and what about the next one?", **IN_VIEW) == [
        ("get_property_details", {"zpid": "905"})
    ]
    assert calls("save the one above this one", **IN_VIEW) == [("save_home", {"zpid": "903"})]
