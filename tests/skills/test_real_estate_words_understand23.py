"""The planners on the fifteenth session's ways of saying a wish (phrasings of our own, in no
corpus): a fact of the open home asked without naming it ("carport?", "pets welcome?", "could
you show me the pictures") opens its details, no search; "the place i'm looking at" is the
open home; a home named by a superlative or a place next to another without its article ("compare
priciest and cheapest", "one after 2nd", "not second one one above it", "fourth from bottom")
is that home; "the one before?" with a home open counts from it, and a message that only names
a home is no save whatever intent its few words are near; "compare with the 1st" sets the open
home against it, and "is the 5th nicer than the 2nd" compares; a steering question with a slip
("rasial makeup") is refused; a position said first and then its question ("4th - how old?",
"2nd baths?") is that home; "line 1 up beside 3", "which cheaper, ...", "between 2 and 4 which
looks better" compare; "ok to keep my dog?" and "which is more good" are read as meant; a fact asked of the
open home ("is it possible to bring our dog") is no visit whatever intent it is near."""

from __future__ import annotations

import importlib
from typing import Any

from tests.skills.test_real_estate_eleventh_words import (
    _PACKAGE,
    IN_VIEW,
    ON_SCREEN,
    calls,
)

refuse = importlib.import_module(_PACKAGE.__name__).refuse


def _details(zpid: str) -> list[tuple[str, dict[str, Any]]]:
    return [("get_property_details", {"zpid": zpid})]


def test_a_fact_asked_without_a_subject_is_about_the_open_home() -> None:
    for said in ["carport?", "any fireplace", "is there a basement", "laundry included?"]:
        assert calls(said, **IN_VIEW) == _details("904"), said


def test_a_fact_asked_of_other_homes_is_still_a_search() -> None:
    for said in ["any with a fireplace?", "fireplaces in 78704?"]:
        assert [name for name, _ in calls(said, **IN_VIEW)] == ["search_properties"], said


def test_pets_and_photos_of_the_open_home_open_its_details() -> None:
    for said in ["pets welcome?", "could you show me the pictures", "any more photos"]:
        assert calls(said, **IN_VIEW) == _details("904"), said


def test_the_place_i_am_looking_at_is_the_open_home() -> None:
    assert calls("is the place i'm looking at near any parks", **IN_VIEW) == _details("904")


def test_a_superlative_without_its_article_names_that_home() -> None:
    assert calls("compare priciest and cheapest", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["905", "901"]})
    ]
    assert calls("priciest of lot", **ON_SCREEN) == _details("905")
    assert calls("cheapest?", **ON_SCREEN) == _details("901")


def test_a_place_next_to_another_without_its_article_is_that_home() -> None:
    assert calls("one after 2nd", **ON_SCREEN) == _details("903")
    assert calls("not second one one above it", **ON_SCREEN) == _details("901")
    assert calls("fourth from bottom", **ON_SCREEN) == _details("902")
    assert calls("next one after 1st", **ON_SCREEN) == _details("902")


def test_the_one_before_or_below_counts_from_the_open_home() -> None:
    assert calls("the one before?", **IN_VIEW) == _details("903")
    assert calls("and the one below", **IN_VIEW) == _details("905")


def test_a_message_that_only_names_a_home_is_no_save_by_its_intent() -> None:
    near_save = {"intents": [("save_home", 0.9), ("home_details", 0.4)]}
    assert calls("and the third one?", **ON_SCREEN, **near_save) == _details("903")


def test_one_home_compared_with_a_home_open_is_set_against_it() -> None:
    assert calls("compare with the 1st", **IN_VIEW) == [
        ("compare_properties", {"zpids": ["904", "901"]})
    ]


def test_two_homes_weighed_by_a_comparative_are_compared() -> None:
    for said, zpids in [
        ("is the 5th nicer than the 2nd", ["905", "902"]),
        ("which of 3 and 5 has more land", ["903", "905"]),
        ("which do you suggest, the 1st or the 2nd", ["901", "902"]),
    ]:
        assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})], said


def test_a_steering_question_with_a_slip_is_refused() -> None:
    assert refuse("whats the rasial makeup near there")
    assert refuse("relegious mix on that street?")
    assert refuse("how is the work ethic of the agents") is None


def test_a_position_said_first_then_its_question_is_that_home() -> None:
    assert calls("4th - how old?", **ON_SCREEN) == _details("904")
    assert calls("2nd baths?", **ON_SCREEN) == _details("902")


def test_homes_lined_up_or_weighed_without_a_verb_are_compared() -> None:
    for said, zpids in [
        ("line 1 up beside 3", ["901", "903"]),
        ("which cheaper, the 2nd or the 5th?", ["902", "905"]),
        ("between 2 and 4 which looks better", ["902", "904"]),
    ]:
        assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})], said


def test_a_learners_words_for_pets_and_for_better_are_read_as_meant() -> None:
    assert calls("ok to keep my dog?", **IN_VIEW) == _details("904")
    assert calls("the 1st or the 3rd, which is more good", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "903"]})
    ]


def test_a_fact_of_the_open_home_is_no_visit_whatever_intent_it_is_near() -> None:
    near_tour = {"intents": [("request_tour", 0.9), ("home_details", 0.3)]}
    said = "is it possible to bring our dog to this place"
    assert calls(said, **IN_VIEW, **near_tour) == _details("904")
