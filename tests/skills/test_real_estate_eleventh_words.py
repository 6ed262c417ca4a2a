"""The planners on the eleventh session's ways of saying a wish (phrasings of our own, in no
corpus): a home's past asked about (it sat on the market, has been for sale a long while, was
pricier when first listed, did it drop in price) opens its details, never a search, a list of
homes like it or a removal; homes set against each other are compared; anything past the homes
shown is the next page; standing or looking inside a home is a visit, and showing me its
details is no showing; a clause that says one loved a home names it for the next wish; "savr"
is "save", also where it starts the first of two wishes ("savr #2 and shwo me ..."); "let me know the second the price moves" watches the home in view, not the second;
"the one and the two" are positions, and "and after" a wish is "and then"; "secondly", "plus"
and "after that" start a second wish, "first off" is no position, "ok, save ..." a save; "we'd
like it kept somewhere" keeps it (no homes like it); a preference scrapped, forgotten as "where I wanted to
live", changed as a spending cap or with "please update that" is forgotten or kept; kept in the loop
on a price, or wanting to know when homes like these get listed, is a watch or a saved search
(wanting to know when a home was listed is neither); "the 2nd from the bottom" is the one
before the last; "around 350 or less" is a ceiling, "around 350" alone a range; "abt the 4th 1"
(typed short) is about the fourth one."""

from __future__ import annotations

import importlib
from typing import Any

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_eleventh_words")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
correct = importlib.import_module(f"{_PACKAGE.__name__}.spelling").correct
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": f"90{n}", "address": f"{n}00 Oak Cv, Austin, TX 78745", "price": 410_000 + n}
    for n in range(1, 6)
]
ON_SCREEN = {"last_results": SHOWN, "last_criteria": {"location": "78745"}}
IN_VIEW = {**ON_SCREEN, "focused": SHOWN[3]}
KEPT = {**ON_SCREEN, "preferences": {"home_905": "saved"}}


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def test_the_past_of_the_home_in_view_opens_its_details() -> None:
    for text in [
        "this place seems to have sat on the market all year, how come",
        "was it pricier when they first listed it?",
        "it's been up for sale for ages hasn't it",
    ]:
        assert calls(text, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], text


def test_the_past_of_a_shown_home_named_opens_that_homes_details() -> None:
    for text, zpid in [
        ("has number 3 been listed a long while? looks like it's been around forever", "903"),
        ("did the 5th drop in price at any point", "905"),
    ]:
        assert calls(text, **KEPT) == [("get_property_details", {"zpid": zpid})], text


def test_a_home_dropped_from_the_list_is_still_removed() -> None:
    assert calls("drop the 5th from my saved homes", **KEPT) == [
        ("remove_saved_home", {"zpid": "905"})
    ]


def test_homes_set_against_each_other_are_compared() -> None:
    said = "how do the 1st and the 3rd look against one another"
    assert calls(said, **ON_SCREEN) == [("compare_properties", {"zpids": ["901", "903"]})]


def test_anything_past_the_homes_shown_is_the_next_page() -> None:
    found = calls("is there something beyond these, I'd like to keep looking", **ON_SCREEN)
    assert found == [("search_properties", {"location": "78745", "page": 2})]


def test_standing_inside_a_home_is_a_visit_and_showing_me_it_is_not() -> None:
    visit = calls("we'd love to stand inside it before deciding", **IN_VIEW)
    assert [(name, args["zpid"]) for name, args in visit] == [("request_tour", "904")]
    said = "could you try showing me everything about the 2nd, the photos were small"
    assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "902"})]


def test_a_clause_that_says_a_home_was_loved_names_it_for_the_next_wish() -> None:
    said = "we adored the porch on the 2nd, are there others kind of like it"
    assert [(name, args.get("like_zpid")) for name, args in calls(said, **ON_SCREEN)] == [
        ("search_properties", "902")
    ]


def test_a_save_typed_with_a_slip_of_the_finger_is_a_save() -> None:
    assert correct("savr the 3rd") == "save the 3rd"


def test_looking_inside_a_home_before_someone_else_buys_it_is_a_visit() -> None:
    said = "I'd hate to lose the 3rd before we've had a proper look inside"
    assert [(name, args["zpid"]) for name, args in calls(said, **ON_SCREEN)] == [
        ("request_tour", "903")
    ]


def test_told_the_second_the_price_moves_watches_the_home_in_view() -> None:
    said = "can you tell me the second the price on this place moves"
    assert calls(said, **IN_VIEW) == [("watch_home", {"zpid": "904", "watch": "price"})]


def test_the_one_and_the_two_are_positions_and_and_after_is_and_then() -> None:
    said = "please compare the one and the three and after show me number 5"
    assert calls(said, **ON_SCREEN) == [
        ("compare_properties", {"zpids": ["901", "903"]}),
        ("get_property_details", {"zpid": "905"}),
    ]


def test_two_wishes_typed_with_slips_are_still_two_wishes() -> None:
    said = "bokmark the 4th and shwo me simlar ones"
    assert [
        (name, args.get("zpid") or args.get("like_zpid")) for name, args in calls(said, **ON_SCREEN)
    ] == [("save_home", "904"), ("search_properties", "904")]


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


def test_a_home_wished_kept_somewhere_is_saved() -> None:
    said = "the 5th keeps coming up at dinner, we'd like it kept somewhere safe"
    assert calls(said, **ON_SCREEN) == [("save_home", {"zpid": "905"})]


REMEMBERED = {"budget_max": "$500,000", "location": "Austin", "property_type": "house"}


def test_a_preference_scrapped_or_named_by_what_it_was_is_forgotten() -> None:
    assert calls("scrap the price cap you've got for me", preferences=REMEMBERED) == [
        ("forget_search_criteria", {"key": "budget_max"})
    ]
    said = "please forget where we said we wanted to be"
    assert calls(said, preferences=REMEMBERED) == [("forget_search_criteria", {"key": "location"})]


def test_a_spending_cap_moved_or_a_type_to_update_is_kept_not_searched() -> None:
    def kept(said: str) -> list[tuple[str, Any]]:
        return [(a["key"], a["value"]) for _, a in calls(said, preferences=REMEMBERED)]

    assert kept("my spending cap is 620k now") == [("budget_max", "$620,000")]
    assert kept("townhouses instead of houses for us, update that please") == [
        ("property_type", "townhouse")
    ]


def test_kept_in_the_loop_or_wanting_to_know_when_is_a_watch_or_a_saved_search() -> None:
    assert calls("keep us in the loop about the price of the 2nd", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "price"})
    ]
    assert calls("we'd like to know whenever places like these get listed", **ON_SCREEN) == [
        ("save_search", {"criteria": {"location": "78745"}})
    ]
    when_listed = _conversation.plan_for(
        Conversation(text="I'd like to know when the 2nd was listed", **ON_SCREEN)
    )
    assert when_listed is None or "watch_home" not in [c.name for c in when_listed.calls]


def test_the_2nd_from_the_bottom_is_the_one_before_the_last() -> None:
    assert calls("what about the 2nd from the bottom", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "904"})
    ]


def test_an_amount_said_around_then_bounded_is_the_bound() -> None:
    assert calls("could we see some around 380k or under", **ON_SCREEN) == [
        ("search_properties", {"location": "78745", "price_max": 380000})
    ]
    ranged = calls("could we see some around 380k", **ON_SCREEN)[0][1]
    assert (ranged["price_min"], ranged["price_max"]) == (342000, 418000)


def test_a_position_typed_short_is_that_home() -> None:
    assert calls("pls tell me abt the 3rd 1", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "903"})
    ]
