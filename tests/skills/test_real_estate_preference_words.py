"""The planners on preferences and saved searches in the thirteenth session's words (phrasings
of our own, in no corpus): "for any future search" and a leading "from now on" or "don't forget"
keep what follows without searching, unless a later clause asks to see homes now; a change
"from X to Y" keeps Y; a kept kind said in the plural is forgotten by its value; "send us when"
new homes come is a saved search, as is keeping "these ones as a search"; the max "on my alert"
changes the saved search."""

from __future__ import annotations

import json

from tests.skills.test_real_estate_eleventh_words import ON_SCREEN, calls

REMEMBERED = {
    "preferences": {"budget_max": "$500,000", "location": "Austin", "property_type": "condo"}
}
SAVED = {
    **ON_SCREEN,
    "preferences": {"search_78745": json.dumps({"location": "78745", "beds_min": 3})},
}


def keep(key: str, value: str) -> tuple[str, dict[str, str]]:
    return ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})


def test_a_wish_for_every_future_search_is_kept_not_searched() -> None:
    assert calls("for any future search, keep to condos") == [keep("property_type", "condo")]


def test_a_leading_keep_word_keeps_the_wish_that_follows() -> None:
    assert calls("from now on just show me homes in manor") == [keep("location", "Manor")]
    assert calls("don't forget we want pflugerville") == [keep("location", "Pflugerville")]


def test_a_later_clause_still_asks_to_see_homes_now() -> None:
    planned = calls("from now on we want manor, and show me some houses there")
    assert planned[0] == keep("location", "Manor")
    assert planned[-1][0] == "search_properties"


def test_a_change_from_one_value_to_another_keeps_the_new_one() -> None:
    assert calls("we went from condos to houses for good") == [keep("property_type", "house")]


def test_a_kept_kind_said_in_the_plural_is_forgotten_by_its_value() -> None:
    assert calls("we are not only into condos any more, forget it", **REMEMBERED) == [
        ("forget_search_criteria", {"key": "property_type"})
    ]


def test_send_us_when_new_homes_come_is_a_saved_search() -> None:
    planned = calls("send us whenever new condos come on in manor")
    assert [name for name, _ in planned] == ["save_search"]
    assert planned[0][1]["criteria"]["location"] == "Manor"


def test_these_ones_kept_as_a_search_save_the_search_on_screen() -> None:
    assert [name for name, _ in calls("store these ones as a search", **ON_SCREEN)] == [
        "save_search"
    ]


def test_the_max_on_my_alert_changes_the_saved_search() -> None:
    planned = calls("bump the budget on my listing alert to 500k", **SAVED)
    assert planned == [
        ("save_search", {"criteria": {"location": "78745", "beds_min": 3, "price_max": 500000}})
    ]
