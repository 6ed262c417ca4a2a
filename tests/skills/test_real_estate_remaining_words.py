"""The planners on further ways people say a wish (phrasings of our own, in no corpus): a price
watch said as the price sliding, knocked down or getting less expensive; a watch asked for "the
moment" something happens; a stop of "the news" said "no more want"; a preference kept by
"note it" or after a leading "remember:" that states what the person seeks, and a place said
as where "we want to be" beside a named budget; rooms "to sleep"; a second wish started by
"stick", "stash", "dig up" or "could we"; a visit said as wandering around; homes "along the
same lines"; a home asked by its
street address ("Ln", "Cv", "Trl") with a typo; a term named, then asked about ("what is
that?"); a visit of the saved homes."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from agent_graph.graph.tool_choice import INTENT_FLOOR
from agent_graph.memory.embeddings import embed
from agent_graph.planning.host import load_planner, planner_file
from agent_graph.understanding.intents import load_intents
from agent_graph.understanding.matcher import IntentMatcher
from tests.skills.real_estate_fakes import SKILL_DIR

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_remaining_words")
assert _PACKAGE is not None
_conversation = importlib.import_module(f"{_PACKAGE.__name__}.conversation")
Conversation = _conversation.Conversation

SHOWN = [
    {"zpid": f"z{n}", "address": f"{n}00 Oak Ln, Austin, TX 78745", "price": 300_000 + n}
    for n in range(1, 6)
]
ON_SCREEN = {"last_results": SHOWN, "last_criteria": {"location": "78745"}}


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    found = _conversation.plan_for(Conversation(text=text, **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


@pytest.mark.parametrize(
    "text",
    [
        "ping me if the 2nd one slides any lower",
        "let me know if they knock a bit off the 2nd one",
        "alert me when the 2nd one becomes less expensive",
        "keep tabs on what the 2nd one costs",
    ],
)
def test_a_price_said_changing_in_other_words_is_a_price_watch(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [("watch_home", {"zpid": "z2", "watch": "price"})]


def test_told_the_moment_a_home_changes_is_a_watch_not_its_details() -> None:
    said = "tell me the minute the 4th one sells"
    assert calls(said, **ON_SCREEN) == [("watch_home", {"zpid": "z4", "watch": "status"})]


def test_no_more_wanting_the_news_of_a_watched_home_stops_the_watch() -> None:
    watched = {"watch_z3": "price"}
    said = "we no more want news on the price of this one"
    assert calls(said, focused=SHOWN[2], preferences=watched, **ON_SCREEN) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_z3"})
    ]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("two bathrooms at least, always. note it please", "baths_min", "2"),
        ("please remember: we search only townhouse", "property_type", "townhouse"),
    ],
)
def test_a_preference_kept_by_note_it_or_a_leading_remember_runs_no_search(
    text: str, key: str, value: str
) -> None:
    assert calls(text) == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
    ]


def test_a_search_asked_after_a_leading_remember_still_runs() -> None:
    found = calls("remember we like condos, and show me some in 78745")
    assert [name for name, _ in found] == ["save_search_criteria", "search_properties"]


def test_a_place_where_we_want_to_be_is_kept_beside_a_named_budget() -> None:
    assert calls("remember my budget is 450k and we'd like to be in Manor") == [
        (
            "save_search_criteria",
            {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$450,000"},
        ),
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "location", "value": "Manor"}),
    ]


def test_rooms_to_sleep_in_are_bedrooms() -> None:
    assert calls("a house in Manor with 3 rooms to sleep") == [
        ("search_properties", {"location": "Manor", "beds_min": 3, "property_type": "house"})
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
    found = calls(text, **ON_SCREEN)
    assert len(found) == 2 and found[1][0] == second, found
    assert found[1][1].get("zpid", found[1][1].get("like_zpid")) == "z2"


def test_a_home_asked_by_its_street_address_with_a_typo_is_heard_by_its_intent() -> None:
    matcher = IntentMatcher(load_intents("real_estate", SKILL_DIR), embed)
    best = matcher.rank("detials about 1207 Sagebrush Ln")[0]
    assert best.name == "details_by_address" and best.score >= INTENT_FLOOR


@pytest.mark.parametrize(
    "text",
    [
        "my sister keeps talking about escrow on her townhouse - what is that?",
        "the listing says PMI may apply to condos, so what does that mean",
    ],
)
def test_a_term_named_then_asked_about_is_explained_not_searched(text: str) -> None:
    found = _conversation.plan_for(Conversation(text=text))
    assert found is not None and found.calls == [] and found.no_tools, found


def test_a_search_that_ends_asking_what_is_available_still_searches() -> None:
    assert [name for name, _ in calls("condos with a low HOA in Austin, what's available?")] == [
        "search_properties"
    ]


def test_a_visit_of_the_saved_homes_requests_a_tour_of_each() -> None:
    kept = {"home_101": "SAVED", "home_404": "SAVED"}
    found = calls("could we tour our favourites next friday", preferences=kept)
    assert [(name, args["zpid"]) for name, args in found] == [
        ("request_tour", "101"),
        ("request_tour", "404"),
    ]
    assert found[0][1]["times"] == found[1][1]["times"]
