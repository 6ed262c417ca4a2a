"""The real_estate planner on saved homes, in people's own words (phrasings of our own, in no
corpus): a home held on to, kept somewhere or kept by position is saved, also where the nearest
intent is a visit; "save the first three" saves each; a home crossed off, dropped, unsaved or
un-favorited is removed, also as a second wish; "which ones have we kept" and "what's on my
list" list the saved homes."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    AUSTIN_HOUSE,
    IN_VIEW,
    KEPT,
    ON_ELM_COVE,
    ON_FIG_TRAIL,
    ON_SCREEN,
    PACKAGE,
    Conversation,
    calls,
    conversation,
    details,
    named,
)


def test_a_home_held_on_to_is_saved_but_a_budget_held_onto_is_a_preference() -> None:
    said = "we keep thinking about the 5th, can you hold on to that one for us"
    assert calls(said, **ON_ELM_COVE) == [("save_home", {"zpid": "z5"})]
    budget = calls("our ceiling is 425k, hold onto that", **ON_ELM_COVE)
    assert [name for name, _ in budget] == ["save_search_criteria"]


def test_words_that_keep_a_home_are_a_save_even_where_the_nearest_intent_is_a_visit() -> None:
    said = "we keep going back to the 3rd, would love to hang on to that one somewhere"
    near_a_visit = [("request_tour", 0.8), ("save_home", 0.6)]
    assert calls(said, intents=near_a_visit, **ON_ELM_COVE) == [("save_home", {"zpid": "z3"})]


def test_a_home_taken_off_the_list_is_removed_also_as_a_second_wish() -> None:
    assert calls("cross the first off my favourites", **ON_FIG_TRAIL) == [
        ("remove_saved_home", {"zpid": "101"})
    ]
    assert calls("quit following the 2nd, and take the 3rd off my list", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"}),
        ("remove_saved_home", {"zpid": "103"}),
    ]


def test_unsave_is_a_removal_even_where_the_nearest_intent_lists_the_saved_homes() -> None:
    near_a_list = [("list_saved_homes", 0.8), ("remove_saved_home", 0.6)]
    said = "unsave the first house please"
    assert calls(said, intents=near_a_list, **ON_FIG_TRAIL) == [
        ("remove_saved_home", {"zpid": "101"})
    ]


def test_a_home_dropped_from_the_list_is_still_removed() -> None:
    assert calls("drop the 5th from my saved homes", **KEPT) == [
        ("remove_saved_home", {"zpid": "905"})
    ]


def test_a_home_wished_kept_somewhere_is_saved() -> None:
    said = "the 5th keeps coming up at dinner, we'd like it kept somewhere safe"
    assert calls(said, **ON_SCREEN) == [("save_home", {"zpid": "905"})]


def test_keep_and_a_position_saves_that_home() -> None:
    assert calls("keep #4", **ON_SCREEN) == [("save_home", {"zpid": "904"})]
    assert calls("keep the third one", **ON_SCREEN) == [("save_home", {"zpid": "903"})]


def test_saving_the_first_or_last_few_saves_each() -> None:
    assert [args["zpid"] for _, args in calls("save the first three", **ON_SCREEN)] == [
        "901",
        "902",
        "903",
    ]
    assert [args["zpid"] for _, args in calls("bookmark the last 2", **ON_SCREEN)] == ["904", "905"]


def test_asking_which_homes_were_kept_lists_the_saved_homes() -> None:
    assert calls("which houses have we kept so far", **KEPT) == [
        ("get_saved_homes", {"zpids": ["905"]})
    ]


def test_unfavoriting_removes_and_whats_on_my_list_lists() -> None:
    assert calls("un-favorite the fifth", **KEPT) == [("remove_saved_home", {"zpid": "905"})]
    assert calls("what's on my list", **KEPT) == [("get_saved_homes", {"zpids": ["905"]})]


# Moved from the sixteenth session's files


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


def test_whether_a_home_was_saved_is_answered_from_the_saved_homes() -> None:
    kept = {"preferences": {"home_905": "saved"}}
    found = conversation.plan_for(
        Conversation(text="have we saved the 5th already?", **ON_SCREEN, **kept)
    )
    assert (
        found.calls == []
        and found.note == "Yes, 500 Oak Cv, Austin, TX 78745 is in your saved homes."
    )


def test_bare_numbers_taken_off_or_put_on_the_list() -> None:
    kept = {"preferences": {"home_905": "saved"}}
    assert calls("cross 5 off my shortlist", **ON_SCREEN, **kept) == [
        ("remove_saved_home", {"zpid": "905"})
    ]
    assert [name for name, _ in calls("add both 1 and 4 to my favorites", **ON_SCREEN)] == [
        "save_home"
    ] * 2


def test_save_with_a_home_named_still_saves_it() -> None:
    assert calls("save the 2nd, we only want houses", **ON_SCREEN)[0][0] == "save_home"
    assert calls("i want save this house", **IN_VIEW) == [("save_home", {"zpid": "904"})]


def test_a_saved_home_let_go_by_its_position_is_removed() -> None:
    assert calls("forget the third one", **ON_FIG_TRAIL) == [("remove_saved_home", {"zpid": "103"})]
    assert calls("just scratch number 1 we lost interest", **ON_FIG_TRAIL) == [
        ("remove_saved_home", {"zpid": "101"})
    ]
    assert calls("forget the 2nd", **ON_FIG_TRAIL) == details("102")  # not saved: its details


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("would be a pity to lose sight of the fourth one", "904"),
        ("we don't want to lose track of number 2", "902"),
        ("please don't let me forget about #3", "903"),
    ],
)
def test_a_fear_of_losing_a_home_keeps_it_not_watches_it(text: str, zpid: str) -> None:
    assert named(text, **ON_SCREEN) == [("save_home", zpid)]


def test_please_to_before_a_wish_is_that_wish() -> None:
    assert named("please to save me the fourth", **ON_SCREEN) == [("save_home", "904")]


@pytest.mark.parametrize(
    "text", ["I want keep this home", "keep this place for to look at it again"]
)
def test_the_open_home_kept_in_a_learners_words_is_saved(text: str) -> None:
    assert named(text, **IN_VIEW) == [("save_home", "904")]


def test_a_home_named_by_what_it_costs_and_one_by_position_are_both_saved() -> None:
    homes = [
        {**home, "price": 500_000 - 1000 * n} for n, home in enumerate(ON_SCREEN["last_results"])
    ]
    assert named("star the cheapest and the 2nd", last_results=homes) == [
        ("save_home", "905"),
        ("save_home", "902"),
    ]


def test_having_lost_track_asks_for_the_list_not_a_watch() -> None:
    assert [n for n, _ in calls("which ones did I favourite? I lost track", **ON_FIG_TRAIL)] == [
        "get_saved_homes"
    ]


def test_a_home_cooled_on_then_taken_off_is_removed_alone() -> None:
    assert named("we've gone off number 3, take it off our list", **ON_FIG_TRAIL) == [
        ("remove_saved_home", "103")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "mark the 4th as a favourite",
        "i wanna save the fourth",
        "we'd love to save number 4",
        "could u save #4",
        "can I save the 4th house?",
    ],
)
def test_a_home_kept_in_other_words_is_saved(text: str) -> None:
    assert named(text, **ON_SCREEN) == [("save_home", "904")]


@pytest.mark.parametrize(
    "text", ["add it to my favs", "we want this one on our shortlist", "this one's a keeper"]
)
def test_the_open_home_put_on_the_list_is_saved(text: str) -> None:
    assert named(text, **IN_VIEW) == [("save_home", "904")]


def test_asking_whether_the_open_home_is_on_the_list_saves_nothing() -> None:
    found = conversation.plan_for(Conversation(text="is it on my shortlist?", **IN_VIEW))
    assert found is None or "save_home" not in [call.name for call in found.calls]


@pytest.mark.parametrize("text", ["favs", "our saved ones please", "saved homes?"])
def test_the_list_named_alone_is_listed(text: str) -> None:
    assert [n for n, _ in calls(text, **ON_FIG_TRAIL)] == ["get_saved_homes"]


@pytest.mark.parametrize(
    "text",
    [
        "take number 1 off",
        "we're no longer keen on number 1",
        "we changed our minds about the first one, delete it",
    ],
)
def test_a_saved_home_let_go_in_other_words_is_removed(text: str) -> None:
    assert named(text, **ON_FIG_TRAIL) == [("remove_saved_home", "101")]


def test_both_saved_homes_removed_are_each_removed() -> None:
    assert named("remove both of my saved homes", **ON_FIG_TRAIL) == [
        ("remove_saved_home", "101"),
        ("remove_saved_home", "103"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "let's save it",
        "we should save this one",
        "i think we should keep this one",
        "wow, this is it, bookmark it",
        "saving this one",
        "remember this place for us",
        "I want to add this house in my favorite",
    ],
)
def test_the_open_home_kept_as_a_suggestion_or_after_a_remark_is_saved(text: str) -> None:
    assert named(text, **IN_VIEW) == [("save_home", "904")]


@pytest.mark.parametrize("text", ["my max is 425k, remember that", "budget 425, hold onto that"])
def test_a_budget_to_remember_is_no_home_saved(text: str) -> None:
    assert [name for name, _ in calls(text, **IN_VIEW)] == ["save_search_criteria"]


def test_which_homes_are_in_the_list_lists_them() -> None:
    assert [n for n, _ in calls("which houses are in our favourites?", **ON_FIG_TRAIL)] == [
        "get_saved_homes"
    ]


def test_a_removal_then_what_we_have_lists_the_rest() -> None:
    found = named("take the 3rd off my saved homes and show me what we have", **ON_FIG_TRAIL)
    assert found == [("remove_saved_home", "103"), ("get_saved_homes", "")]


def test_adding_a_home_named_alone_saves_it() -> None:
    assert named("add #2", **ON_SCREEN) == [("save_home", "902")]
    assert named("take #5 off my list and add the first", **KEPT) == [
        ("remove_saved_home", "905"),
        ("save_home", "901"),
    ]
    assert [name for name, _ in named("add the garage", **ON_SCREEN)] == ["search_properties"]


@pytest.mark.parametrize(
    ("said", "answer"),
    [
        ("have we already bookmarked the 1st?", "Yes, 1 Fig Trl is in your saved homes."),
        ("just checking, is number 4 among our faves", "No, 4 Fig Trl isn't in your saved homes"),
        ("did I ever favourite #3", "Yes, 3 Fig Trl is in your saved homes."),
    ],
)
def test_asking_if_a_home_is_saved_is_answered_not_saved(said: str, answer: str) -> None:
    found = conversation.plan_for(
        Conversation(text=said, intents=[("save_home", 0.63)], **ON_FIG_TRAIL)
    )
    assert found.calls == [] and found.note.startswith(answer)


def test_asking_if_a_home_beats_the_saved_ones_is_no_question_of_saving() -> None:
    said = "is the 2nd one bigger than my saved ones"
    assert [n for n, _ in calls(said, **ON_FIG_TRAIL)] == ["compare_properties"]


@pytest.mark.parametrize("said", ["un-favourite both of them please", "unstar all"])
def test_every_saved_home_unsaved_by_the_verb_alone_removes_each(said: str) -> None:
    assert named(said, **ON_FIG_TRAIL) == [
        ("remove_saved_home", "101"),
        ("remove_saved_home", "103"),
    ]


@pytest.mark.parametrize(
    ("said", "zpid"), [("unsave nr. 3", "103"), ("drop n° 1 off my list", "101")]
)
def test_a_position_written_as_nr_or_n_degree_is_that_home(said: str, zpid: str) -> None:
    assert calls(said, **ON_FIG_TRAIL) == [("remove_saved_home", {"zpid": zpid})]


@pytest.mark.parametrize(
    "said",
    ["ditch our favourites, we'll start again", "delete my saved list", "get rid of the keepers"],
)
def test_the_saved_list_itself_removed_removes_each_saved_home(said: str) -> None:
    assert named(said, **ON_FIG_TRAIL) == [
        ("remove_saved_home", "101"),
        ("remove_saved_home", "103"),
    ]


@pytest.mark.parametrize(
    ("said", "zpid"),
    [
        ("bring up the second of our favourites", "103"),
        ("tell me about my 1st saved house", "101"),
        ("details on the last home on my saved list", "103"),
    ],
)
def test_a_saved_home_named_by_its_place_in_the_saved_list_is_opened(said: str, zpid: str) -> None:
    assert calls(said, **ON_FIG_TRAIL) == details(zpid)


@pytest.mark.parametrize("said", ["show us our favourites", "pull up my bookmarks please"])
def test_the_saved_list_asked_for_is_listed_though_the_words_are_near_a_save(said: str) -> None:
    near_a_save = [("save_home", 0.6), ("list_saved_homes", 0.55)]
    assert calls(said, intents=near_a_save, **ON_FIG_TRAIL) == [
        ("get_saved_homes", {"zpids": ["101", "103"]})
    ]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("how big is my second favourite?", details("103")),
        ("can we go see our first saved house on sunday", [("request_tour", "101")]),
        ("keep an eye on the price of the second of my bookmarks", [("watch_home", "103")]),
    ],
)
def test_a_saved_home_named_by_its_place_in_the_saved_list_is_that_home_for_any_wish(
    said: str, expected: list[tuple[str, object]]
) -> None:
    found = calls(said, **ON_FIG_TRAIL)
    assert [(name, args.get("zpid")) for name, args in found] == [
        (name, arg if isinstance(arg, str) else arg["zpid"]) for name, arg in expected
    ]


def test_a_saved_home_named_by_its_place_in_the_saved_list_is_meant_for_the_other_skills() -> None:
    turn = {
        "text": "what would my 2nd favourite cost us a month",
        "earlier": [{"type": "listings", "items": ON_FIG_TRAIL["last_results"]}],
        "preferences": ON_FIG_TRAIL["preferences"],
    }
    assert PACKAGE.meant(turn) == [{"type": "detail", "items": [ON_FIG_TRAIL["last_results"][2]]}]


def test_a_saved_home_named_by_its_place_is_opened_though_the_words_are_near_the_list() -> None:
    near_the_list = [("list_saved_homes", 0.8), ("remove_saved_home", 0.6)]
    said = "bring up the 2nd of my keepers"
    assert calls(said, intents=near_the_list, **ON_FIG_TRAIL) == details("103")


def test_words_near_the_saved_list_that_name_no_list_are_no_list() -> None:
    near_the_list = [("list_saved_homes", 0.7), ("search_homes", 0.6)]
    found = calls("which houses could we get", intents=near_the_list, preferences=AUSTIN_HOUSE)
    assert [name for name, _ in found] == ["search_properties"]


def test_what_was_set_aside_asked_near_the_list_is_the_list() -> None:
    near_the_list = [("list_saved_homes", 0.7), ("search_homes", 0.6)]
    found = calls("what have we set aside so far", intents=near_the_list, **ON_FIG_TRAIL)
    assert found == [("get_saved_homes", {"zpids": ["101", "103"]})]


@pytest.mark.parametrize("said", ["add the 3rd as well", "add #3 too", "add number 3 instead"])
def test_adding_a_home_with_a_word_after_it_keeps_it(said: str) -> None:
    assert named(said, **ON_SCREEN) == [("save_home", "903")], said


def test_one_home_taken_off_the_list_and_another_added() -> None:
    said = "drop #5 from my favourites and add number 2 too"
    assert named(said, **KEPT) == [("remove_saved_home", "905"), ("save_home", "902")]
