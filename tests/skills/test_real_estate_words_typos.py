"""The real_estate planner on learners' English and slips of the keyboard (phrasings of our own, in
no corpus; tests/understanding/perturb.py measures the learn part): "savr", "sav", "shw",
"bokmark", "seocnd", "detials" and vocabulary words misspelt are read as meant, words near the
vocabulary left as written; a position without its article ("bookmark fifth"), typed short
("abt the 3rd 1") or said "the 2"; a set phrase without its article ("keep eye on"); "ok to keep
my dog?" and "which is more good"."""

from __future__ import annotations

import pytest

from agent_graph.graph.tool_choice import INTENT_FLOOR
from agent_graph.memory.embeddings import embed
from agent_graph.understanding.intents import load_intents
from agent_graph.understanding.matcher import IntentMatcher
from tests.skills.real_estate_fakes import SKILL_DIR
from tests.skills.real_estate_words import (
    IN_VIEW,
    ON_ELM_DRIVE,
    ON_SCREEN,
    STRICT,
    calls,
    details,
    heard,
    module,
    named,
    searched,
)

shorthand = module("shorthand")


def test_a_save_typed_with_a_slip_of_the_finger_is_a_save() -> None:
    assert shorthand.expanded("savr the 3rd") == "save the 3rd"


def test_sav_is_save() -> None:
    assert named("compare 1 n 2 and sav 2", **ON_ELM_DRIVE) == [
        ("compare_properties", ""),
        ("save_home", "72"),
    ]


def test_shw_is_show() -> None:
    assert named("bookmark the 2nd and shw me the 4th", **ON_ELM_DRIVE) == [
        ("save_home", "72"),
        ("get_property_details", "74"),
    ]


def test_two_wishes_typed_with_slips_are_still_two_wishes() -> None:
    said = "bokmark the 4th and shwo me simlar ones"
    assert [
        (name, args.get("zpid") or args.get("like_zpid")) for name, args in calls(said, **ON_SCREEN)
    ] == [("save_home", "904"), ("search_properties", "904")]


def test_a_slip_in_a_word_of_the_vocabulary_is_read_as_meant() -> None:
    said = "whats the montly on the pricieest one, any new lstings"
    assert heard(said) == "whats the monthly on the priciest one, any new listings"


def test_words_near_the_new_vocabulary_stay_as_written() -> None:
    said = "no longer the earliest result, it was pricier though, talking of contact"
    assert heard(said) == said


def test_a_slip_in_a_past_form_reads_as_that_form() -> None:
    assert heard("which alerts am i subscirbed to") == "which alerts am i subscribed to"


def test_a_home_asked_by_its_street_address_with_a_typo_is_heard_by_its_intent() -> None:
    matcher = IntentMatcher(load_intents("real_estate", SKILL_DIR), embed)
    best = matcher.rank("detials about 1207 Sagebrush Ln")[0]
    assert best.name == "details_by_address" and best.score >= INTENT_FLOOR


def test_a_position_without_its_article_is_still_a_position() -> None:
    assert calls("bookmark fifth and open second", **ON_SCREEN) == [
        ("save_home", {"zpid": "905"}),
        ("get_property_details", {"zpid": "902"}),
    ]
    assert calls("whats 4th like", **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]


def test_second_to_last_is_still_one_position() -> None:
    for said in ("show me second to last one", "the seocnd to last one"):
        assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]


def test_a_set_phrase_without_its_article_keeps_its_meaning() -> None:
    assert calls("pls keep eye on #2", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "any"})
    ]


def test_a_position_typed_short_is_that_home() -> None:
    assert calls("pls tell me abt the 3rd 1", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "903"})
    ]


def test_the_and_a_bare_digit_is_a_position_as_a_learner_says_it() -> None:
    assert calls("the 2 has how many bedrooms?", **STRICT) == [
        ("get_property_details", {"zpid": "902"})
    ]
    assert [name for name, _ in calls("compare the 2", **STRICT)] != ["get_property_details"]


def test_a_learners_words_for_pets_and_for_better_are_read_as_meant() -> None:
    assert calls("ok to keep my dog?", **IN_VIEW) == details("904")
    assert calls("the 1st or the 3rd, which is more good", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "903"]})
    ]


@pytest.mark.parametrize(
    ("said", "town"),
    [
        ("3 bed homes in liberty hils", "Liberty Hill"),
        ("condos around georgetwon under 300k", "Georgetown"),
        ("anything in roundrock?", "Round Rock"),
        ("houses near bastorp", "Bastrop"),
    ],
)
def test_a_town_said_with_a_slip_is_that_town(said: str, town: str) -> None:
    assert searched(said)["location"] == town


def test_words_after_in_that_are_no_town_stay_none() -> None:
    assert "location" not in searched("houses with a pool in the backyard")


@pytest.mark.parametrize(
    ("said", "zpid"),
    [
        ("open number too", "902"),
        ("whats the story on number for", "904"),
        ("details for number to please", "902"),
        ("number won looks nice, more about it", "901"),
        ("bring up number fiv", "905"),
    ],
)
def test_a_position_dictated_as_it_sounds_is_that_position(said: str, zpid: str) -> None:
    """ "number too", "number for": a count after "number" heard as its homophone."""
    assert calls(said, **ON_SCREEN) == details(zpid)


def test_a_homophone_after_number_that_is_no_position_is_left_alone() -> None:
    assert module("positions").positions_said("whats the number to call") == (
        "whats the number to call"
    )


@pytest.mark.parametrize(
    ("said", "planned"),
    [
        (
            "whats the diffrence between the secnd and the thrid",
            [("compare_properties", {"zpids": ["902", "903"]})],
        ),
        ("the one at the bottm, more on it", details("905")),
        ("open resutl four", details("904")),
    ],
)
def test_the_skills_declared_words_misspelt_are_read_as_meant(
    said: str, planned: list[tuple[str, dict[str, object]]]
) -> None:
    """A slip of a word the skill lists under `spelling:` is read as that word before any
    recognizer reads the message, as the platform hands it to the planner."""
    assert calls(said, **ON_SCREEN) == planned
    assert calls("does this one have a basment", **IN_VIEW) == details("904")


@pytest.mark.parametrize(
    "said",
    ["any chance you could help", "who do I contact", "I forgot the address", "nine hundred"],
)
def test_everyday_words_beside_the_declared_ones_are_kept(said: str) -> None:
    assert heard(said) == said


def test_a_price_dictated_with_a_slip_is_read_whole() -> None:
    said = heard("houses in manor under three hunderd and twetny thousand")
    assert searched(said)["price_max"] == 320_000


@pytest.mark.parametrize(
    ("said", "place"),
    [
        ("houses on a major road in austin", "Austin"),  # "major" was read as Manor
        ("a house on a major street in pflugerville", "Pflugerville"),
        ("homes in a remote area near austin", "Austin"),  # "remote" was read as "remove"
    ],
)
def test_a_word_people_use_is_never_read_as_a_word_the_skill_declares(
    said: str, place: str
) -> None:
    assert searched(said)["location"] == place


def test_a_slip_two_letters_off_a_long_word_or_nearer_one_word_is_read_as_it() -> None:
    assert [name for name, _ in calls("compair 1 n 4", **ON_SCREEN)] == ["compare_properties"]
    assert heard("hoses with a pool and a gatage") == "houses with a pool and a garage"
