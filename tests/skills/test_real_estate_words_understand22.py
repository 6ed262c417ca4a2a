"""The home-search planner on the fifteenth session's ways of saying a wish (phrasings of our
own, in no corpus): a short wish wrapped in courtesy is ranked as the wish the platform cut off
as a part, not as the greeting the whole is near ("hey again. nxt page pls, cheers"); a kept
kind of home dropped by "no need to remember" or "stop remembering" is named by its value."""

from __future__ import annotations

import importlib
from typing import Any

from tests.skills.test_real_estate_eleventh_words import ON_SCREEN, Conversation, _conversation
from tests.skills.test_real_estate_words_understand21 import REMEMBERED

Ranking = importlib.import_module(f"{_conversation.__package__}.plans").Ranking


def _planned(text: str, part_text: str, part: str) -> list[tuple[str, Any]]:
    """The plan of `text`, with results on screen, when the whole is nearest to a greeting
    and its part `part_text` (as the platform cut it) nearest to `part`."""
    conv = Conversation(
        text=text,
        intents=[("greeting", 0.74), (part, 0.31)],
        parts=(Ranking(part_text, intents=[(part, 0.71), ("greeting", 0.22)]),),
        **ON_SCREEN,
    )
    found = _conversation.plan_for(conv)
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def test_a_short_wish_wrapped_in_courtesy_is_ranked_as_its_own_part() -> None:
    found = _planned("hey again. nxt page pls, cheers", "nxt page pls, cheers", "next_page")
    assert [name for name, _ in found] == ["search_properties"]
    assert found[0][1]["page"] == 2


def test_courtesy_alone_is_still_a_greeting() -> None:
    conv = Conversation(text="hey again, cheers", intents=[("greeting", 0.8)], **ON_SCREEN)
    found = _conversation.plan_for(conv)
    assert found is not None and not found.calls and found.no_tools


def test_the_kept_kind_of_home_dropped_by_no_need_to_remember_is_forgotten() -> None:
    for text in [
        "no need to remember the house stuff for us",
        "you can stop remembering the house part please",
        "we don't need you to keep the house bit anymore",
    ]:
        found = _conversation.plan_for(Conversation(text=text, **REMEMBERED))
        assert found is not None, text
        assert [(c.name, c.args) for c in found.calls] == [
            ("forget_search_criteria", {"key": "property_type"})
        ], text


def test_a_kept_criterion_swapped_or_replaced_is_kept_anew() -> None:
    for text, key, value in [
        ("swap our area over for manor", "location", "Manor"),
        ("replace my budget with 610k", "budget_max", "$610,000"),
    ]:
        found = _conversation.plan_for(Conversation(text=text, **REMEMBERED))
        assert found is not None, text
        assert [(c.name, c.args) for c in found.calls] == [
            ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
        ], text


def test_a_value_replaced_in_my_preferences_keeps_the_new_one() -> None:
    for text, key, value in [
        ("replace austin with buda in my preferences", "location", "Buda"),
        ("in our saved preferences swap houses for townhomes", "property_type", "townhouse"),
    ]:
        found = _conversation.plan_for(Conversation(text=text, **REMEMBERED))
        assert found is not None, text
        assert [(c.name, c.args) for c in found.calls] == [
            ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
        ], text
