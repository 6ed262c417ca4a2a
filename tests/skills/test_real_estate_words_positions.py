"""The real_estate planner on homes named by their place in the results, in people's own words
(phrasings of our own, in no corpus): ordinals and bare numbers after a verb ("details 4", "add 3
to my favorites") unless they count something; "the last three", "second from the bottom", "the
one under the fourth", "the next one" counted from the open home; superlatives ("the most
affordable", "priciest of lot"); a position taken back ("oops, I meant the sixth"); "first"
that only means "before anything else"; and a home named alone, whatever intent it is near."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    IN_VIEW,
    KEPT,
    ON_ELM_COVE,
    ON_ELM_DRIVE,
    ON_ELM_STREET,
    ON_SCREEN,
    SHOWN,
    STRICT,
    Conversation,
    calls,
    conversation,
    details,
    named,
    searched,
)


def test_first_said_as_before_anything_else_is_no_position() -> None:
    said = "we adore the second one but my partner wants to compare it with the fourth first"
    assert calls(said, **ON_ELM_COVE) == [("compare_properties", {"zpids": ["z2", "z4"]})]
    assert calls("show me the first one first", **ON_ELM_COVE) == [
        ("get_property_details", {"zpid": "z1"})
    ]
    assert calls("I like that first one, tell me more about it", **ON_ELM_COVE) == [
        ("get_property_details", {"zpid": "z1"})
    ]


def test_the_one_before_last_said_alone_or_compared_is_the_second_to_last() -> None:
    assert calls("second from the bottom, more info please", **ON_ELM_COVE) == [
        ("get_property_details", {"zpid": "z4"})
    ]
    assert calls("compare the last one with the second-to-last", **ON_ELM_COVE) == [
        ("compare_properties", {"zpids": ["z5", "z4"]})
    ]


def test_the_one_and_the_two_are_positions_and_and_after_is_and_then() -> None:
    said = "please compare the one and the three and after show me number 5"
    assert calls(said, **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "903"]}),
        ("get_property_details", {"zpid": "905"}),
    ]


def test_the_2nd_from_the_bottom_is_the_one_before_the_last() -> None:
    assert calls("what about the 2nd from the bottom", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "904"})
    ]


def test_the_last_few_are_the_homes_at_the_end_of_the_list() -> None:
    assert calls("put the last three side by side", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["903", "904", "905"]})
    ]


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


def test_details_and_a_bare_number_opens_that_home() -> None:
    assert calls("details 4", **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]


def test_open_and_a_bare_number_opens_that_home() -> None:
    assert calls("open 5", **ON_SCREEN) == [("get_property_details", {"zpid": "905"})]


def test_the_most_affordable_one_is_the_cheapest_shown() -> None:
    cheapest_last = [*SHOWN[1:], {**SHOWN[0], "zpid": "900", "price": 99_000}]
    assert calls("open the most affordable one", last_results=cheapest_last) == [
        ("get_property_details", {"zpid": "900"})
    ]


def test_a_visit_for_a_number_and_the_scoop_on_a_number_name_that_home() -> None:
    assert [(n, a["zpid"]) for n, a in calls("a showing for 3 if possible", **STRICT)] == [
        ("request_tour", "903")
    ]
    assert calls("what's the scoop on 4", **STRICT) == [("get_property_details", {"zpid": "904"})]


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("stats on 3", "z3"),
        ("the rundown for 4", "z4"),
        ("more on the second last", "z4"),
        ("the priciest of the lot", "z5"),
        ("cheapest of the results", "z2"),
        ("the listing with the highest price", "z5"),
        ("open the place with the lowest price", "z2"),
    ],
)
def test_a_home_named_by_a_bare_number_or_a_superlative_said_otherwise(
    text: str, zpid: str
) -> None:
    assert calls(text, **ON_ELM_STREET) == [("get_property_details", {"zpid": zpid})]


def test_a_bare_number_after_a_count_word_is_still_a_count() -> None:
    assert calls("info on 3 bedroom houses in 78745")[0][0] == "search_properties"


def test_a_home_named_by_its_place_next_to_another_is_that_home() -> None:
    assert named("what's the one under the fourth like", **ON_ELM_DRIVE) == [
        ("get_property_details", "75")
    ]
    assert named("details on the one directly above the last one", **ON_ELM_DRIVE) == [
        ("get_property_details", "76")
    ]
    assert named("the one following #5", **ON_ELM_DRIVE) == [("get_property_details", "76")]


def test_the_one_after_it_or_the_next_one_follows_the_home_named_before() -> None:
    assert named("bookmark the last one and the one above it", **ON_ELM_DRIVE) == [
        ("save_home", "77"),
        ("save_home", "76"),
    ]
    assert named("keep the third one and the next one on my list", **ON_ELM_DRIVE) == [
        ("save_home", "73"),
        ("save_home", "74"),
    ]


def test_a_position_taken_back_is_not_acted_on() -> None:
    assert named("save the fifth, oops, I meant the sixth", **ON_ELM_DRIVE) == [("save_home", "76")]
    assert named(
        "the second is not for us but the third looks nice, details please", **ON_ELM_DRIVE
    ) == [("get_property_details", "73")]
    assert named("not the 4th one, the 5th one", **ON_ELM_DRIVE) == [("get_property_details", "75")]


def test_a_question_ending_with_two_numbers_opens_both() -> None:
    assert named("what about 3 & 5", **ON_ELM_DRIVE) == [
        ("get_property_details", "73"),
        ("get_property_details", "75"),
    ]


def test_a_position_closed_by_courtesy_or_opened_by_pull_up_names_the_home() -> None:
    assert calls("the fourth, thanks", **ON_SCREEN) == [("get_property_details", {"zpid": "904"})]
    assert calls("bring up 2 for me", **ON_SCREEN) == [("get_property_details", {"zpid": "902"})]


def test_back_and_forth_is_no_fourth_home() -> None:
    said = "we went back and forth about number 5, can you show it to me again"
    assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "905"})]


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


def test_a_superlative_without_its_article_names_that_home() -> None:
    assert calls("compare priciest and cheapest", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["905", "901"]})
    ]
    assert calls("priciest of lot", **ON_SCREEN) == details("905")
    assert calls("cheapest?", **ON_SCREEN) == details("901")


def test_a_place_next_to_another_without_its_article_is_that_home() -> None:
    assert calls("one after 2nd", **ON_SCREEN) == details("903")
    assert calls("not second one one above it", **ON_SCREEN) == details("901")
    assert calls("fourth from bottom", **ON_SCREEN) == details("902")
    assert calls("next one after 1st", **ON_SCREEN) == details("902")


def test_the_one_before_or_below_counts_from_the_open_home() -> None:
    assert calls("the one before?", **IN_VIEW) == details("903")
    assert calls("and the one below", **IN_VIEW) == details("905")


def test_a_message_that_only_names_a_home_is_no_save_by_its_intent() -> None:
    near_save = {"intents": [("save_home", 0.9), ("home_details", 0.4)]}
    assert calls("and the third one?", **ON_SCREEN, **near_save) == details("903")


def test_a_position_said_first_then_its_question_is_that_home() -> None:
    assert calls("4th - how old?", **ON_SCREEN) == details("904")
    assert calls("2nd baths?", **ON_SCREEN) == details("902")


# Moved from the sixteenth session's files


def test_a_number_listed_beside_a_position_is_a_position_too() -> None:
    assert calls("show me four and also the five", **ON_SCREEN) == details("904") + details("905")
    assert [name for name, _ in calls("bookmark 1, 3 and 5", **ON_SCREEN)] == ["save_home"] * 3


def test_moving_to_the_next_home_is_no_stop_of_a_watch() -> None:
    near_stop = {"intents": [("stop_watching", 0.9)], "preferences": {"watch_901": "price"}}
    assert calls("jump to the next house", **IN_VIEW, **near_stop) == details("905")


def test_skipping_to_the_next_home_opens_it() -> None:
    assert calls("jump to the next", **IN_VIEW) == details("905")
    assert calls("when was 3 built", **ON_SCREEN) == details("903")


def test_the_open_home_and_the_one_before_it() -> None:
    assert calls("save this one and the previous one", **IN_VIEW) == [
        ("save_home", {"zpid": "904"}),
        ("save_home", {"zpid": "903"}),
    ]
    assert calls("compare it with the previous", **IN_VIEW) == [
        ("compare_properties", {"zpids": ["904", "903"]})
    ]


def test_the_cheapest_few_said_after_their_count() -> None:
    assert calls("bookmark the cheapest three", **ON_SCREEN) == [
        ("save_home", {"zpid": "901"}),
        ("save_home", {"zpid": "902"}),
        ("save_home", {"zpid": "903"}),
    ]


def test_two_bare_numbers_after_a_verb_of_showing_are_two_homes() -> None:
    both = [("get_property_details", {"zpid": "902"}), ("get_property_details", {"zpid": "904"})]
    assert calls("open up 2 and 4", **ON_SCREEN) == both
    assert calls("lemme see 2 also 4 pls", **ON_SCREEN) == both
    assert calls("give me 2, 4 details", **ON_SCREEN) == both
    assert "beds_min" in searched("show me 2 and 3 bedroom ones", **ON_SCREEN)


def test_a_superlative_after_a_verb_that_opens_one_home_names_it() -> None:
    assert calls("pull up the priciest", **ON_ELM_STREET) == details("z5")
    found = calls("bring up the least expensive, then the payment", **ON_ELM_STREET)
    assert found[0] == details("z2")[0]
    assert "sort" in searched("look at the cheapest first", **ON_ELM_STREET)
    assert "sort" in searched("show me the priciest", **ON_ELM_STREET)


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("top result pls", "901"),
        ("bottom listing, what's in it", "905"),
        ("the home up on top", "901"),
        ("the house sitting way down at the bottom", "905"),
        ("the listing that is right at the top", "901"),
    ],
)
def test_the_top_and_the_bottom_said_without_the_or_far_down_name_an_end(
    text: str, zpid: str
) -> None:
    assert calls(text, **ON_SCREEN) == details(zpid)


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("pull up the bottom two", ["904", "905"]),
        ("ok, the bottom three then", ["903", "904", "905"]),
        ("more on the last 2 please", ["904", "905"]),
    ],
)
def test_the_last_few_homes_of_the_list_open_each(text: str, zpids: list[str]) -> None:
    assert calls(text, **ON_SCREEN) == [c for z in zpids for c in details(z)]


def test_the_last_days_are_no_homes_at_the_end_of_the_list() -> None:
    assert "get_property_details" not in str(calls("new in 78745 in the last 3 days", **ON_SCREEN))


@pytest.mark.parametrize(
    "text", ["the fourth house on the list", "number 4 on your page", "the 4th one in the results"]
)
def test_a_home_named_where_it_sits_is_no_wish_for_homes_like_it(text: str) -> None:
    near = [("similar_homes", 0.72), ("home_details", 0.68)]
    assert calls(text, intents=near, **ON_SCREEN) == details("904")


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("bookmark the first one and the last", "save_home"),
        ("keep an eye on the second and the last one", "watch_home"),
        ("pull up the third and the last", "get_property_details"),
    ],
)
def test_the_last_beside_another_position_is_the_last_shown(text: str, tool: str) -> None:
    assert [name for name, _ in calls(text, **ON_SCREEN)] == [tool, tool]
    assert named(text, **ON_SCREEN)[-1] == (tool, "905")


@pytest.mark.parametrize("text", ["fave number 3", "fav the third one pls"])
def test_a_fave_is_a_save(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [("save_home", {"zpid": "903"})]


@pytest.mark.parametrize(("said", "zpid"), [("info 3rd pls", "903"), ("specs fifth", "905")])
def test_facts_asked_by_a_position_alone_open_that_home(said: str, zpid: str) -> None:
    assert named(said, **ON_SCREEN) == [("get_property_details", zpid)]


@pytest.mark.parametrize(
    ("text", "zpids"),
    [
        ("tell me about one and two", ["901", "902"]),
        ("show me one and three", ["901", "903"]),
        ("tell me about two and five please", ["902", "905"]),
        ("tell me more about 3 and 4", ["903", "904"]),
    ],
)
def test_two_positions_said_as_bare_numbers_open_both(text: str, zpids: list[str]) -> None:
    assert named(text, **ON_SCREEN) == [("get_property_details", z) for z in zpids]


@pytest.mark.parametrize("text", ["show me one and two bedroom homes", "tell me about one of them"])
def test_one_beside_a_count_or_a_noun_names_no_two_homes(text: str) -> None:
    planned = conversation.plan_for(Conversation(text=text, **ON_SCREEN))
    opened = [c for c in (planned.calls if planned else []) if c.name == "get_property_details"]
    assert len(opened) < 2


def test_two_homes_each_said_as_an_ordinal_one_are_both_opened() -> None:
    """ "the first one" is a position, not a count of one result: each home so named opens."""
    assert named("pull up the second one and the fourth one", **ON_SCREEN) == [
        ("get_property_details", "902"),
        ("get_property_details", "904"),
    ]
    assert named("open the top one and the last one", **ON_SCREEN) == [
        ("get_property_details", "901"),
        ("get_property_details", "905"),
    ]


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("whats the story with 2", "z2"),
        ("what's the deal with 3", "z3"),
        ("what's going on with 4?", "z4"),
    ],
)
def test_a_bare_number_after_the_deal_or_story_with_names_a_home(text: str, zpid: str) -> None:
    assert calls(text, **ON_ELM_STREET) == details(zpid)


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("tell me about the one listed at $424,000", "z3"),
        ("the $269,900 one", "z2"),
        ("more on the house going for 515k", "z5"),
        ("what about the one priced at 310,000?", "z4"),
    ],
)
def test_a_home_named_by_its_price_on_screen_opens_it(text: str, zpid: str) -> None:
    assert calls(text, **ON_ELM_STREET) == details(zpid)


def test_a_price_no_home_on_screen_has_is_no_home_named() -> None:
    assert [name for name, _ in calls("the one for 700k", **ON_ELM_STREET)] != [
        "get_property_details"
    ]


def test_a_superlative_one_with_nothing_shown_is_no_search_of_every_home() -> None:
    for said in ["the priciest one", "which one is the smallest", "open the oldest one"]:
        found = conversation.plan_for(Conversation(text=said))
        assert found is not None and found.calls == [], said
        assert "no results" in found.note, said
    assert searched("the cheapest one in round rock")["location"] == "Round Rock"


def test_moving_on_to_a_home_by_its_bare_number() -> None:
    for said, zpid in [("skip to 4", "904"), ("ok and 2", "902"), ("how about 5?", "905")]:
        assert named(said, **ON_SCREEN) == [("get_property_details", zpid)], said
    assert searched("how about 4 bedrooms", **ON_SCREEN)["beds_min"] == 4


def test_a_home_said_to_be_at_a_position_or_expanded() -> None:
    said = "tell me about the listing which is third"
    assert named(said, **ON_SCREEN) == [("get_property_details", "903")]
    assert named("expand 2", **ON_SCREEN) == [("get_property_details", "902")]


@pytest.mark.parametrize(
    ("said", "planned"),
    [
        (
            "keep an eye on the price of 3 for me",
            [("watch_home", {"zpid": "903", "watch": "price"})],
        ),
        ("track the price for 2", [("watch_home", {"zpid": "902", "watch": "price"})]),
        ("save no 4", [("save_home", {"zpid": "904"})]),
        ("open no 2 please", [("get_property_details", {"zpid": "902"})]),
    ],
)
def test_a_bare_number_after_a_homes_price_or_no_is_its_position(
    said: str, planned: list[tuple[str, dict[str, object]]]
) -> None:
    """ "the price of 3", "save no 4": a home named by its bare number after what is said of
    it, or after "no" as a learner or a dictation writes "No. 4"."""
    assert calls(said, **ON_SCREEN) == planned


def test_no_before_a_count_is_still_none() -> None:
    assert [name for name, _ in calls("homes with no 2 story", **ON_SCREEN)] == [
        "search_properties"
    ]


@pytest.mark.parametrize(
    ("text", "zpid"),
    [("wait, go back to the second one", "902"), ("nah, number 4", "904"), ("actually #1", "901")],
)
def test_a_home_named_after_a_word_taken_back_is_only_named(text: str, zpid: str) -> None:
    near = {"intents": [("save_home", 0.9)]}
    assert calls(text, **ON_SCREEN, **near) == details(zpid)


@pytest.mark.parametrize(("text", "zpid"), [("the 2nd to last pls", "904"), ("3rd to last", "903")])
def test_a_digit_ordinal_to_last_counts_from_the_end(text: str, zpid: str) -> None:
    assert calls(text, **ON_SCREEN) == details(zpid)


# Twenty-third session (understand42): homes like a shown one in a word of kinship.


@pytest.mark.parametrize(
    "text",
    [
        "love the 2nd, find its cousins",
        "number 2 rocks, got any of its siblings?",
        "any twins of the second one",
        "more with the same vibe as #2",
    ],
)
def test_kin_of_a_shown_home_are_homes_like_it(text: str) -> None:
    assert searched(text, **ON_SCREEN).get("like_zpid") == "902"
