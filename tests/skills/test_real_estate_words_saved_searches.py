"""The real_estate planner on saved searches, in people's own words (phrasings of our own, in no
corpus): wanting to know when homes like these get listed or "pop up", "send us when new condos
come on", "keep this as a saved search" save one; "bump our saved search to 4 bedrooms", "add a
garage to my saved search", "the max on my alert" or a saved search moved elsewhere change it;
quitting the emails, being done with it, "unsubscribe me" or "pause it" stop it; "my search"
with none saved refines the one on screen."""

from __future__ import annotations

import json

import pytest

from tests.skills.real_estate_words import (
    AUSTIN_HOUSE,
    ELM_STREET_SEARCH,
    ON_ELM_COVE,
    ON_ELM_STREET,
    ON_FIG_TRAIL,
    ON_SCREEN,
    SAVED_ELM_STREET_SEARCH,
    WATCHING,
    Conversation,
    calls,
    conversation,
)

STOP_SEARCH = ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745"})
SEARCH_SAVED = {
    **ON_SCREEN,
    "preferences": {"search_78745": json.dumps({"location": "78745", "beds_min": 3})},
}
SEARCH_SAVED_CAPPED = {
    **ON_SCREEN,
    "preferences": {
        "search_78745": json.dumps({"location": "78745", "beds_min": 3, "price_max": 450000})
    },
}


def test_kept_in_the_loop_or_wanting_to_know_when_is_a_watch_or_a_saved_search() -> None:
    assert calls("keep us in the loop about the price of the 2nd", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "price"})
    ]
    assert calls("we'd like to know whenever places like these get listed", **ON_SCREEN) == [
        ("save_search", {"criteria": {"location": "78745"}})
    ]
    when_listed = conversation.plan_for(
        Conversation(text="I'd like to know when the 2nd was listed", **ON_SCREEN)
    )
    assert when_listed is None or "watch_home" not in [c.name for c in when_listed.calls]


def test_new_homes_that_pop_up_are_a_saved_search_not_a_watch() -> None:
    assert calls("ping us if something fresh pops up that fits this", **ON_ELM_STREET) == [
        ("save_search", {"criteria": ELM_STREET_SEARCH})
    ]


@pytest.mark.parametrize("text", ["set up notifications for this search", "store this search"])
def test_a_search_saved_in_other_words(text: str) -> None:
    assert calls(text, **ON_ELM_STREET) == [("save_search", {"criteria": ELM_STREET_SEARCH})]


def test_send_us_when_new_homes_come_is_a_saved_search() -> None:
    planned = calls("send us whenever new condos come on in manor")
    assert [name for name, _ in planned] == ["save_search"]
    assert planned[0][1]["criteria"]["location"] == "Manor"


def test_these_ones_kept_as_a_search_save_the_search_on_screen() -> None:
    assert [name for name, _ in calls("store these ones as a search", **ON_SCREEN)] == [
        "save_search"
    ]


def test_a_search_kept_as_a_search_is_saved() -> None:
    assert calls("keep this as a saved search", **ON_ELM_COVE) == [
        ("save_search", {"criteria": {"location": "78745"}})
    ]


def test_a_saved_search_bumped_is_changed() -> None:
    assert calls("bump our saved search to 4 bedrooms", **ON_FIG_TRAIL) == [
        (
            "save_search",
            {"criteria": {"location": "78745", "property_type": "house", "beds_min": 4}},
        )
    ]


def test_adding_to_the_saved_search_changes_it() -> None:
    assert calls("add a garage to my saved search", **WATCHING) == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "features": ["garage"]}})
    ]
    assert calls("our saved search should have 4 beds", **WATCHING) == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 4}})
    ]


def test_my_search_changed_by_naming_the_count_first() -> None:
    assert calls(
        "set the baths on my search to 2", preferences=SAVED_ELM_STREET_SEARCH, **ON_ELM_STREET
    ) == [("save_search", {"criteria": {**ELM_STREET_SEARCH, "baths_min": 2}})]


