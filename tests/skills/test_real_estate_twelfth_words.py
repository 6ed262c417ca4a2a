"""The planners on the twelfth session's ways of saying a wish (phrasings of our own, in no
corpus): "the last three" are the homes at the end of the list; "keep number 4" saves it;
"which ones have we kept" lists the saved homes; a preference said "always" at the end is only
remembered, not searched with; "no price cap any longer" forgets the budget; asking what is
tracked or monitored for us lists the watches in words; a saved preference replaced ("Austin's
out, we're moving to Manor instead") is kept, not searched with, unless homes are asked for; a
bare number right after a wish about one home ("add 3 to my favorites", "save 2 and 4") is its
position, unless it counts something ("add 2 more bedrooms"); un-favoriting removes, and "what's
on my list" lists the saved homes; quitting the emails, being done with or getting rid of the
saved search stops it, "no need to watch #2" stops that watch, "add a pool to my saved search"
changes it, and "show me my watches" or "what am I getting alerts for" lists them in words; booking a home for a day, or asking when
we can see it, is a visit; "details 3" opens the third; ignoring a preference, or "no more" with
its value, forgets it; "note: ..." only remembers; "the most affordable one" is the cheapest; "save the first three"
saves each of them; "remind me" starts a second wish ("save #2 and remind me when it sells"),
and "open 3" opens the third."""

from __future__ import annotations

import json

from tests.skills.test_real_estate_eleventh_words import KEPT, ON_SCREEN, SHOWN, calls

WATCHING = {
    **ON_SCREEN,
    "preferences": {
        "search_78745": json.dumps({"location": "78745", "beds_min": 3}),
        "watch_902": "price",
    },
}
STOP_SEARCH = ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745"})
REMEMBERED = {"preferences": {"budget_max": "$500,000", "location": "Austin"}}


def test_the_last_few_are_the_homes_at_the_end_of_the_list() -> None:
    assert calls("put the last three side by side", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["903", "904", "905"]})
    ]


def test_keep_and_a_position_saves_that_home() -> None:
    assert calls("keep #4", **ON_SCREEN) == [("save_home", {"zpid": "904"})]
    assert calls("keep the third one", **ON_SCREEN) == [("save_home", {"zpid": "903"})]


def test_asking_which_homes_were_kept_lists_the_saved_homes() -> None:
    assert calls("which houses have we kept so far", **KEPT) == [
        ("get_saved_homes", {"zpids": ["905"]})
    ]


def test_a_preference_said_always_at_the_end_is_only_remembered() -> None:
    assert calls("two bathrooms minimum, always") == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "baths_min", "value": "2"})
    ]


def test_no_limit_any_longer_forgets_the_budget() -> None:
    assert calls("no price cap any longer", **REMEMBERED) == [
        ("forget_search_criteria", {"key": "budget_max"})
    ]


def test_asking_what_is_tracked_lists_the_watches_and_searches_in_words() -> None:
    assert calls("which places are you monitoring for us", **KEPT) == []
    assert calls("what are you keeping tabs on", **KEPT) == []


def test_a_saved_preference_replaced_is_kept_not_searched() -> None:
    assert calls("Austin's out, we're moving to Manor instead", **REMEMBERED) == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "location", "value": "Manor"})
    ]


def test_a_preference_replaced_with_a_wish_to_see_homes_still_searches() -> None:
    planned = calls("we're moving to Manor, show me houses there", **REMEMBERED)
    assert [name for name, _ in planned] == ["save_search_criteria", "search_properties"]


def test_a_bare_number_after_a_wish_about_one_home_is_its_position() -> None:
    assert calls("add 3 to my favorites", **ON_SCREEN) == [("save_home", {"zpid": "903"})]
    assert calls("save 2 and 4", **ON_SCREEN) == [
        ("save_home", {"zpid": "902"}),
        ("save_home", {"zpid": "904"}),
    ]
    assert calls("remove 5 from saved", **KEPT) == [("remove_saved_home", {"zpid": "905"})]


def test_a_bare_number_that_counts_something_is_no_position() -> None:
    assert calls("add 2 more bedrooms", **ON_SCREEN) == [
        ("search_properties", {"location": "78745", "beds_min": 3})
    ]


def test_unfavoriting_removes_and_whats_on_my_list_lists() -> None:
    assert calls("un-favorite the fifth", **KEPT) == [("remove_saved_home", {"zpid": "905"})]
    assert calls("what's on my list", **KEPT) == [("get_saved_homes", {"zpids": ["905"]})]


def test_quitting_the_emails_or_being_done_with_the_saved_search_stops_it() -> None:
    for text in [
        "quit texting me new listings",
        "we're done with our saved search",
        "get rid of the saved search please",
    ]:
        assert calls(text, **WATCHING) == [STOP_SEARCH], text


def test_no_need_to_watch_a_home_stops_its_watch() -> None:
    assert calls("no need to track number 2 any more", **WATCHING) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_adding_to_the_saved_search_changes_it() -> None:
    assert calls("add a garage to my saved search", **WATCHING) == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "features": ["garage"]}})
    ]
    assert calls("our saved search should have 4 beds", **WATCHING) == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 4}})
    ]


def test_asking_for_my_watches_or_alerts_lists_them_in_words() -> None:
    for text in ["list my watches", "what are we getting price alerts for"]:
        assert calls(text, **WATCHING) == [], text


def test_booking_a_home_for_a_day_or_asking_when_to_see_it_is_a_visit() -> None:
    for text, zpid in [
        ("book #2 for saturday at 11", "902"),
        ("when could we view the 4th", "904"),
    ]:
        planned = calls(text, **ON_SCREEN)
        assert [(name, args["zpid"]) for name, args in planned] == [("request_tour", zpid)], text


def test_details_and_a_bare_number_opens_that_home() -> None:
    assert calls("details 4", **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]


def test_ignoring_a_preference_or_no_more_of_its_value_forgets_it() -> None:
    assert calls("ignore our budget", **REMEMBERED) == [
        ("forget_search_criteria", {"key": "budget_max"})
    ]
    assert calls("no more Austin for us", **REMEMBERED) == [
        ("forget_search_criteria", {"key": "location"})
    ]


def test_a_note_with_a_colon_only_remembers() -> None:
    assert calls("note: 2 baths minimum") == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "baths_min", "value": "2"})
    ]


def test_the_most_affordable_one_is_the_cheapest_shown() -> None:
    cheapest_last = [*SHOWN[1:], {**SHOWN[0], "zpid": "900", "price": 99_000}]
    assert calls("open the most affordable one", last_results=cheapest_last) == [
        ("get_property_details", {"zpid": "900"})
    ]


def test_saving_the_first_or_last_few_saves_each() -> None:
    assert [args["zpid"] for _, args in calls("save the first three", **ON_SCREEN)] == [
        "901",
        "902",
        "903",
    ]
    assert [args["zpid"] for _, args in calls("bookmark the last 2", **ON_SCREEN)] == ["904", "905"]


def test_remind_me_starts_a_second_wish() -> None:
    assert calls("keep #2 and remind me when it sells", **ON_SCREEN) == [
        ("save_home", {"zpid": "902"}),
        ("watch_home", {"zpid": "902", "watch": "status"}),
    ]


def test_open_and_a_bare_number_opens_that_home() -> None:
    assert calls("open 5", **ON_SCREEN) == [("get_property_details", {"zpid": "905"})]
