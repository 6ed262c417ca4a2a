"""The planners on the sixteenth session's ways of saying a wish (phrasings of our own, in no
corpus): a question put as "tell me if" about what a home has opens its details, a change so
put still watches it; one watch, save or look for several homes named in one breath ("keep an
eye on 1 and 5", "show me four and also the five", "bookmark 1, 3 and 5"); two homes named to
choose between ("2 or 4 nicer for kids") are compared; "anything less pricey than the 3rd"
searches under its price; moving to the next home is no stop of a watch; what is left after a
removal is the saved list, a home saved in one clause is in the next clause's list; a home kept
"for later" or "in mind" is saved; a condition after a question is a wish of its own."""

from __future__ import annotations

from typing import Any

from tests.skills.real_estate_words import IN_VIEW, ON_SCREEN, calls


def _details(*zpids: str) -> list[tuple[str, dict[str, Any]]]:
    return [("get_property_details", {"zpid": zpid}) for zpid in zpids]


def _names(said: str, **context: Any) -> list[str]:
    return [name for name, _ in calls(said, **context)]


def test_a_question_put_as_tell_me_if_opens_the_homes_details() -> None:
    assert calls("could you let me know if the 3rd has a fenced yard", **ON_SCREEN) == _details(
        "903"
    )
    assert calls("tell me if 4 comes with a garage", **ON_SCREEN) == _details("904")


def test_a_change_put_as_tell_me_if_is_still_a_watch() -> None:
    assert calls("let me know if number 2 has its price cut", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "price"})
    ]


def test_several_homes_named_in_one_watch_are_each_watched() -> None:
    assert calls("keep an eye on 1 and 5", **ON_SCREEN) == [
        ("watch_home", {"zpid": "901", "watch": "any"}),
        ("watch_home", {"zpid": "905", "watch": "any"}),
    ]
    assert calls("alert me if the 2nd or the 4th sells", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "status"}),
        ("watch_home", {"zpid": "904", "watch": "status"}),
    ]


def test_a_number_listed_beside_a_position_is_a_position_too() -> None:
    assert calls("show me four and also the five", **ON_SCREEN) == _details("904", "905")
    assert _names("bookmark 1, 3 and 5", **ON_SCREEN) == ["save_home"] * 3


def test_two_homes_named_to_choose_between_are_compared() -> None:
    assert calls("2 or 4 nicer for kids", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["902", "904"]})
    ]
    assert calls("second or fourth one, what would you do", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["902", "904"]})
    ]
    assert _names("show me 2 or 3 bath homes", **ON_SCREEN) == ["search_properties"]


def test_cheaper_than_a_shown_home_searches_under_its_price() -> None:
    searched = calls("got anything less pricey than the 3rd", **ON_SCREEN)
    assert searched == [("search_properties", {"location": "78745", "price_max": 410_002})]
    searched = calls("anything more affordable than this place", **IN_VIEW)
    assert searched == [("search_properties", {"location": "78745", "price_max": 410_003})]
    assert _names("is the 1st cheaper than the 2nd", **ON_SCREEN) == ["compare_properties"]


def test_moving_to_the_next_home_is_no_stop_of_a_watch() -> None:
    near_stop = {"intents": [("stop_watching", 0.9)], "preferences": {"watch_901": "price"}}
    assert calls("jump to the next house", **IN_VIEW, **near_stop) == _details("905")


def test_what_is_left_after_a_removal_is_the_saved_list() -> None:
    kept = {"preferences": {"home_902": "saved", "home_905": "saved"}}
    assert calls(
        "take the 2nd off my favorites and list the remaining ones", **ON_SCREEN, **kept
    ) == [
        ("remove_saved_home", {"zpid": "902"}),
        ("get_saved_homes", {"zpids": ["905"]}),
    ]


def test_a_home_saved_in_one_clause_is_in_the_next_clauses_list() -> None:
    assert calls("bookmark the 4th, then show me my favorites", **ON_SCREEN) == [
        ("save_home", {"zpid": "904"}),
        ("get_saved_homes", {"zpids": ["904"]}),
    ]


