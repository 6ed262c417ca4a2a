"""The real_estate planner on two wishes in one message, in people's own words (phrasings of our
own, in no corpus): a second wish started by more verbs ("fill us in on", "walk us through",
"stick", "dig up"), by "secondly", "plus", "after that", "remind me", "n", a dash or "so"; a
clause that only feels ("we're thrilled!"), leans towards, loves, praises or names homes by
position names them for the next wish, and one that runs the search on screen again adds
nothing."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from tests.skills.real_estate_words import (
    ELM_COVE,
    IN_VIEW,
    ON_ELM_COVE,
    ON_ELM_DRIVE,
    ON_ELM_STREET,
    ON_OAK_LANE,
    ON_SCREEN,
    PACKAGE,
    Conversation,
    calls,
    details,
    module,
    named,
)

clauses = module("clauses")
conversation = module("conversation")
Ranking = module("plans").Ranking


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("open the 5th and bookmark it", ["open the 5th", "bookmark it"]),
        ("save #2 and fill us in on #4", ["save #2", "fill us in on #4"]),
        ("save the 1st and walk us through the 3rd", ["save the 1st", "walk us through the 3rd"]),
        ("details on 2 and subscribe me to these", ["details on 2", "subscribe me to these"]),
    ],
)
def test_a_second_wish_may_start_with_more_verbs(text: str, parts: list[str]) -> None:
    assert clauses.clauses(text) == parts


def test_each_of_the_two_wishes_is_planned() -> None:
    assert calls("save #2 and fill us in on #4", **ON_ELM_STREET) == [
        ("save_home", {"zpid": "z2"}),
        ("get_property_details", {"zpid": "z4"}),
    ]


@pytest.mark.parametrize(
    ("text", "second"),
    [
        ("open the 2nd, and could we wander around it on monday", "request_tour"),
        ("tour the 2nd on friday and stick it on my shortlist", "save_home"),
        ("bookmark the 2nd and dig up some along the same lines", "search_properties"),
    ],
)
def test_a_second_wish_started_in_other_words_is_planned(text: str, second: str) -> None:
    found = calls(text, **ON_OAK_LANE)
    assert len(found) == 2 and found[1][0] == second, found
    assert found[1][1].get("zpid", found[1][1].get("like_zpid")) == "z2"


def test_wishes_put_in_order_are_each_made() -> None:
    for said in [
        "ok first off bookmark number 3, and secondly we'd like to go see it on friday",
        "save number 3 plus can we go see it on friday",
        "save number 3, after that can we go see it on friday",
    ]:
        assert [(name, args["zpid"]) for name, args in calls(said, **ON_SCREEN)] == [
            ("save_home", "903"),
            ("request_tour", "903"),
        ], said


def test_remind_me_starts_a_second_wish() -> None:
    assert calls("keep #2 and remind me when it sells", **ON_SCREEN) == [
        ("save_home", {"zpid": "902"}),
        ("watch_home", {"zpid": "902", "watch": "status"}),
    ]


def test_n_written_for_and_starts_a_second_wish() -> None:
    assert calls("pls bookmark #2 n open #4", **ON_ELM_COVE) == [
        ("save_home", {"zpid": "z2"}),
        ("get_property_details", {"zpid": "z4"}),
    ]


def test_a_dash_starts_a_second_wish() -> None:
    assert named("we adore the 3rd one - could we visit it and bookmark it", **ON_ELM_DRIVE) == [
        ("request_tour", "73"),
        ("save_home", "73"),
    ]


def test_so_starts_a_second_wish() -> None:
    assert named("we love number 6 so please save it, then show me the 7th", **ON_ELM_DRIVE) == [
        ("save_home", "76"),
        ("get_property_details", "77"),
    ]


def test_a_clause_that_only_feels_adds_nothing_to_the_wishes_after_it() -> None:
    said = "omg we're thrilled!! could you add the 4th to our list and also book a visit friday"
    found = calls(said, **ON_ELM_COVE)
    assert [name for name, _ in found] == ["save_home", "request_tour"]
    assert found[0][1] == {"zpid": "z4"} and found[1][1]["zpid"] == "z4"


def test_a_clause_leaning_towards_a_home_names_it_for_the_next_wish() -> None:
    said = "so we're leaning towards the 5th one, could we see it on monday"
    found = calls(said, **ON_ELM_COVE)
    assert [name for name, _ in found] == ["request_tour"] and found[0][1]["zpid"] == "z5"


def test_a_clause_that_says_a_home_was_loved_names_it_for_the_next_wish() -> None:
    said = "we adored the porch on the 2nd, are there others kind of like it"
    assert [(name, args.get("like_zpid")) for name, args in calls(said, **ON_SCREEN)] == [
        ("search_properties", "902")
    ]


def test_a_home_praised_by_its_position_is_named_for_the_next_wishes() -> None:
    assert named(
        "the 5th one seems really promising, bookmark it and book a showing", **ON_ELM_DRIVE
    ) == [
        ("save_home", "75"),
        ("request_tour", "75"),
    ]


def test_a_clause_that_only_names_homes_by_position_names_them_for_the_next() -> None:
    assert named("the last two, bookmark both", **ON_ELM_DRIVE) == [
        ("save_home", "76"),
        ("save_home", "77"),
    ]


def test_a_clause_that_runs_the_search_on_screen_again_adds_nothing() -> None:
    plans = importlib.import_module(f"{PACKAGE.__name__}.plans")
    clauses = importlib.import_module(f"{PACKAGE.__name__}.clauses")
    shown = {"location": "78745", "beds_min": 3, "sort": "relevance", "limit": 10, "page": 1}
    here = Conversation(text="", last_results=ELM_COVE, last_criteria=shown)
    again = plans.Plan(
        [plans.ToolRequest("search_properties", {"location": "78745", "beds_min": 3})]
    )
    page_two = plans.Plan([plans.ToolRequest("search_properties", {**shown, "page": 2})])
    assert clauses.same_search(again, here) and not clauses.same_search(page_two, here)


# Moved from the sixteenth session's files


@pytest.mark.parametrize(
    ("text", "context", "second"),
    [
        pytest.param(
            "is the 2nd near a park, and once it goes pending tell me",
            ON_SCREEN,
            ("watch_home", {"zpid": "902", "watch": "status"}),
            id="a condition after the question",
        ),
        pytest.param(
            "i'd like the info on 5 and to bookmark it",
            ON_SCREEN,
            ("save_home", {"zpid": "905"}),
            id="a second wish said with to",
        ),
        pytest.param(
            "tell me whether this has a basement, and keep an eye on it",
            IN_VIEW,
            ("watch_home", {"zpid": "904", "watch": "any"}),
            id="a watch of the open home",
        ),
    ],
)
def test_a_question_about_a_home_then_a_wish_of_its_own_for_it(
    text: str, context: dict[str, Any], second: tuple[str, dict[str, str]]
) -> None:
    assert calls(text, **context) == [*details(second[1]["zpid"]), second]


def test_a_home_whose_watch_stops_is_the_one_a_later_clause_means() -> None:
    watched = {"preferences": {"watch_902": "price"}}
    assert calls("quit watching the 2nd then bookmark it", **ON_SCREEN, **watched) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"}),
        ("save_home", {"zpid": "902"}),
    ]


def test_a_home_praised_first_is_the_one_a_later_wish_naming_none_means() -> None:
    said = "the 3rd looks great, book a viewing then save it"
    assert named(said, **ON_SCREEN) == [("request_tour", "903"), ("save_home", "903")]


def test_first_before_a_wish_orders_the_wishes_and_names_no_home() -> None:
    said = "first open 2 after watch it"
    assert named(said, **ON_SCREEN) == [("get_property_details", "902"), ("watch_home", "902")]


def test_a_tour_wanted_after_plus_is_a_wish_of_its_own() -> None:
    said = "bookmark the 4th, plus I want tour it sunday"
    assert named(said, **ON_SCREEN) == [("save_home", "904"), ("request_tour", "904")]


def test_after_following_a_zip_reads_as_then() -> None:
    said = "look for 3 bed condos in 78704 after save search"
    assert [name for name, _ in calls(said)] == ["search_properties", "save_search"]


def test_a_feeling_about_the_open_home_before_two_wishes_adds_nothing() -> None:
    said = "adore it!! bookmark it and set up a showing saturday"
    assert named(said, **IN_VIEW) == [("save_home", "904"), ("request_tour", "904")]


def test_the_open_homes_fees_asked_then_a_second_wish() -> None:
    said = "give me the property taxes and the hoa dues, then bookmark it"
    assert named(said, **IN_VIEW) == [("get_property_details", "904"), ("save_home", "904")]


def test_the_cheaper_one_in_a_later_clause_is_the_cheaper_of_those_just_compared() -> None:
    kept_two = {**ON_SCREEN, "preferences": {"home_902": "saved", "home_905": "saved"}}
    said = "put our keepers side by side, then tour the cheaper one on sunday"
    assert named(said, **kept_two) == [("compare_properties", ""), ("request_tour", "902")]


@pytest.mark.parametrize(
    ("text", "praise"),
    [
        ("this ones lovely, can you dig up a few more like it", "this ones lovely"),
        ("that one's really cute. anything else like it?", "that one's really cute"),
    ],
)
def test_praise_said_with_an_s_names_the_home_and_saves_nothing(text: str, praise: str) -> None:
    """The praise alone is ranked nearest to saving: read as praise, it only names the home."""
    ranked = (module("plans").Ranking(praise, learned=[("save_home", 0.9)]),)
    assert named(text, parts=ranked, **IN_VIEW) == [("search_properties", "")]
    assert calls(text, parts=ranked, **IN_VIEW)[0][1]["like_zpid"] == "904"


def test_setting_an_alert_or_asking_whether_starts_a_second_wish() -> None:
    said = "bookmark the 2nd and set an alert on its price"
    assert named(said, **ON_SCREEN) == [("save_home", "902"), ("watch_home", "902")]
    said = "give me the taxes on the 4th and whether we can visit it saturday"
    assert named(said, **ON_SCREEN) == [("get_property_details", "904"), ("request_tour", "904")]


def test_a_clause_asking_to_watch_is_no_stop_though_ranked_near_one() -> None:
    said = "open the 3rd and follow it"
    ranked = (Ranking("follow it", [("stop_watching", 0.58), ("watch_home", 0.47)]),)
    conv = Conversation(text=said, parts=ranked, **ON_SCREEN)
    found = conversation.plan_for(conv)
    assert found is not None
    assert [(c.name, c.args["zpid"]) for c in found.calls] == [
        ("get_property_details", "903"),
        ("watch_home", "903"),
    ]


def test_a_colon_starts_the_wishes_after_a_home_named() -> None:
    said = "we are keen on the 3rd: bookmark it and then set up a visit"
    assert named(said, **ON_SCREEN) == [("save_home", "903"), ("request_tour", "903")]


def test_putting_the_open_home_aside_keeps_nothing() -> None:
    """Even when the platform ranks the aside nearest to keeping a home."""
    ranking = module("plans").Ranking
    for said, aside, zpid in [
        ("skip it, open the 2nd", "skip it", "902"),
        ("nope, not this one. show me #1", "nope, not this one", "901"),
    ]:
        near_save = ranking(aside, intents=[("save_home", 0.6)], learned=[("save_home", 0.6)])
        found = named(said, **IN_VIEW, parts=(near_save,))
        assert found == [("get_property_details", zpid)], said


def test_going_on_to_another_home_after_a_wish_opens_it() -> None:
    said = "bookmark this one and then move on to the next one"
    assert named(said, **IN_VIEW) == [("save_home", "904"), ("get_property_details", "905")]


def test_a_second_clause_with_its_own_change_keeps_it_over_the_first_clause_wish() -> None:
    """ "... and also if the 1st drops in price": the clause alone watches the price, so it is
    not read as the first clause's wish ("goes under contract") with its home put in."""
    said = "ping me if number 4 goes under contract, and also if the 1st drops in price"
    assert calls(said, **ON_SCREEN) == [
        ("watch_home", {"zpid": "904", "watch": "status"}),
        ("watch_home", {"zpid": "901", "watch": "price"}),
    ]
