"""The real_estate planner on visits, in people's own words (phrasings of our own, in no corpus): a
visit with no time named is for any time that suits the agent; one said over sentences is one
request with its time and contact; going to see, popping over, standing or looking inside a
home, booking it for a day or asking when it can be seen are visits (going to see kinds of homes
is a search, showing me a home's details no visit); several homes are each visited at the time
said with each, the saved homes too; a visit beside another wish is one visit."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    IN_VIEW,
    ON_ELM_COVE,
    ON_ELM_DRIVE,
    ON_SCREEN,
    calls,
    module,
    named,
)

ACCOUNT = "my PropSearch account"
one_visit_each = module("tour_request").one_visit_each


def test_a_visit_with_no_time_named_is_requested_for_the_agent_to_time() -> None:
    assert calls("book a viewing of the 4th for us", **ON_ELM_COVE) == [
        ("request_tour", {"zpid": "z4", "contact": ACCOUNT})
    ]


def test_going_to_see_a_home_is_a_visit_but_going_to_see_kinds_of_homes_a_search() -> None:
    for text in ["can we go see the second one", "could we go and see number 2",
                 "id like to go look at the 2nd house"]:  # fmt: skip
        assert calls(text, **ON_ELM_COVE) == [
            ("request_tour", {"zpid": "z2", "contact": ACCOUNT})
        ], text
    for text in ["lets go look at the condos instead", "can we go see more houses"]:
        assert [name for name, _ in calls(text, **ON_ELM_COVE)] == ["search_properties"], text


def test_a_visit_said_in_sentences_is_one_request_with_its_time_and_contact() -> None:
    for contact in ["You can email me at kim@example.org", "text me on 512 555 0142"]:
        found = calls(
            f"we would love to step inside the 2nd one. Is friday at 11am possible? {contact}",
            **ON_ELM_COVE,
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
        assert [name for name, _ in calls(text, **ON_ELM_COVE)] == ["request_tour"], text
        assert calls(text, **ON_ELM_COVE)[0][1]["zpid"] == "z3"


def test_standing_inside_a_home_is_a_visit_and_showing_me_it_is_not() -> None:
    visit = calls("we'd love to stand inside it before deciding", **IN_VIEW)
    assert [(name, args["zpid"]) for name, args in visit] == [("request_tour", "904")]
    said = "could you try showing me everything about the 2nd, the photos were small"
    assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "902"})]


def test_looking_inside_a_home_before_someone_else_buys_it_is_a_visit() -> None:
    said = "I'd hate to lose the 3rd before we've had a proper look inside"
    assert [(name, args["zpid"]) for name, args in calls(said, **ON_SCREEN)] == [
        ("request_tour", "903")
    ]


def test_booking_a_home_for_a_day_or_asking_when_to_see_it_is_a_visit() -> None:
    for text, zpid in [
        ("book #2 for saturday at 11", "902"),
        ("when could we view the 4th", "904"),
    ]:
        planned = calls(text, **ON_SCREEN)
        assert [(name, args["zpid"]) for name, args in planned] == [("request_tour", zpid)], text


def test_several_homes_named_by_position_are_each_visited_at_their_own_time() -> None:
    found = calls("tour 3 and 6 on friday", **ON_ELM_DRIVE)
    assert [(n, a["zpid"]) for n, a in found] == [("request_tour", "73"), ("request_tour", "76")]
    assert all("Friday" in a["times"] for _, a in found)
    found = calls("could we see the first one monday and the fourth one tuesday", **ON_ELM_DRIVE)
    assert [(a["zpid"], a["times"].split()[0]) for _, a in found] == [
        ("71", "Monday"),
        ("74", "Tuesday"),
    ]
    assert named("set up showings for number 2 and number 5", **ON_ELM_DRIVE) == [
        ("request_tour", "72"),
        ("request_tour", "75"),
    ]


def test_a_visit_beside_another_wish_is_one_visit() -> None:
    assert named("compare 1 with 2 and book a showing of the 2nd for saturday", **ON_ELM_DRIVE) == [
        ("compare_properties", ""),
        ("request_tour", "72"),
    ]


def test_a_visit_of_the_saved_homes_requests_a_tour_of_each() -> None:
    kept = {"home_101": "SAVED", "home_404": "SAVED"}
    found = calls("could we tour our favourites next friday", preferences=kept)
    assert [(name, args["zpid"]) for name, args in found] == [
        ("request_tour", "101"),
        ("request_tour", "404"),
    ]
    assert found[0][1]["times"] == found[1][1]["times"]


# Moved from the sixteenth session's files


def test_a_visit_said_walk_thru_or_show_me_a_home_on_a_day() -> None:
    assert [name for name, _ in calls("can we walk thru number 5 friday", **ON_SCREEN)] == [
        "request_tour"
    ]
    assert calls("show me the 4th on saturday", **ON_SCREEN)[0][1]["zpid"] == "904"
    assert [name for name, _ in calls("show me houses this weekend", **ON_SCREEN)] == [
        "search_properties"
    ]


def test_a_learners_visit_on_the_weekend_names_the_home_by_its_number() -> None:
    (name, args), *_ = calls("me and my husband want see the 3 in the weekend", **ON_SCREEN)
    assert (name, args["zpid"]) == ("request_tour", "903")


def test_a_bare_number_booked_is_a_visit_of_that_home() -> None:
    (name, args), *_ = calls("book 3 for friday", **ON_SCREEN)
    assert (name, args["zpid"]) == ("request_tour", "903")


def test_two_bare_numbers_to_see_in_person_are_two_visits() -> None:
    said = calls("we want see 2 and 4 in person", **ON_SCREEN)
    assert [(name, args["zpid"]) for name, args in said] == [
        ("request_tour", "902"),
        ("request_tour", "904"),
    ]
    assert [name for name, _ in calls("can I see 20 results", **ON_SCREEN)] == ["search_properties"]


def test_a_bare_number_after_a_visit_to_is_that_home() -> None:
    assert named("arrange a visit to 3 tomorrow morning", **ON_SCREEN) == [("request_tour", "903")]


def test_learner_words_for_going_to_see_a_home_are_a_visit() -> None:
    assert named("we are wanting to see the 2 in person", **ON_SCREEN) == [("request_tour", "902")]
    assert named("could we see this home on weekend", **IN_VIEW) == [("request_tour", "904")]
    assert named("the 3, I want visit him friday", **ON_SCREEN) == [("request_tour", "903")]


def test_seeing_a_home_on_the_map_is_no_visit() -> None:
    assert [name for name, _ in named("I want to see this house on the map", **IN_VIEW)] != [
        "request_tour"
    ]


def test_coming_to_see_a_home_or_seeing_it_with_a_realtor_is_a_visit() -> None:
    assert named("my husband and I would like to come see the 5th", **ON_SCREEN) == [
        ("request_tour", "905")
    ]
    assert named("we'd like to see number 2 with our realtor", **ON_SCREEN) == [
        ("request_tour", "902")
    ]


def test_getting_in_to_a_home_or_checking_it_out_on_a_day_is_a_visit() -> None:
    assert named("could you get us in to the 4th", **ON_SCREEN) == [("request_tour", "904")]
    assert named("we'd check out number 1 sunday morning", **ON_SCREEN) == [("request_tour", "901")]
    assert named("can I view it this weekend", **IN_VIEW) == [("request_tour", "904")]
    assert named("check out the 2nd", **ON_SCREEN) == [("get_property_details", "902")]


def test_seeing_the_inside_of_a_home_is_a_visit() -> None:
    assert named("we'd really like to see inside the 2nd", **ON_SCREEN) == [("request_tour", "902")]
    assert named("can I see the inside of it", **IN_VIEW) == [("request_tour", "904")]


def test_being_taken_through_a_home_or_asking_its_free_times_is_a_visit() -> None:
    assert named("could an agent take us around number 4", **ON_SCREEN) == [("request_tour", "904")]
    assert named("which days are open to view this place?", **IN_VIEW) == [("request_tour", "904")]


def test_the_homes_on_my_list_or_the_ones_we_saved_are_each_visited() -> None:
    kept_two = {**ON_SCREEN, "preferences": {"home_902": "saved", "home_905": "saved"}}
    for said in ["book showings of the ones we saved", "visit the houses on our list on sunday"]:
        assert named(said, **kept_two) == [("request_tour", "902"), ("request_tour", "905")], said


@pytest.mark.parametrize(
    "text", ["what's the street address of number 4?", "where is the 2nd one exactly"]
)
def test_a_question_of_a_shown_homes_facts_is_no_visit_whatever_intent_it_is_near(
    text: str,
) -> None:
    near = {"intents": [("request_tour", 0.8)]}
    assert [name for name, _ in calls(text, **ON_SCREEN, **near)] == ["get_property_details"]
