"""The real_estate planner on preferences forgotten, in people's own words (phrasings of our own,
in no corpus): a preference scrapped, ignored, "no price cap any longer", "no more Austin",
"open about the area", "flexible on price", "we don't mind which town", "no need to remember
the house stuff" or named by what it was ("where we said we wanted to be") is forgotten, all of
them at once when asked; a value named inside a search is not; a place never saved is said to
be so, and no home is removed."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    AUSTIN_BUDGET,
    AUSTIN_CONDO,
    AUSTIN_HOUSE,
    ELM_STREET,
    MANCHACA_CONDO,
    ON_ELM_STREET,
    Conversation,
    calls,
    conversation,
)


def test_a_preference_scrapped_or_named_by_what_it_was_is_forgotten() -> None:
    assert calls("scrap the price cap you've got for me", preferences=AUSTIN_HOUSE) == [
        ("forget_search_criteria", {"key": "budget_max"})
    ]
    said = "please forget where we said we wanted to be"
    assert calls(said, preferences=AUSTIN_HOUSE) == [
        ("forget_search_criteria", {"key": "location"})
    ]


def test_no_limit_any_longer_forgets_the_budget() -> None:
    assert calls("no price cap any longer", preferences=AUSTIN_BUDGET) == [
        ("forget_search_criteria", {"key": "budget_max"})
    ]


def test_ignoring_a_preference_or_no_more_of_its_value_forgets_it() -> None:
    assert calls("ignore our budget", preferences=AUSTIN_BUDGET) == [
        ("forget_search_criteria", {"key": "budget_max"})
    ]
    assert calls("no more Austin for us", preferences=AUSTIN_BUDGET) == [
        ("forget_search_criteria", {"key": "location"})
    ]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("we're not sold on Manchaca anymore, scratch it", "location"),
        ("no more budget", "budget_max"),
    ],
)
def test_a_preference_forgotten_by_its_value_or_no_more(text: str, key: str) -> None:
    assert calls(text, preferences=MANCHACA_CONDO) == [("forget_search_criteria", {"key": key})]


@pytest.mark.parametrize(
    ("text", "key"),
    [("honestly we're open about the area", "location"), ("flexible on price", "budget_max")],
)
def test_open_or_flexible_on_a_preference_forgets_it(text: str, key: str) -> None:
    assert calls(text, preferences=MANCHACA_CONDO) == [("forget_search_criteria", {"key": key})]


def test_any_value_being_fine_forgets_the_remembered_one() -> None:
    assert calls("honestly we're open to any location now", preferences=AUSTIN_HOUSE) == [
        ("forget_search_criteria", {"key": "location"})
    ]


def test_not_minding_which_value_or_everything_remembered_forgets() -> None:
    assert calls("we don't mind which town now", preferences=AUSTIN_HOUSE) == [
        ("forget_search_criteria", {"key": "location"})
    ]
    assert len(calls("please clear everything you know about us", preferences=AUSTIN_HOUSE)) == 3


def test_a_kept_kind_said_in_the_plural_is_forgotten_by_its_value() -> None:
    assert calls("we are not only into condos any more, forget it", preferences=AUSTIN_CONDO) == [
        ("forget_search_criteria", {"key": "property_type"})
    ]


def test_the_kept_kind_of_home_dropped_by_no_need_to_remember_is_forgotten() -> None:
    for text in [
        "no need to remember the house stuff for us",
        "you can stop remembering the house part please",
        "we don't need you to keep the house bit anymore",
    ]:
        found = conversation.plan_for(Conversation(text=text, preferences=AUSTIN_HOUSE))
        assert found is not None, text
        assert [(c.name, c.args) for c in found.calls] == [
            ("forget_search_criteria", {"key": "property_type"})
        ], text


def test_all_preferences_forgotten_at_once() -> None:
    assert calls("wipe my search preferences", preferences=MANCHACA_CONDO) == [
        ("forget_search_criteria", {"key": key}) for key in MANCHACA_CONDO
    ]


def test_a_value_named_in_a_search_is_not_forgotten() -> None:
    found = calls("find condos in Manchaca but drop the pool", preferences=MANCHACA_CONDO)
    assert "forget_search_criteria" not in [name for name, _ in found]


def test_no_longer_set_on_a_place_never_saved_says_so_and_removes_no_home() -> None:
    found = conversation.plan_for(
        Conversation(
            text="we're not sold on manor anymore, scratch it",
            focused=ELM_STREET[2],
            **ON_ELM_STREET,
        )
    )
    assert found is not None and found.calls == []
    assert "nothing saved" in found.note


@pytest.mark.parametrize(
    ("text", "near"),
    [
        ("ditch the condo only thing", "stop_watching"),
        ("scratch that houses only setting", "remove_saved_home"),
        ("toss the only-houses rule please", "stop_watching"),
    ],
)
def test_a_kind_dropped_by_its_value_is_forgotten_whatever_intent_it_is_near(
    text: str, near: str
) -> None:
    preferences = {**AUSTIN_BUDGET, "property_type": "condo" if "condo" in text else "house"}
    intents = [(near, 0.6), ("forget_preference", 0.5)]
    assert calls(text, preferences=preferences, intents=intents) == [
        ("forget_search_criteria", {"key": "property_type"})
    ]


def test_a_watch_stopped_by_its_words_is_still_a_watch_beside_a_kept_kind() -> None:
    planned = calls(
        "stop watching the second one",
        preferences={**AUSTIN_HOUSE},
        intents=[("stop_watching", 0.7)],
        **ON_ELM_STREET,
    )
    assert [name for name, _ in planned] != ["forget_search_criteria"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("the zip code doesn't matter to us any longer", "location"),
        ("honestly we don't care where anymore", "location"),
        ("we don't have a price limit any more", "budget_max"),
        ("budget does not matter anymore", "budget_max"),
        ("please stop filtering by austin", "location"),
    ],
)
def test_a_preference_said_not_to_matter_any_more_is_forgotten(text: str, key: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [("forget_search_criteria", {"key": key})]


def test_where_not_cared_about_beside_a_search_is_no_forgetting_alone() -> None:
    planned = calls("we don't care where, just show houses", preferences=AUSTIN_HOUSE)
    assert "search_properties" in [name for name, _ in planned]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("honestly i no longer care about price", "budget_max"),
        ("we don't care about type anymore", "property_type"),
        ("lose the budget", "budget_max"),
        ("pls lose my location", "location"),
    ],
)
def test_a_preference_not_cared_about_or_lost_by_its_bare_name_is_forgotten(
    text: str, key: str
) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [("forget_search_criteria", {"key": key})]


@pytest.mark.parametrize(
    "said",
    [
        "erase whatever you know about us",
        "delete all you remember, new start",
        "clear what you have",
    ],
)
def test_what_is_remembered_named_as_a_whole_is_all_forgotten(said: str) -> None:
    assert sorted(args["key"] for _, args in calls(said, preferences=AUSTIN_HOUSE)) == [
        "budget_max",
        "location",
        "property_type",
    ]
