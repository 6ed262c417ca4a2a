"""The real_estate planner on courtesy and small talk, in people's own words (phrasings of our own,
in no corpus): courtesy around a wish leaves the wish, also where the whole is nearest to a
greeting; courtesy alone, thanks ("you are so helpful") and "what kind of things can you do"
are answered in words; a question in another language is answered in English, a wish outside
the product (the weather, a song, a place to eat) declined; a term named then asked about
("what is that?", "what means hoa") is explained, not searched."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skills.real_estate_words import (
    IN_VIEW,
    ON_ELM_COVE,
    ON_ELM_STREET,
    ON_SCREEN,
    Conversation,
    calls,
    conversation,
    module,
)

Ranking = module("plans").Ranking


def test_courtesy_around_a_wish_leaves_the_wish() -> None:
    assert calls("good morning everyone. heart the 5th thanks a lot", **ON_SCREEN) == [
        ("save_home", {"zpid": "905"})
    ]
    assert calls("quick question: specs on 3 :)", **ON_SCREEN) == [
        ("get_property_details", {"zpid": "903"})
    ]


def test_courtesy_alone_is_still_small_talk() -> None:
    assert calls("hey there, thanks so much!", **ON_SCREEN) == []


def _planned(text: str, part_text: str, part: str) -> list[tuple[str, Any]]:
    """The plan of `text`, with results on screen, when the whole is nearest to a greeting
    and its part `part_text` (as the platform cut it) nearest to `part`."""
    conv = Conversation(
        text=text,
        intents=[("greeting", 0.74), (part, 0.31)],
        parts=(Ranking(part_text, intents=[(part, 0.71), ("greeting", 0.22)]),),
        **ON_SCREEN,
    )
    found = conversation.plan_for(conv)
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def test_a_short_wish_wrapped_in_courtesy_is_ranked_as_its_own_part() -> None:
    found = _planned("hey again. nxt page pls, cheers", "nxt page pls, cheers", "next_page")
    assert [name for name, _ in found] == ["search_properties"]
    assert found[0][1]["page"] == 2


def test_courtesy_alone_is_still_a_greeting() -> None:
    conv = Conversation(text="hey again, cheers", intents=[("greeting", 0.8)], **ON_SCREEN)
    found = conversation.plan_for(conv)
    assert found is not None and not found.calls and found.no_tools


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("hmm ok thx bye", "Goodbye!"),
        ("ok cool, thanx a lot", "You're welcome!"),
        ("oh hi there, what can you do?", "I'm PropSearch"),
    ],
)
def test_small_talk_with_fillers_and_several_kinds_is_answered(text: str, starts: str) -> None:
    found = conversation.plan_for(Conversation(text=text, **ON_ELM_STREET))
    assert found is not None and found.calls == [] and found.note.startswith(starts)


def _words(text: str) -> str:
    found = conversation.plan_for(Conversation(text=text))
    assert found is not None and not found.calls, text
    return str(found.note)


def test_a_compliment_is_thanks_and_what_sort_of_things_asks_what_i_do() -> None:
    assert _words("you are so helpful") == _words("thanks")
    assert _words("just curious, what kind of things can you do?") == _words("what can you do")


def test_what_means_a_term_is_a_question_about_it() -> None:
    assert "HOA" in _words("what means hoa dues")


def test_what_you_can_find_and_when_to_buy_are_answered_in_words() -> None:
    for said in ["what sort of details can you find on a home", "would now be a smart time to buy"]:
        assert calls(said) == [], said


@pytest.mark.parametrize(
    "text",
    [
        "my sister keeps talking about escrow on her townhouse - what is that?",
        "the listing says PMI may apply to condos, so what does that mean",
    ],
)
def test_a_term_named_then_asked_about_is_explained_not_searched(text: str) -> None:
    found = conversation.plan_for(Conversation(text=text))
    assert found is not None and found.calls == [] and found.no_tools, found


def test_a_search_that_ends_asking_what_is_available_still_searches() -> None:
    assert [name for name, _ in calls("condos with a low HOA in Austin, what's available?")] == [
        "search_properties"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "¿Hay casas con jardín cerca de Austin?",
        "Gibt es Häuser mit Garten in Austin?",
        "Avez-vous des maisons avec piscine à Austin ?",
    ],
)
def test_a_question_in_another_language_is_answered_in_english_doing_nothing(text: str) -> None:
    found = conversation.plan_for(Conversation(text=text))
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
    found = conversation.plan_for(Conversation(text=text, **ON_ELM_COVE))
    assert found is not None and found.calls == [] and found.no_tools
    assert found.note.startswith("That's outside what I can help with")


def test_homes_near_places_to_eat_are_still_searched() -> None:
    found = calls("suggest some houses near coffee shops in 78704")
    assert [name for name, _ in found] == ["search_properties"]


@pytest.mark.parametrize(
    ("text", "tool", "zpid"),
    [
        ("cool, save number 2 to my favorites", "save_home", "902"),
        ("got it, save 5", "save_home", "905"),
        ("ooh neat. add the third one to my list", "save_home", "903"),
    ],
)
def test_a_word_taking_in_the_answer_before_a_wish_is_read_away(
    text: str, tool: str, zpid: str
) -> None:
    assert calls(text, **ON_SCREEN) == [(tool, {"zpid": zpid})]


@pytest.mark.parametrize(
    ("text", "planned"),
    [
        (
            "bookmark the fourth and um open the first",
            [("save_home", {"zpid": "904"}), ("get_property_details", {"zpid": "901"})],
        ),
        ("erm save number two", [("save_home", {"zpid": "902"})]),
        ("can you, uh, watch the third one", [("watch_home", {"zpid": "903", "watch": "any"})]),
    ],
)
def test_a_hesitation_dictated_inside_a_wish_is_read_away(
    text: str, planned: list[tuple[str, dict[str, Any]]]
) -> None:
    assert calls(text, **ON_SCREEN) == planned


def test_an_amount_in_millions_written_mm_keeps_its_suffix() -> None:
    assert calls("condos in 78704 under 1.2 mm", **ON_SCREEN)[0][1]["price_max"] == 1_200_000


@pytest.mark.parametrize(
    "said",
    [
        "whats the nicest part of town",
        "is pflugerville a decent place to live?",
        "where should we move",
    ],
)
def test_a_place_judged_is_answered_in_words_not_searched(said: str) -> None:
    found = conversation.plan_for(Conversation(text=said))
    assert found is not None and not found.calls and "judge" in found.note, said
    assert [name for name, _ in calls("show me homes in the nicest part of pflugerville")] == [
        "search_properties"
    ]


@pytest.mark.parametrize(
    "said", ["would u live in this place?", "what's your honest opinion of it"]
)
def test_my_opinion_of_the_open_home_is_said_in_words(said: str) -> None:
    found = conversation.plan_for(Conversation(text=said, **IN_VIEW))
    assert found is not None and not found.calls and "yours to judge" in found.note, said
    assert calls("show me more like this one", **IN_VIEW)[0][0] == "search_properties"


@pytest.mark.parametrize(
    "said",
    [
        "quick question, how does a townhouse get its price",
        "dumb question but who sets the asking price on a house",
        "what should we be looking for on a condo walkthrough",
        "ok so what should i check in a house before i make an offer",
    ],
)
def test_a_question_of_how_things_work_is_answered_in_words(said: str) -> None:
    """A question about how buying works, after an aside ("quick question,") or asking what to
    look for, names a kind of home and no place or price: words, never a search of that kind."""
    assert calls(said) == [], said


def test_what_to_look_for_in_a_place_and_price_is_still_a_search() -> None:
    assert calls("what should i look for in 78704 under 400k") == [
        ("search_properties", {"location": "78704", "price_max": 400000})
    ]


@pytest.mark.parametrize(
    "said",
    [
        "how much should we offer on a condo",
        "how soon should i get preapproved for a house",
        "what do i need to get a house",
    ],
)
def test_asking_how_much_or_what_it_takes_is_answered_in_words(said: str) -> None:
    """ "how much should we...", "what do we need to...": what buying takes, not homes."""
    assert calls(said) == [], said
