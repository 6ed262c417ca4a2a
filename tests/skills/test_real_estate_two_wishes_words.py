"""The planners on the thirteenth session's ways of saying a wish (phrasings of our own, in no
corpus): a home named by its place next to another ("the one under the fourth", "the last one
and the one above it", "the third and the next one") is that home; a position taken back ("the
fifth, oops, I meant the sixth", "the second is not for us but the third ...") is not acted on;
a clause that only names homes by position ("the last two, bookmark both") names them for the
next; a home praised by its position alone ("the 5th one seems promising") names it for the
next wishes; a dash or "so" starts a second wish; several homes named by position are each visited, at the
time said with each; homes named by what they have most or least of are compared ("the
biggest vs the cheapest") or saved ("save the priciest"); a visit beside another wish is one
visit; "sav" is "save", "shw" is "show"; "what about 3 & 5" opens both."""

from __future__ import annotations

from typing import Any

from tests.skills.test_real_estate_eleventh_words import _conversation

Conversation = _conversation.Conversation
_PRICES = [410_000, 298_000, 505_000, 389_000, 450_000, 372_000, 415_000]
_SIZES = [1_500, 1_250, 2_600, 1_700, 1_900, 1_450, 1_600]
SHOWN = [
    {"zpid": f"7{n}", "address": f"{n}0 Elm Dr, Austin, TX 78745", "price": p, "sqft": s}
    for n, (p, s) in enumerate(zip(_PRICES, _SIZES, strict=True), start=1)
]
ON_SCREEN = {"last_results": SHOWN, "last_criteria": {"location": "78745"}}


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    found = _conversation.plan_for(Conversation(text=text, **{**ON_SCREEN, **context}))
    assert found is not None, text
    return [(c.name, {k: v for k, v in c.args.items() if k != "contact"}) for c in found.calls]


def _homes(text: str) -> list[tuple[str, str]]:
    return [(name, args.get("zpid", "")) for name, args in calls(text)]


def test_a_home_named_by_its_place_next_to_another_is_that_home() -> None:
    assert _homes("what's the one under the fourth like") == [("get_property_details", "75")]
    assert _homes("details on the one directly above the last one") == [
        ("get_property_details", "76")
    ]
    assert _homes("the one following #5") == [("get_property_details", "76")]


def test_the_one_after_it_or_the_next_one_follows_the_home_named_before() -> None:
    assert _homes("bookmark the last one and the one above it") == [
        ("save_home", "77"),
        ("save_home", "76"),
    ]
    assert _homes("keep the third one and the next one on my list") == [
        ("save_home", "73"),
        ("save_home", "74"),
    ]


def test_a_position_taken_back_is_not_acted_on() -> None:
    assert _homes("save the fifth, oops, I meant the sixth") == [("save_home", "76")]
    assert _homes("the second is not for us but the third looks nice, details please") == [
        ("get_property_details", "73")
    ]
    assert _homes("not the 4th one, the 5th one") == [("get_property_details", "75")]


def test_a_clause_that_only_names_homes_by_position_names_them_for_the_next() -> None:
    assert _homes("the last two, bookmark both") == [("save_home", "76"), ("save_home", "77")]


def test_a_dash_starts_a_second_wish() -> None:
    assert _homes("we adore the 3rd one - could we visit it and bookmark it") == [
        ("request_tour", "73"),
        ("save_home", "73"),
    ]


def test_several_homes_named_by_position_are_each_visited_at_their_own_time() -> None:
    found = calls("tour 3 and 6 on friday")
    assert [(n, a["zpid"]) for n, a in found] == [("request_tour", "73"), ("request_tour", "76")]
    assert all("Friday" in a["times"] for _, a in found)
    found = calls("could we see the first one monday and the fourth one tuesday")
    assert [(a["zpid"], a["times"].split()[0]) for _, a in found] == [
        ("71", "Monday"),
        ("74", "Tuesday"),
    ]
    assert _homes("set up showings for number 2 and number 5") == [
        ("request_tour", "72"),
        ("request_tour", "75"),
    ]


def test_homes_named_by_what_they_have_most_or_least_of_are_compared_or_saved() -> None:
    assert calls("the biggest vs the cheapest") == [("compare_properties", {"zpids": ["73", "72"]})]
    assert calls("compare 4 and the priciest") == [("compare_properties", {"zpids": ["74", "73"]})]
    assert _homes("compare the first two, then save the priciest") == [
        ("compare_properties", ""),
        ("save_home", "73"),
    ]


def test_a_question_about_compared_homes_names_no_other_home() -> None:
    assert calls("compare 1 and 4, which is the cheapest") == [
        ("compare_properties", {"zpids": ["71", "74"]})
    ]


def test_sav_is_save() -> None:
    assert _homes("compare 1 n 2 and sav 2") == [("compare_properties", ""), ("save_home", "72")]


def test_a_question_ending_with_two_numbers_opens_both() -> None:
    assert _homes("what about 3 & 5") == [
        ("get_property_details", "73"),
        ("get_property_details", "75"),
    ]


def test_a_home_praised_by_its_position_is_named_for_the_next_wishes() -> None:
    assert _homes("the 5th one seems really promising, bookmark it and book a showing") == [
        ("save_home", "75"),
        ("request_tour", "75"),
    ]


def test_so_starts_a_second_wish() -> None:
    assert _homes("we love number 6 so please save it, then show me the 7th") == [
        ("save_home", "76"),
        ("get_property_details", "77"),
    ]


def test_a_visit_beside_another_wish_is_one_visit() -> None:
    assert _homes("compare 1 with 2 and book a showing of the 2nd for saturday") == [
        ("compare_properties", ""),
        ("request_tour", "72"),
    ]


def test_shw_is_show() -> None:
    assert _homes("bookmark the 2nd and shw me the 4th") == [
        ("save_home", "72"),
        ("get_property_details", "74"),
    ]
