"""The planners on messages bent the way the rewording harness bends them (phrasings of our own,
in no corpus; tests/understanding/perturb.py measures the learn part): courtesy around a wish
(a greeting or "quick question:" before it, thanks or a smile after it), the article a terse
writer leaves out before a position or in a set phrase, and slips of the keyboard in words of
the search's vocabulary."""

from __future__ import annotations

import importlib

from tests.skills.test_real_estate_eleventh_words import _PACKAGE, ON_SCREEN, calls

_spelling = importlib.import_module(f"{_PACKAGE.__name__}.spelling")


def test_courtesy_around_a_wish_leaves_the_wish() -> None:
    assert calls("good morning everyone. heart the 5th thanks a lot", **ON_SCREEN) == [
        ("save_home", {"zpid": "905"})
    ]
    assert calls("quick question: specs on 3 :)", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "903"})
    ]


def test_courtesy_alone_is_still_small_talk() -> None:
    assert calls("hey there, thanks so much!", **ON_SCREEN) == []


def test_a_position_without_its_article_is_still_a_position() -> None:
    assert calls("bookmark fifth and open second", **ON_SCREEN) == [
        ("save_home", {"zpid": "905"}),
        ("get_property_details", {"zpid": "902"}),
    ]
    assert calls("whats 4th like", **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]


def test_a_set_phrase_without_its_article_keeps_its_meaning() -> None:
    assert calls("pls keep eye on #2", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "any"})
    ]


def test_second_to_last_is_still_one_position() -> None:
    for said in ("show me second to last one", "the seocnd to last one"):
        assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]


def test_a_slip_in_a_word_of_the_vocabulary_is_read_as_meant() -> None:
    said = "whats the montly on the pricieest one, any new lstings"
    assert _spelling.correct(said) == "whats the monthly on the priciest one, any new listings"


def test_words_near_the_new_vocabulary_stay_as_written() -> None:
    said = "no longer the earliest result, it was pricier though, talking of contact"
    assert _spelling.correct(said) == said


def test_a_slip_in_a_past_form_reads_as_that_form() -> None:
    assert _spelling.correct("which alerts am i subscirbed to") == "which alerts am i subscribed to"