def test_my_search_with_none_saved_refines_the_one_on_screen() -> None:
    assert calls("change my search to condos", **ON_ELM_STREET) == [
        ("search_properties", {**ELM_STREET_SEARCH, "property_type": "condo"})
    ]


def test_the_max_on_my_alert_changes_the_saved_search() -> None:
    planned = calls("bump the budget on my listing alert to 500k", **SEARCH_SAVED)
    assert planned == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "price_max": 500000}})
    ]


def test_a_saved_search_moved_elsewhere_leaves_the_old_place_behind() -> None:
    for said in [
        "put my saved search in del valle rather than 78745",
        "switch my alert from 78745 to manor",
    ]:
        planned = calls(said, **SEARCH_SAVED_CAPPED)
        assert [name for name, _ in planned] == ["save_search"], said
        criteria = planned[0][1]["criteria"]
        assert criteria["location"] != "78745" and criteria["beds_min"] == 3, said


def test_no_more_sending_the_new_homes_of_a_search_stops_it() -> None:
    assert calls("no more send us the new homes of our search", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745_house"})
    ]


def test_quitting_the_emails_or_being_done_with_the_saved_search_stops_it() -> None:
    for text in [
        "quit texting me new listings",
        "we're done with our saved search",
        "get rid of the saved search please",
    ]:
        assert calls(text, **WATCHING) == [STOP_SEARCH], text


@pytest.mark.parametrize(
    "text",
    [
        "shut off the emails for that search",
        "we don't want those notifications anymore",
        "unsubscribe me please",
        "pause the saved search for now",
    ],
)
def test_a_saved_search_stopped_in_other_words(text: str) -> None:
    assert calls(text, preferences=SAVED_ELM_STREET_SEARCH, **ON_ELM_STREET) == [
        ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745"})
    ]


def test_save_search_said_without_its_article_saves_the_search_on_screen() -> None:
    assert [name for name, _ in calls("save search please", **ON_SCREEN)] == ["save_search"]


@pytest.mark.parametrize(
    "text", ["please don't e-mail me about that search again", "do not text me about my search"]
)
def test_asked_not_to_be_written_to_about_the_search_stops_it(text: str) -> None:
    assert calls(text, **WATCHING) == [STOP_SEARCH]


def test_a_saved_search_renamed_keeps_its_criteria_and_takes_the_name() -> None:
    said = calls("rename my saved search to Kyle backup plan", **SEARCH_SAVED)
    assert said == [
        (
            "save_search",
            {"criteria": {"location": "78745", "beds_min": 3}, "name": "Kyle backup plan"},
        )
    ]


def test_a_search_saved_and_called_something_carries_the_name() -> None:
    (name, args), *rest = calls("save this search and call it the commute list", **ON_SCREEN)
    assert (name, args["name"], rest) == ("save_search", "the commute list", [])
    assert args["criteria"]["location"] == "78745"


def test_what_my_alert_is_for_changes_the_saved_search() -> None:
    said = calls("my alert is only for 2 bathrooms please", **SEARCH_SAVED)
    assert said == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "baths_min": 2}})
    ]


@pytest.mark.parametrize("text", ["stop emailing me", "no more emails about that, thanks"])
def test_emails_stopped_naming_no_home_stop_the_search_not_the_watch(text: str) -> None:
    assert calls(text, **WATCHING) == [STOP_SEARCH]
    stop_watch = [("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})]
    assert calls("stop emailing me about the 2nd one", **WATCHING) == stop_watch
    assert calls("stop the notifications", **WATCHING) == stop_watch


def test_the_saved_search_run_again_searches_with_its_criteria() -> None:
    assert calls("rerun our saved search", **SEARCH_SAVED) == [
        ("search_properties", {"location": "78745", "beds_min": 3})
    ]


@pytest.mark.parametrize(
    "text",
    [
        "please update the search you're watching for me to 2 bathrooms",
        "my saved search, make it 2 baths",
        "I'd like my alert to cover 2 bathrooms",
    ],
)
def test_the_saved_search_named_in_other_words_is_changed(text: str) -> None:
    assert calls(text, **SEARCH_SAVED) == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "baths_min": 2}})
    ]


