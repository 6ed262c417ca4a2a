"""The real_estate planner on homes set against each other, in people's own words (phrasings of
our own, in no corpus): "next to each other", "against one another", "5 or 2, which is the
smarter buy?", "is the 5th nicer than the 2nd", "line 1 up beside 3", one home compared with
the open one, and homes named by what they have most or least of ("the biggest vs the
cheapest")."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    IN_VIEW,
    ON_ELM_COVE,
    ON_ELM_DRIVE,
    ON_FIG_TRAIL,
    ON_SCREEN,
    Conversation,
    calls,
    conversation,
    details,
    named,
    searched,
)


def test_homes_put_next_to_each_other_are_compared_once() -> None:
    said = "can't pick between the 2nd and 4th, could you line them up next to each other"
    assert calls(said, **ON_ELM_COVE) == [("compare_properties", {"zpids": ["z2", "z4"]})]


def test_homes_set_against_each_other_are_compared() -> None:
    said = "how do the 1st and the 3rd look against one another"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["901", "903"]})]


def test_homes_named_by_what_they_have_most_or_least_of_are_compared_or_saved() -> None:
    assert calls("the biggest vs the cheapest", **ON_ELM_DRIVE) == [
        ("compare_properties", {"zpids": ["73", "72"]})
    ]
    assert calls("compare 4 and the priciest", **ON_ELM_DRIVE) == [
        ("compare_properties", {"zpids": ["74", "73"]})
    ]
    assert named("compare the first two, then save the priciest", **ON_ELM_DRIVE) == [
        ("compare_properties", ""),
        ("save_home", "73"),
    ]


def test_a_question_about_compared_homes_names_no_other_home() -> None:
    assert calls("compare 1 and 4, which is the cheapest", **ON_ELM_DRIVE) == [
        ("compare_properties", {"zpids": ["71", "74"]})
    ]


def test_two_bare_numbers_weighed_against_each_other_are_compared() -> None:
    assert calls("5 or 2, which is the smarter buy?", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["905", "902"]})
    ]
    assert calls("help me decide between the 1st and the 4th", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "904"]})
    ]


def test_two_homes_and_which_is_the_more_of_something_are_compared() -> None:
    assert calls("the 1st and 4th, which one is cheaper?", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "904"]})
    ]


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


def test_homes_lined_up_or_weighed_without_a_verb_are_compared() -> None:
    for said, zpids in [
        ("line 1 up beside 3", ["901", "903"]),
        ("which cheaper, the 2nd or the 5th?", ["902", "905"]),
        ("between 2 and 4 which looks better", ["902", "904"]),
    ]:
        assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})], said


# Moved from the sixteenth session's files


def test_two_homes_named_to_choose_between_are_compared() -> None:
    assert calls("2 or 4 nicer for kids", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["902", "904"]})
    ]
    assert calls("second or fourth one, what would you do", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["902", "904"]})
    ]
    assert [name for name, _ in calls("show me 2 or 3 bath homes", **ON_SCREEN)] == [
        "search_properties"
    ]


def test_a_comparison_word_picks_one_of_the_homes_named() -> None:
    assert named("put the cheaper of 1 and 4 on my list", **ON_ELM_DRIVE) == [("save_home", "74")]
    said = "compare 3 and 5 and then watch the smaller one"
    assert named(said, **ON_ELM_DRIVE) == [("compare_properties", ""), ("watch_home", "75")]
    assert named("track whichever is pricier, 2 or 6", **ON_ELM_DRIVE) == [("watch_home", "76")]
    assert "price_max" in searched("show me the cheaper ones", **ON_ELM_DRIVE)


def test_every_word_a_bound_knows_picks_a_home_too() -> None:
    """One list of comparison words serves "cheaper than the 3rd" and "the cheaper of 2 and 3"."""
    assert named("track whichever is more pricey, 2 or 6", **ON_ELM_DRIVE) == [("watch_home", "76")]
    assert named("save the higher priced of 1 and 4", **ON_ELM_DRIVE) == [("save_home", "71")]


def test_two_homes_set_apart_or_weighed_for_a_pick_are_compared() -> None:
    pair = [("compare_properties", {"zpids": ["z2", "z4"]})]
    assert calls("in what way is 2 different to 4", **ON_ELM_COVE) == pair
    assert calls("can you place the 2nd beside the 4th", **ON_ELM_COVE) == pair
    assert calls("we love 2 and 4 but which one to choose", **ON_ELM_COVE) == pair
    this_or = [("compare_properties", {"zpids": ["904", "902"]})]
    assert calls("this house or number 2?", **IN_VIEW) == this_or


_HOMES = [
    {"zpid": "61", "address": "1 Elm Way, Austin, TX", "price": 500000, "sqft": 2000},
    {"zpid": "62", "address": "2 Elm Way, Austin, TX", "price": 450000, "sqft": 1500},
    {"zpid": "63", "address": "3 Elm Way, Austin, TX", "price": 300000, "sqft": 1000},
]
_COMPARED = [{**home, "price_per_sqft": round(home["price"] / home["sqft"])} for home in _HOMES[:2]]
_JUST_COMPARED = {
    "last_criteria": {"location": "Austin"},
    "last_results": _HOMES,
    "compared": _COMPARED,
}


def test_a_question_about_homes_just_compared_is_answered_from_the_comparison() -> None:
    """ "which one is cheaper per square foot" after comparing two homes names the one of the
    two and the figures, and runs nothing: "cheaper" is not a refined search."""
    found = conversation.plan_for(
        Conversation(text="ok and which one's cheaper per square foot?", **_JUST_COMPARED)
    )
    assert found is not None and found.calls == []
    assert found.note.startswith("1 Elm Way is the cheaper per square foot of the two: $250")
    bigger = conversation.plan_for(Conversation(text="which of them is bigger", **_JUST_COMPARED))
    assert bigger is not None and bigger.note.startswith("1 Elm Way is the bigger of the two")
    searched_after = {**_JUST_COMPARED, "compared": []}
    assert calls("which one's cheaper per square foot?", **searched_after) != []


def test_the_cheaper_one_after_a_comparison_is_the_cheaper_of_those_compared() -> None:
    """Not the cheapest shown (3 Elm Way): the cheaper of the two just compared."""
    assert named("save the cheaper one", **_JUST_COMPARED) == [("save_home", "62")]
    assert named("book a visit to the bigger one on saturday", **_JUST_COMPARED) == [
        ("request_tour", "61")
    ]


def test_a_position_said_again_as_a_bare_number_word_is_that_home() -> None:
    said = "you compare the one and the four, after you save the four"
    assert named(said, **ON_SCREEN) == [("compare_properties", ""), ("save_home", "904")]
    said = "compare the two and the three then watch the three please"
    assert named(said, **ON_SCREEN)[-1] == ("watch_home", "903")


def test_after_between_two_wishes_reads_as_then() -> None:
    said = "compare 2 and 3 after save 3"
    assert named(said, **ON_SCREEN) == [("compare_properties", ""), ("save_home", "903")]


def test_homes_lined_up_with_no_word_of_against_are_compared() -> None:
    said = "could you line up two, four and five"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["902", "904", "905"]})]


def test_one_leading_a_list_of_numbers_is_the_first_home() -> None:
    said = "line up one and five"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["901", "905"]})]
    assert calls("compare the second one and 4", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["902", "904"]})
    ]


def test_asking_what_the_differences_are_compares_the_homes_named() -> None:
    said = "this one and number 3, what are the main differences?"
    assert calls(said, **IN_VIEW) == [("compare_properties", {"zpids": ["904", "903"]})]


def test_the_saved_list_named_alone_is_compared_as_a_whole() -> None:
    kept_two = {**ON_SCREEN, "preferences": {"home_902": "saved", "home_905": "saved"}}
    said = "put our keepers head to head"
    assert calls(said, **kept_two) == [("compare_properties", {"zpids": ["902", "905"]})]


@pytest.mark.parametrize(
    ("said", "zpids"),
    [
        ("pit number 2 against number 5", ["902", "905"]),
        ("give me the pros and cons of 3 and 4", ["903", "904"]),
        ("the 1 and 3 in comparison please", ["901", "903"]),
        ("how are they different, 1 and 4", ["901", "904"]),
        ("compare the top one with the bottom one", ["901", "905"]),
        ("is nicer the 3 or the 5?", ["903", "905"]),
        ("which is good, three or five", ["903", "905"]),
    ],
)
def test_learner_and_plain_words_of_weighing_two_named_homes_compare_them(
    said: str, zpids: list[str]
) -> None:
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})]


def test_the_saved_list_counted_is_compared_as_a_whole() -> None:
    kept_two = {**ON_SCREEN, "preferences": {"home_901": "saved", "home_904": "saved"}}
    said = "compare my two favourites"
    assert calls(said, **kept_two) == [("compare_properties", {"zpids": ["901", "904"]})]


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("line up our favourites with the tracked house", ["101", "103", "102"]),
        ("compare my saved ones against the 4th", ["101", "103", "104"]),
        ("put my bookmarked homes beside number 5", ["101", "103", "105"]),
    ],
)
def test_the_saved_homes_beside_another_compares_them_all(text: str, zpids: list[str]) -> None:
    assert calls(text, **ON_FIG_TRAIL) == [("compare_properties", {"zpids": zpids})]


@pytest.mark.parametrize(
    "text", ["did my watched house get any cheaper", "what's the monitored one listed at now"]
)
def test_the_watched_home_named_so_is_opened_not_watched_again(text: str) -> None:
    assert calls(text, **ON_FIG_TRAIL) == details("102")


@pytest.mark.parametrize(
    "text", ["which is cheaper, the 3rd or the 5th?", "is number 4 bigger than number 6"]
)
def test_two_homes_weighed_with_none_shown_is_said_so_no_search(text: str) -> None:
    found = conversation.plan_for(Conversation(text=text))
    assert found is not None and found.calls == []
    assert "no results" in found.note


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("put number 4 next to our bookmarked homes", ["104", "101", "103"]),
        ("the house we're tracking vs my second favourite", ["102", "103"]),
    ],
)
def test_a_shown_home_named_before_the_saved_ones_is_compared_with_them(
    text: str, zpids: list[str]
) -> None:
    assert calls(text, **ON_FIG_TRAIL) == [("compare_properties", {"zpids": zpids})]


# Twenty-second session (understand39): the results on screen in people's own words.


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("which has more space, 2 or 5?", ["902", "905"]),
        ("which gets more light, 1 or 3", ["901", "903"]),
    ],
)
def test_which_has_more_of_something_of_two_homes_compares_them(
    text: str, zpids: list[str]
) -> None:
    assert calls(text, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})]


def test_the_bigger_part_of_a_home_is_no_pick_by_its_size() -> None:
    said = "which one has the bigger backyard, 3 or 6"
    assert calls(said, **ON_ELM_DRIVE) == [("compare_properties", {"zpids": ["73", "76"]})]


@pytest.mark.parametrize(
    ("text", "zpids"),
    [("what's the different between 2 and 4?", ["902", "904"]), ("5 v 1", ["905", "901"])],
)
def test_a_learners_different_between_or_a_v_between_two_numbers_compares(
    text: str, zpids: list[str]
) -> None:
    assert calls(text, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})]


# Twenty-third session (understand42): the results on screen in people's own words.


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("of the two which is roomier, 1 or 5?", ["901", "905"]),
        ("3 or 4 - which of the two would you go for", ["903", "904"]),
    ],
)
def test_the_two_said_of_two_homes_named_is_no_position(text: str, zpids: list[str]) -> None:
    assert calls(text, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})]


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("from 2 and 4, which one goes for less", ["902", "904"]),
        ("1 and 3: which costs more", ["901", "903"]),
        ("of number 5 and number 2 which is priced lower?", ["905", "902"]),
    ],
)
def test_which_costs_less_of_two_homes_named_compares_them(text: str, zpids: list[str]) -> None:
    assert calls(text, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})]


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("between three and five whats the smarter buy", ["903", "905"]),
        ("between 1 and 4 what's the better pick", ["901", "904"]),
    ],
)
def test_whats_the_better_between_two_homes_compares_them(text: str, zpids: list[str]) -> None:
    assert calls(text, **ON_SCREEN) == [("compare_properties", {"zpids": zpids})]


def test_an_ordinal_after_between_the_is_still_a_position() -> None:
    said = "between the fourth and the second, which would you say is the better deal?"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["904", "902"]})]
