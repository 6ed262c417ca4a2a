"""The planners on the tenth session's ways of saying a wish (phrasings of our own, in no
corpus): a visit asked for with no time named is requested for any time that suits the agent;
a visit said over sentences (the wish, then the time, then "you can email me at ...") is one
request with its time and contact, the contact never read as asking for alerts; a visit said
as popping or coming by; a home held on to (saved) or taken off the list (removed, also as a
second wish); homes put "next to each other" (compared); a watch no longer kept tabs on; the
watches listed when asked "which"; a saved search bumped; a price "slashed", and the time said
with a length after a vaguer one ("recently? like the past two weeks"); a home a person would
hang on to is saved even where the nearest intent is a visit; a question in Spanish, French or
German is answered in English, saying so; the weather, a poem or a place to eat is declined in
words; in a message of several wishes, a clause that only says how one feels ("we're thrilled!"),
leans towards a home, or only runs the search on screen again adds nothing; "before I forget"
forgets nothing; "unsave" is never a list of the saved homes."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_tenth_words")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
one_visit_each = importlib.import_module(f"{_PACKAGE.__name__}.tour_request").one_visit_each
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": f"z{n}", "address": f"{n}00 Elm Cv, Austin, TX 78745", "price": 350_000 + n}
    for n in range(1, 6)
]
ON_SCREEN = {"last_results": SHOWN, "last_criteria": {"location": "78745"}}
ACCOUNT = "my PropSearch account"
KEPT = {
    "home_101": "saved",
    "home_103": "saved",
    "watch_102": "price",
    "search_78745_house": '{"location": "78745", "property_type": "house", "beds_min": 3}',
}
NUMBERED = [
    {"zpid": str(100 + n), "address": f"{n} Fig Trl", "price": 400_000} for n in range(1, 6)
]
KEPT_ON_SCREEN = {
    "last_results": NUMBERED,
    "last_criteria": {"location": "78745"},
    "preferences": KEPT,
}


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def test_a_visit_with_no_time_named_is_requested_for_the_agent_to_time() -> None:
    assert calls("book a viewing of the 4th for us", **ON_SCREEN) == [
        ("request_tour", {"zpid": "z4", "contact": ACCOUNT})
    ]


def test_going_to_see_a_home_is_a_visit_but_going_to_see_kinds_of_homes_a_search() -> None:
    for text in ["can we go see the second one", "could we go and see number 2",
                 "id like to go look at the 2nd house"]:  # fmt: skip
        assert calls(text, **ON_SCREEN) == [("request_tour", {"zpid": "z2", "contact": ACCOUNT})], (
            text
        )
    for text in ["lets go look at the condos instead", "can we go see more houses"]:
        assert [name for name, _ in calls(text, **ON_SCREEN)] == ["search_properties"], text


def test_a_visit_said_in_sentences_is_one_request_with_its_time_and_contact() -> None:
    for contact in ["You can email me at kim@example.org", "text me on 512 555 0142"]:
        found = calls(
            f"we would love to step inside the 2nd one. Is friday at 11am possible? {contact}",
            **ON_SCREEN,
        )
        assert [name for name, _ in found] == ["request_tour"], found
        args = found[0][1]
        assert args["zpid"] == "z2" and args["contact"] in contact
        assert args["times"].startswith("Friday ") and ", 11 am–12 pm (UTC)" in args["times"]


def test_a_home_toured_by_two_clauses_is_one_request_with_what_either_said() -> None:
    friday = "Friday 4 December 2026, 11 am–12 pm (UTC)"
    joined = one_visit_each(
        [
            ("request_tour", {"zpid": "z2", "contact": ACCOUNT}),
            ("save_home", {"zpid": "z2"}),
            ("request_tour", {"zpid": "z2", "times": friday, "contact": ACCOUNT}),
            ("request_tour", {"zpid": "z3", "contact": "kim@example.org"}),
        ]
    )
    assert joined == [
        ("request_tour", {"zpid": "z2", "contact": ACCOUNT, "times": friday}),
        ("save_home", {"zpid": "z2"}),
        ("request_tour", {"zpid": "z3", "contact": "kim@example.org"}),
    ]


def test_a_visit_said_as_popping_or_coming_by_is_a_tour() -> None:
    for text in ["could we pop over to the 3rd sometime", "can we come by number 3 next week"]:
        assert [name for name, _ in calls(text, **ON_SCREEN)] == ["request_tour"], text
        assert calls(text, **ON_SCREEN)[0][1]["zpid"] == "z3"


def test_a_home_held_on_to_is_saved_but_a_budget_held_onto_is_a_preference() -> None:
    said = "we keep thinking about the 5th, can you hold on to that one for us"
    assert calls(said, **ON_SCREEN) == [("save_home", {"zpid": "z5"})]
    budget = calls("our ceiling is 425k, hold onto that", **ON_SCREEN)
    assert [name for name, _ in budget] == ["save_search_criteria"]


def test_a_home_taken_off_the_list_is_removed_also_as_a_second_wish() -> None:
    assert calls("cross the first off my favourites", **KEPT_ON_SCREEN) == [
        ("remove_saved_home", {"zpid": "101"})
    ]
    assert calls("quit following the 2nd, and take the 3rd off my list", **KEPT_ON_SCREEN) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"}),
        ("remove_saved_home", {"zpid": "103"}),
    ]


def test_homes_put_next_to_each_other_are_compared_once() -> None:
    said = "can't pick between the 2nd and 4th, could you line them up next to each other"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["z2", "z4"]})]


def test_a_watch_no_longer_kept_tabs_on_is_stopped_and_which_lists_them() -> None:
    assert calls("stop keeping an eye on the 2nd one please", **KEPT_ON_SCREEN) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"})
    ]
    listed = _conversation.plan_for(
        Conversation(text="which places am I watching at the moment?", **KEPT_ON_SCREEN)
    )
    assert listed is not None and listed.calls == []
    assert "2 Fig Trl: its price" in listed.note


def test_a_saved_search_bumped_is_changed() -> None:
    assert calls("bump our saved search to 4 bedrooms", **KEPT_ON_SCREEN) == [
        (
            "save_search",
            {"criteria": {"location": "78745", "property_type": "house", "beds_min": 4}},
        )
    ]


def test_a_price_slashed_is_a_drop_and_the_length_said_after_a_vaguer_time_counts() -> None:
    found = calls("any condos in 78704 that had their price slashed lately, say the last 10 days")
    assert found == [
        (
            "search_properties",
            {"location": "78704", "property_type": "condo", "price_dropped_within_days": 10},
        )
    ]


def test_words_that_keep_a_home_are_a_save_even_where_the_nearest_intent_is_a_visit() -> None:
    said = "we keep going back to the 3rd, would love to hang on to that one somewhere"
    near_a_visit = [("request_tour", 0.8), ("save_home", 0.6)]
    assert calls(said, intents=near_a_visit, **ON_SCREEN) == [("save_home", {"zpid": "z3"})]


@pytest.mark.parametrize(
    "text",
    [
        "¿Hay casas con jardín cerca de Austin?",
        "Gibt es Häuser mit Garten in Austin?",
        "Avez-vous des maisons avec piscine à Austin ?",
    ],
)
def test_a_question_in_another_language_is_answered_in_english_doing_nothing(text: str) -> None:
    found = _conversation.plan_for(Conversation(text=text))
    assert found is not None and found.calls == [] and found.no_tools
    assert "I can only answer in English" in found.note


def test_an_english_search_naming_a_foreign_word_is_still_a_search() -> None:
    assert calls("show me a casa in Austin with a pool") == [
        ("search_properties", {"location": "Austin", "features": ["pool"]})
    ]


@pytest.mark.parametrize(
    "text",
    [
        "what's the forecast in round rock this weekend",
        "could you write us a little song about our move",
        "where can we get good bbq around 78745",
    ],
)
def test_a_wish_outside_the_product_is_declined_in_words(text: str) -> None:
    found = _conversation.plan_for(Conversation(text=text, **ON_SCREEN))
    assert found is not None and found.calls == [] and found.no_tools
    assert found.note.startswith("That's outside what I can help with")


def test_homes_near_places_to_eat_are_still_searched() -> None:
    found = calls("suggest some houses near coffee shops in 78704")
    assert [name for name, _ in found] == ["search_properties"]


def test_a_clause_that_only_feels_adds_nothing_to_the_wishes_after_it() -> None:
    said = "omg we're thrilled!! could you add the 4th to our list and also book a visit friday"
    found = calls(said, **ON_SCREEN)
    assert [name for name, _ in found] == ["save_home", "request_tour"]
    assert found[0][1] == {"zpid": "z4"} and found[1][1]["zpid"] == "z4"


def test_a_clause_leaning_towards_a_home_names_it_for_the_next_wish() -> None:
    said = "so we're leaning towards the 5th one, could we see it on monday"
    found = calls(said, **ON_SCREEN)
    assert [name for name, _ in found] == ["request_tour"] and found[0][1]["zpid"] == "z5"


def test_a_clause_that_runs_the_search_on_screen_again_adds_nothing() -> None:
    plans = importlib.import_module(f"{_PACKAGE.__name__}.plans")
    clauses = importlib.import_module(f"{_PACKAGE.__name__}.clauses")
    shown = {"location": "78745", "beds_min": 3, "sort": "relevance", "limit": 10, "page": 1}
    here = Conversation(text="", last_results=SHOWN, last_criteria=shown)
    again = plans.Plan(
        [plans.ToolRequest("search_properties", {"location": "78745", "beds_min": 3})]
    )
    page_two = plans.Plan([plans.ToolRequest("search_properties", {**shown, "page": 2})])
    assert clauses.same_search(again, here) and not clauses.same_search(page_two, here)


def test_before_i_forget_a_budget_is_remembered_not_forgotten() -> None:
    found = calls("oh, before I forget, our budget is 430k tops")
    assert [name for name, _ in found] == ["save_search_criteria"]


def test_unsave_is_a_removal_even_where_the_nearest_intent_lists_the_saved_homes() -> None:
    near_a_list = [("list_saved_homes", 0.8), ("remove_saved_home", 0.6)]
    said = "unsave the first house please"
    assert calls(said, intents=near_a_list, **KEPT_ON_SCREEN) == [
        ("remove_saved_home", {"zpid": "101"})
    ]


def test_first_said_as_before_anything_else_is_no_position() -> None:
    said = "we adore the second one but my partner wants to compare it with the fourth first"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["z2", "z4"]})]
    assert calls("show me the first one first", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "z1"})
    ]
    assert calls("I like that first one, tell me more about it", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "z1"})
    ]


def test_n_written_for_and_starts_a_second_wish() -> None:
    assert calls("pls bookmark #2 n open #4", **ON_SCREEN) == [
        ("save_home", {"zpid": "z2"}),
        ("get_property_details", {"zpid": "z4"}),
    ]


def test_no_more_sending_the_new_homes_of_a_search_stops_it() -> None:
    assert calls("no more send us the new homes of our search", **KEPT_ON_SCREEN) == [
        ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745_house"})
    ]


def test_a_search_kept_as_a_search_is_saved() -> None:
    assert calls("keep this as a saved search", **ON_SCREEN) == [
        ("save_search", {"criteria": {"location": "78745"}})
    ]


def test_the_one_before_last_said_alone_or_compared_is_the_second_to_last() -> None:
    assert calls("second from the bottom, more info please", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "z4"})
    ]
    assert calls("compare the last one with the second-to-last", **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["z5", "z4"]})
    ]