@pytest.mark.parametrize(
    "text", ["cancel the search and the price watch", "kill all alerts", "stop all my emails"]
)
def test_the_search_and_the_watch_stopped_together_are_both_stopped(text: str) -> None:
    assert calls(text, **WATCHING) == [
        STOP_SEARCH,
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"}),
    ]


def test_the_alert_for_new_homes_stopped_is_the_search_not_the_watch() -> None:
    assert calls("please stop the alert for new homes, we bought one", **WATCHING) == [STOP_SEARCH]


def test_an_alert_named_by_its_zip_is_the_saved_search() -> None:
    assert calls("stop the 78745 alert", **WATCHING) == [STOP_SEARCH]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("redo my saved search but in manor", "location", "Manor"),
        ("rerun our saved search with 5 beds", "beds_min", 5),
    ],
)
def test_the_saved_search_run_with_a_change_searches_with_the_change(
    text: str, key: str, value: object
) -> None:
    found = calls(text, **SEARCH_SAVED)
    assert [name for name, _ in found] == ["search_properties"] and found[0][1][key] == value


def test_an_alert_set_up_from_the_usual_criteria_saves_the_remembered_search() -> None:
    found = calls("create an alert from our normal criteria", preferences=dict(AUSTIN_HOUSE))
    assert found == [
        (
            "save_search",
            {"criteria": {"location": "Austin", "property_type": "house", "price_max": 500000}},
        )
    ]


def test_the_search_moved_to_a_place_is_no_stop_whatever_stopping_it_is_near() -> None:
    near = {"intents": [("stop_saved_search", 0.7)]}
    found = dict(calls("switch the search over to manor", **ON_SCREEN, **near))
    assert found["search_properties"]["location"] == "Manor"
    stopped = calls("we're done with 78745", **ON_SCREEN, **near)
    assert all(name != "search_properties" for name, _ in stopped)


def test_matches_asked_for_every_day_save_the_search_on_screen() -> None:
    found = calls("could I get matches like these each week", **ON_SCREEN)
    assert [name for name, _ in found] == ["save_search"]


@pytest.mark.parametrize(
    "said",
    [
        "any new matches from my saved search?",
        "check on our saved search for me",
        "what's new with the saved search",
    ],
)
def test_asking_what_the_saved_search_finds_now_runs_it(said: str) -> None:
    near_the_list = [("list_saved_searches", 0.8), ("save_search", 0.6)]
    assert calls(said, intents=near_the_list, **WATCHING) == [
        ("search_properties", {"location": "78745", "beds_min": 3})
    ]


def test_the_alert_changed_by_a_criterion_is_the_saved_search_changed() -> None:
    assert calls("set the alert to 2 bathrooms", **WATCHING) == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "baths_min": 2}})
    ]


def test_a_search_with_the_remembered_preferences_is_run_though_near_the_list() -> None:
    near_the_list = [("list_saved_searches", 0.8), ("stop_saved_search", 0.7)]
    said = "run a search on my usual criteria"
    assert calls(said, intents=near_the_list, preferences=AUSTIN_HOUSE) == [
        ("search_properties", {"property_type": "house", "price_max": 500000, "location": "Austin"})
    ]


@pytest.mark.parametrize(
    "said",
    [
        "can I receive the new ones from this search in my email",
        "please send the fresh listings of this search to my inbox",
    ],
)
def test_new_homes_of_the_search_received_by_email_saves_the_search(said: str) -> None:
    found = calls(said, **ON_SCREEN)
    assert [name for name, _ in found] == ["save_search"], said
    assert found[0][1]["criteria"]["location"] == "78745", said