def test_a_home_kept_for_later_or_in_mind_is_saved() -> None:
    assert calls("remember number 3 for us", **ON_SCREEN) == [("save_home", {"zpid": "903"})]
    assert calls("keep the fifth one in mind", **ON_SCREEN) == [("save_home", {"zpid": "905"})]


def test_a_condition_after_a_question_is_a_wish_of_its_own() -> None:
    assert calls("is the 2nd near a park, and once it goes pending tell me", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "902"}),
        ("watch_home", {"zpid": "902", "watch": "status"}),
    ]


def test_a_visit_said_walk_thru_or_show_me_a_home_on_a_day() -> None:
    assert _names("can we walk thru number 5 friday", **ON_SCREEN) == ["request_tour"]
    assert calls("show me the 4th on saturday", **ON_SCREEN)[0][1]["zpid"] == "904"
    assert _names("show me houses this weekend", **ON_SCREEN) == ["search_properties"]


def test_a_learners_visit_on_the_weekend_names_the_home_by_its_number() -> None:
    (name, args), *_ = calls("me and my husband want see the 3 in the weekend", **ON_SCREEN)
    assert (name, args["zpid"]) == ("request_tour", "903")


def test_whether_a_home_was_saved_lists_the_saved_homes() -> None:
    kept = {"preferences": {"home_905": "saved"}}
    assert _names("have we saved the 5th already?", **ON_SCREEN, **kept) == ["get_saved_homes"]


def test_bare_numbers_taken_off_or_put_on_the_list() -> None:
    kept = {"preferences": {"home_905": "saved"}}
    assert calls("cross 5 off my shortlist", **ON_SCREEN, **kept) == [
        ("remove_saved_home", {"zpid": "905"})
    ]
    assert _names("add both 1 and 4 to my favorites", **ON_SCREEN) == ["save_home"] * 2


def test_two_bare_numbers_as_the_subject_of_a_watch() -> None:
    assert calls("tell me if 2 or 5 gets cheaper", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "price"}),
        ("watch_home", {"zpid": "905", "watch": "price"}),
    ]


def test_skipping_to_the_next_home_opens_it() -> None:
    assert calls("jump to the next", **IN_VIEW) == _details("905")
    assert calls("when was 3 built", **ON_SCREEN) == _details("903")


def test_a_second_wish_said_with_to_is_its_own() -> None:
    assert calls("i'd like the info on 5 and to bookmark it", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "905"}),
        ("save_home", {"zpid": "905"}),
    ]


def test_the_open_home_and_the_one_before_it() -> None:
    assert calls("save this one and the previous one", **IN_VIEW) == [
        ("save_home", {"zpid": "904"}),
        ("save_home", {"zpid": "903"}),
    ]
    assert calls("compare it with the previous", **IN_VIEW) == [
        ("compare_properties", {"zpids": ["904", "903"]})
    ]


def test_a_question_of_the_open_home_then_a_watch_of_it() -> None:
    assert calls("tell me whether this has a basement, and keep an eye on it", **IN_VIEW) == [
        ("get_property_details", {"zpid": "904"}),
        ("watch_home", {"zpid": "904", "watch": "any"}),
    ]


def test_a_home_whose_watch_stops_is_the_one_a_later_clause_means() -> None:
    watched = {"preferences": {"watch_902": "price"}}
    assert calls("quit watching the 2nd then bookmark it", **ON_SCREEN, **watched) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"}),
        ("save_home", {"zpid": "902"}),
    ]


def test_a_bare_number_booked_is_a_visit_of_that_home() -> None:
    (name, args), *_ = calls("book 3 for friday", **ON_SCREEN)
    assert (name, args["zpid"]) == ("request_tour", "903")


def test_the_cheapest_few_said_after_their_count() -> None:
    assert calls("bookmark the cheapest three", **ON_SCREEN) == [
        ("save_home", {"zpid": "901"}),
        ("save_home", {"zpid": "902"}),
        ("save_home", {"zpid": "903"}),
    ]


def test_two_bare_numbers_to_see_in_person_are_two_visits() -> None:
    said = calls("we want see 2 and 4 in person", **ON_SCREEN)
    assert [(name, args["zpid"]) for name, args in said] == [
        ("request_tour", "902"),
        ("request_tour", "904"),
    ]
    assert _names("can I see 20 results", **ON_SCREEN) == ["search_properties"]
