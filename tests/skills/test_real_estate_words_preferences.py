"""The real_estate planner on preferences remembered or changed, in people's own words (phrasings
of our own, in no corpus): "note it", "keep that", "always", "as my default", "for any future
search", a leading "remember:", "from now on" or "don't forget", "we've settled on" and "our
target area is" keep what they name without searching, unless a later clause asks to see homes
now; a preference replaced ("Austin's out, we're moving to Manor", "from condos to houses",
"swap our area over for manor") keeps the new value; a budget bumped keeps it, and searches
again when asked to."""

from __future__ import annotations

from typing import Any

import pytest

from tests.skills.real_estate_words import (
    AUSTIN_BUDGET,
    AUSTIN_HOUSE,
    IN_VIEW,
    MANCHACA_CONDO,
    ON_SCREEN,
    STRICT,
    Conversation,
    calls,
    conversation,
    kept,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("our highest price is 410000, note that", [kept("budget_max", "$410,000")]),
        ("two bathrooms at least, please keep that", [kept("baths_min", "2")]),
        ("we only care about Manor", [kept("location", "Manor")]),
        ("remember the condo needs 3 bedrooms", [kept("beds_min", "3")]),
    ],
)
def test_preferences_kept_in_other_words(text: str, expected: list[Any]) -> None:
    assert [c for c in calls(text) if c[0] == "save_search_criteria"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'd like you to remember we want a garage", [kept("features", "garage")]),
        ("store that we only want to live in Del Valle", [kept("location", "Del Valle")]),
        ("our max is now 515", [kept("budget_max", "$515,000")]),
        ("save a preference for 2 baths", [kept("baths_min", "2")]),
    ],
)
def test_only_remembered_when_asked_in_other_words(text: str, expected: list[Any]) -> None:
    assert calls(text) == expected


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


def test_a_preference_said_always_at_the_end_is_only_remembered() -> None:
    assert calls("two bathrooms minimum, always") == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "baths_min", "value": "2"})
    ]


def test_a_note_with_a_colon_only_remembers() -> None:
    assert calls("note: 2 baths minimum") == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "baths_min", "value": "2"})
    ]


def test_before_i_forget_a_budget_is_remembered_not_forgotten() -> None:
    found = calls("oh, before I forget, our budget is 430k tops")
    assert [name for name, _ in found] == ["save_search_criteria"]


def test_a_wish_for_every_future_search_is_kept_not_searched() -> None:
    assert calls("for any future search, keep to condos") == [kept("property_type", "condo")]


def test_a_leading_keep_word_keeps_the_wish_that_follows() -> None:
    assert calls("from now on just show me homes in manor") == [kept("location", "Manor")]
    assert calls("don't forget we want pflugerville") == [kept("location", "Pflugerville")]


def test_a_later_clause_still_asks_to_see_homes_now() -> None:
    planned = calls("from now on we want manor, and show me some houses there")
    assert planned[0] == kept("location", "Manor")
    assert planned[-1][0] == "search_properties"


def test_a_decision_or_an_area_named_as_ours_is_kept_not_searched() -> None:
    assert calls("we've settled on dripping springs") == [kept("location", "Dripping Springs")]
    assert calls("please save manor as our area") == [kept("location", "Manor")]


def test_a_wish_for_what_you_show_us_later_is_no_search_now() -> None:
    said = "we need a garage in whatever you show us from now on"
    assert calls(said) == [kept("features", "garage")]


def test_an_area_named_as_our_target_or_moved_is_kept() -> None:
    assert calls("move area to pflugerville", preferences=AUSTIN_HOUSE) == [
        kept("location", "Pflugerville")
    ]
    found = calls("our target area is manor")
    assert found[0] == kept("location", "Manor")


def test_a_saved_preference_replaced_is_kept_not_searched() -> None:
    assert calls("Austin's out, we're moving to Manor instead", preferences=AUSTIN_BUDGET) == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "location", "value": "Manor"})
    ]


def test_a_preference_replaced_with_a_wish_to_see_homes_still_searches() -> None:
    planned = calls("we're moving to Manor, show me houses there", preferences=AUSTIN_BUDGET)
    assert [name for name, _ in planned] == ["save_search_criteria", "search_properties"]


def test_a_change_from_one_value_to_another_keeps_the_new_one() -> None:
    assert calls("we went from condos to houses for good") == [kept("property_type", "house")]


def test_a_kept_criterion_swapped_or_replaced_is_kept_anew() -> None:
    for text, key, value in [
        ("swap our area over for manor", "location", "Manor"),
        ("replace my budget with 610k", "budget_max", "$610,000"),
    ]:
        found = conversation.plan_for(Conversation(text=text, preferences=AUSTIN_HOUSE))
        assert found is not None, text
        assert [(c.name, c.args) for c in found.calls] == [
            ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
        ], text


def test_a_value_replaced_in_my_preferences_keeps_the_new_one() -> None:
    for text, key, value in [
        ("replace austin with buda in my preferences", "location", "Buda"),
        ("in our saved preferences swap houses for townhomes", "property_type", "townhouse"),
    ]:
        found = conversation.plan_for(Conversation(text=text, preferences=AUSTIN_HOUSE))
        assert found is not None, text
        assert [(c.name, c.args) for c in found.calls] == [
            ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
        ], text


def test_a_spending_cap_moved_or_a_type_to_update_is_kept_not_searched() -> None:
    def kept(said: str) -> list[tuple[str, Any]]:
        return [(a["key"], a["value"]) for _, a in calls(said, preferences=AUSTIN_HOUSE)]

    assert kept("my spending cap is 620k now") == [("budget_max", "$620,000")]
    assert kept("townhouses instead of houses for us, update that please") == [
        ("property_type", "townhouse")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("keep 78745 as our usual area", [kept("location", "78745")]),
        ("our budget went up, it is 460k now", [kept("budget_max", "$460,000")]),
        ("bump the budget to 475", [kept("budget_max", "$475,000")]),
    ],
)
def test_preferences_said_as_a_default_or_a_budget_before_its_amount(
    text: str, expected: list[Any]
) -> None:
    assert calls(text, preferences=MANCHACA_CONDO) == expected


@pytest.mark.parametrize(
    "text",
    [
        "keep 475 as my top price going forward",
        "make 475 my top price from now on",
        "remember 475 as my max",
    ],
)
def test_a_ceiling_said_after_its_bare_amount_is_remembered(text: str) -> None:
    assert calls(text) == [kept("budget_max", "$475,000")]


def test_a_ceiling_after_its_amount_bounds_the_search() -> None:
    assert calls("houses in austin, 500 is our limit") == [
        kept("budget_max", "$500,000"),
        (
            "search_properties",
            {"location": "Austin", "property_type": "house", "price_max": 500_000},
        ),
    ]


def test_a_price_said_after_a_budget_with_its_own_amount_is_a_filter() -> None:
    found = calls("my budget is 400k, show me houses under 300k in Austin")
    assert found[0] == kept("budget_max", "$400,000")
    assert found[1][1]["price_max"] == 300_000


def test_a_budget_asked_to_be_bumped_also_searches_again() -> None:
    said = "my budget was too tight, could you push it up to 520"
    assert [name for name, _ in calls(said, **STRICT)] == [
        "save_search_criteria",
        "search_properties",
    ]
    assert calls("my budget is 520 now", **STRICT) == [
        (
            "save_search_criteria",
            {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$520,000"},
        )
    ]


# Moved from the sixteenth session's files


def test_a_town_around_austin_is_kept_as_the_area_when_asked() -> None:
    assert calls("we've settled on georgetown from now on") == [kept("location", "Georgetown")]
    assert calls("please remember we want to live in hutto") == [kept("location", "Hutto")]


def test_from_now_starting_a_wish_or_said_of_every_search_asks_to_keep_it() -> None:
    assert calls("from now we want only townhouses") == [kept("property_type", "townhouse")]
    assert calls("put 3 bedrooms as our preference") == [kept("beds_min", "3")]
    assert calls("for every search 2 bathrooms at least") == [kept("baths_min", "2")]


def test_a_place_said_to_be_the_area_now_changes_the_remembered_one() -> None:
    assert calls("the town is manor now", preferences=AUSTIN_HOUSE) == [kept("location", "Manor")]
    assert calls("ok zip code is now 78748", preferences=AUSTIN_HOUSE) == [
        kept("location", "78748")
    ]


def test_a_kind_of_home_judged_in_a_later_clause_is_no_wish() -> None:
    said = "going forward just townhomes please, condos are too noisy"
    assert calls(said) == [kept("property_type", "townhouse")]


def test_cannot_pay_more_of_is_a_budget() -> None:
    assert calls("we cannot pay more of 390k") == [kept("budget_max", "$390,000")]


def test_a_place_said_as_where_we_live_or_now_is_kept() -> None:
    found = calls("Leander is where we would like to live")
    assert found[0] == kept("location", "Leander")
    assert calls("not manor anymore, now austin", preferences=AUSTIN_HOUSE) == [
        kept("location", "Austin")
    ]


def test_criteria_stated_with_save_or_note_are_kept_not_a_home_saved() -> None:
    assert calls("save that we need 2 bathrooms") == [kept("baths_min", "2")]
    assert calls("save that we need 2 bathrooms", **IN_VIEW) == [kept("baths_min", "2")]
    assert calls("pls note max 425") == [kept("budget_max", "$425,000")]
    assert calls("keep our area as manor") == [kept("location", "Manor")]
    assert calls("I want you remember our max is 410") == [kept("budget_max", "$410,000")]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("our budget changed again, it's 455 now", "$455,000"),
        ("the budget is lower now - 395", "$395,000"),
        ("budget went up. new one is 515k", "$515,000"),
        ("reduce the budget slightly, 385", "$385,000"),
        ("please raise our budget a little: 505", "$505,000"),
    ],
)
def test_a_budget_changed_with_its_amount_after_a_break_is_kept(text: str, budget: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("budget_max", budget)]


def test_a_budget_changed_with_a_count_after_it_keeps_no_amount() -> None:
    found = calls("the budget changed, 3 bedrooms now", preferences=AUSTIN_HOUSE)
    assert kept("budget_max", "$3,000") not in found


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("ok we'll go with 540k", "$540,000"),
        ("we settled on 505 thousand", "$505,000"),
        ("we're going with 470 from now.", "$470,000"),
    ],
)
def test_an_amount_decided_on_is_the_budget(text: str, budget: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("budget_max", budget)]


def test_homes_gone_with_are_no_budget() -> None:
    assert calls("we'll go with townhomes under 330k in austin") == [
        (
            "search_properties",
            {"location": "Austin", "property_type": "townhouse", "price_max": 330_000},
        )
    ]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("make leander our default area", "Leander"),
        ("set the location to hutto please", "Hutto"),
        ("our new area should be elgin", "Elgin"),
        ("make georgetown my town", "Georgetown"),
    ],
)
def test_a_place_made_the_area_is_kept_not_searched(text: str, place: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("location", place)]


def test_an_amount_made_the_budget_is_kept() -> None:
    assert calls("make 415 our max") == [kept("budget_max", "$415,000")]


def test_a_keep_word_said_of_what_came_before_keeps_only_that() -> None:
    said = "our budget dropped to 395, remember it and find townhomes in leander"
    assert calls(said) == [
        kept("budget_max", "$395,000"),
        (
            "search_properties",
            {"location": "Leander", "property_type": "townhouse", "price_max": 395_000},
        ),
    ]


@pytest.mark.parametrize(
    ("text", "cap"),
    [
        ("could you lift the cap to 490", 490_000),
        ("lower the max price a bit, 410", 410_000),
        ("raise my budget to 490", 490_000),
    ],
)
def test_a_cap_moved_with_homes_on_screen_searches_them_again(text: str, cap: int) -> None:
    name, criteria = calls(text, **STRICT)[-1]
    assert name == "search_properties" and criteria["price_max"] == cap


def test_a_wish_stated_is_no_watch_whatever_intent_it_is_near() -> None:
    near = [("stop_watching", 0.66), ("remember_preference", 0.6)]
    assert calls("we only want to look at condos, save that", intents=near) == [
        kept("property_type", "condo")
    ]


def test_how_the_market_is_looking_somewhere_is_no_place_we_look_in() -> None:
    assert calls("how's the market looking in pflugerville these days") == [
        ("search_properties", {"location": "Pflugerville"})
    ]
    assert calls("we're looking in pflugerville")[0] == kept("location", "Pflugerville")


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("can you update our area to Buda", "Buda"),
        ("switch the zip you have for us to 78704", "78704"),
        ("new location for me: Kyle", "Kyle"),
        ("the town we like now is Manor", "Manor"),
        ("make my area Leander please", "Leander"),
        ("change my search area to Taylor", "Taylor"),
    ],
)
def test_a_remembered_area_changed_in_other_words_is_kept_not_searched(
    text: str, place: str
) -> None:
    assert calls(text, preferences=AUSTIN_BUDGET) == [kept("location", place)]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("ok so 440 is probably more realistic", "$440,000"),
        ("you know what, 415k would be safer", "$415,000"),
        ("hmm 470 feels more comfortable", "$470,000"),
        ("better make it 455", "$455,000"),
        ("let's say 490 at most", "$490,000"),
    ],
)
def test_an_amount_judged_the_right_one_restates_the_budget(text: str, budget: str) -> None:
    assert calls(text, preferences=AUSTIN_BUDGET) == [kept("budget_max", budget)]


def test_a_count_judged_better_is_no_budget() -> None:
    assert "budget_max" not in str(calls("2 baths would be better", preferences=AUSTIN_BUDGET))


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("swap condos for houses", "property_type", "house"),
        ("swap out condos for townhomes", "property_type", "townhouse"),
        ("swap manchaca for buda", "location", "Buda"),
    ],
)
def test_a_remembered_value_swapped_for_another_keeps_the_new_one(
    text: str, key: str, value: str
) -> None:
    assert calls(text, preferences=MANCHACA_CONDO) == [kept(key, value)]


@pytest.mark.parametrize(
    "text",
    [
        "3 bathrooms minimum, keep it in your memory",
        "keep in your head that we need 3 bathrooms",
        "please keep this in ur mind: 3 baths at least",
    ],
)
def test_kept_in_memory_or_in_your_head_is_remembered(text: str) -> None:
    assert calls(text) == [kept("baths_min", "3")]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("add 2 baths to my profile", "baths_min", "2"),
        ("put 4 bedrooms into our preferences", "beds_min", "4"),
    ],
)
def test_a_criterion_added_to_the_preferences_is_kept_not_searched(
    text: str, key: str, value: str
) -> None:
    assert calls(text, preferences=AUSTIN_BUDGET) == [kept(key, value)]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("swap the 500k cap for 450k", "$450,000"),
        ("replace 500 with 465", "$465,000"),
        ("change our 500k max to 520k", "$520,000"),
        ("trade the $500,000 limit for $480,000", "$480,000"),
    ],
)
def test_an_amount_swapped_for_another_keeps_the_new_one(text: str, budget: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("budget_max", budget)]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("budget's gone up, 525 now", "$525,000"),
        ("our budget has gone down a bit - 440k", "$440,000"),
        ("price cap's up, say 560", "$560,000"),
    ],
)
def test_a_budget_gone_up_or_down_with_its_amount_after_a_break_is_kept(
    text: str, budget: str
) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("budget_max", budget)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("honestly we'd rather live in Kyle than Austin", "Kyle"),
        ("we would rather be out in Hutto, can you change that", "Hutto"),
        ("I'd rather look around Manor than in Austin", "Manor"),
    ],
)
def test_a_place_we_would_rather_be_in_replaces_the_remembered_area(text: str, place: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("location", place)]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("we want 2 bathrooms at least, keep it for next time", "baths_min", "2"),
        ("3 bedrooms minimum for the next searches", "beds_min", "3"),
        ("for next times, minimum 5 bedroom", "beds_min", "5"),
    ],
)
def test_a_criterion_kept_for_next_time_is_remembered(text: str, key: str, value: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept(key, value)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("switch my location to Kyle and show me whatever turns up", "Kyle"),
        ("update our area to 78702 and find us something", "78702"),
        ("set my town to Hutto and then show me a few", "Hutto"),
    ],
)
def test_an_area_changed_and_homes_asked_for_with_and_keeps_it_and_searches_there(
    text: str, place: str
) -> None:
    found = calls(text, preferences=AUSTIN_HOUSE)
    assert found[0] == kept("location", place)
    assert [name for name, _ in found[1:]] == ["search_properties"]
    assert found[1][1]["location"] == place


@pytest.mark.parametrize(
    "text",
    [
        "is our max still 500 grand?",
        "are you still searching austin for us?",
        "do you have me down for houses?",
        "is austin what you've got saved as our area",
        "you still have my budget at 500k right?",
    ],
)
def test_asking_whether_a_preference_is_still_kept_says_them_back_and_keeps_nothing(
    text: str,
) -> None:
    found = conversation.plan_for(Conversation(text=text, preferences=AUSTIN_HOUSE))
    assert found is not None and found.calls == [], text
    assert found.note.startswith("You told me:")


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("change the house preference to townhouse", "property_type", "townhouse"),
        ("switch the austin filter to Kyle", "location", "Kyle"),
        ("update our condo setting to houses", "property_type", "house"),
    ],
)
def test_a_remembered_value_changed_to_another_keeps_the_new_one(
    text: str, key: str, value: str
) -> None:
    saved = {**AUSTIN_HOUSE, "property_type": "condo"} if "condo" in text else AUSTIN_HOUSE
    assert calls(text, preferences=saved) == [kept(key, value)]


@pytest.mark.parametrize(
    ("text", "budget"),
    [
        ("we can only spend 430 now", "$430,000"),
        ("i can just spend 410k these days", "$410,000"),
    ],
)
def test_a_budget_said_as_what_we_can_only_spend_is_kept(text: str, budget: str) -> None:
    assert calls(text, preferences=AUSTIN_HOUSE) == [kept("budget_max", budget)]


@pytest.mark.parametrize(
    ("said", "amount"),
    [
        ("the budget dropped, set it to 410", "$410,000"),
        ("our max price went up, call it 600", "$600,000"),
        ("budget changed again. make that 475", "$475,000"),
    ],
)
def test_a_changed_budget_then_its_amount_made_so_is_kept(said: str, amount: str) -> None:
    assert calls(said, preferences=dict(AUSTIN_HOUSE)) == [kept("budget_max", amount)]


@pytest.mark.parametrize(
    ("said", "amount"),
    [
        ("please lower our budget by 40k", "$460,000"),
        ("could you trim our budget by $25,000", "$475,000"),
    ],
)
def test_a_remembered_budget_moved_by_an_amount_is_kept_moved(said: str, amount: str) -> None:
    assert calls(said, preferences=dict(AUSTIN_HOUSE)) == [kept("budget_max", amount)]


@pytest.mark.parametrize(
    ("said", "amount"),
    [("my budget maxes out at 395", "$395,000"), ("our budget caps out at 440k", "$440,000")],
)
def test_a_budget_said_to_top_out_at_an_amount_is_kept(said: str, amount: str) -> None:
    assert calls(said) == [kept("budget_max", amount)]


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("no more houses for us, townhomes it is", kept("property_type", "townhouse")),
        ("we're done with houses, a condo suits us better", kept("property_type", "condo")),
        ("changed our minds about houses: townhouse please", kept("property_type", "townhouse")),
        ("a condo rather than a house from here", kept("property_type", "condo")),
        ("forget austin, georgetown is where we're headed", kept("location", "Georgetown")),
    ],
)
def test_a_remembered_value_turned_down_for_another_keeps_the_other(
    said: str, expected: Any
) -> None:
    assert calls(said, preferences=dict(AUSTIN_HOUSE)) == [expected]


def test_a_remembered_value_turned_down_for_nothing_is_forgotten() -> None:
    assert calls("no more houses for us", preferences=dict(AUSTIN_HOUSE)) == [
        ("forget_search_criteria", {"key": "property_type"})
    ]


def test_a_remembered_value_turned_down_with_another_as_well_is_forgotten() -> None:
    said = "forget the house rule, townhomes would work as well"
    assert calls(said, preferences=dict(AUSTIN_HOUSE)) == [
        ("forget_search_criteria", {"key": "property_type"})
    ]


@pytest.mark.parametrize("said", ["can you list our current preferences", "whats in our profile?"])
def test_the_preferences_asked_to_be_seen_are_said_back_though_near_a_forget(said: str) -> None:
    found = conversation.plan_for(
        Conversation(
            text=said, intents=[("forget_preference", 0.65)], preferences=dict(AUSTIN_HOUSE)
        )
    )
    assert found is not None
    assert (found.calls, found.note.startswith("You told me")) == ([], True)


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("save our town as manor", kept("location", "Manor")),
        ("store my type as condo", kept("property_type", "condo")),
    ],
)
def test_a_preference_saved_as_a_value_is_kept_not_searched(said: str, expected: Any) -> None:
    assert calls(said) == [expected]


# Twenty-third session (understand42): the results on screen in people's own words.


@pytest.mark.parametrize(
    ("kept_as", "said_back"),
    [
        ({"property_type": "house"}, "only houses"),
        ({"property_type": "land"}, "only lots"),
        ({"exclude_property_type": "condo, townhouse"}, "never condos or townhouses"),
    ],
)
def test_kinds_of_home_remembered_are_said_back_as_a_person_says_them(
    kept_as: dict[str, str], said_back: str
) -> None:
    found = conversation.plan_for(
        Conversation(text="remind me of my preferences", preferences=kept_as)
    )
    assert found is not None
    assert found.note == f"You told me: {said_back}."


@pytest.mark.parametrize(
    "text",
    [
        "this part of town suits us, remember it",
        "keep that zip code in mind as our area",
        "save this neighborhood for future searches",
    ],
)
def test_the_place_on_screen_said_as_this_area_is_kept_as_the_area(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [kept("location", "78745")]


def test_the_place_of_the_open_home_said_as_this_area_is_its_zip() -> None:
    in_view = {**IN_VIEW, "last_criteria": {"location": "Austin"}}
    assert calls("please remember this neighbourhood", **in_view) == [kept("location", "78745")]


def _decided(kind: str) -> tuple[str, dict[str, str]]:
    return (
        "save_search_criteria",
        {"entry_type": "DECISION", "key": "exclude_property_type", "value": kind},
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("do not ever show us condos again", "condo"),
        ("always leave out townhouses", "townhouse"),
        ("rule out mobile homes for good", "mobile"),
    ],
)
def test_a_kind_left_out_for_good_is_a_decision_never_a_search_for_it(text: str, kind: str) -> None:
    assert _decided(kind) in calls(text, **ON_SCREEN)
    assert all(args.get("property_type") != kind for _, args in calls(text, **ON_SCREEN))


@pytest.mark.parametrize(
    "said", ["look for homes with what I gave you", "run a search on what we told you earlier"]
)
def test_a_search_with_what_was_told_before_uses_the_preferences(said: str) -> None:
    """Even near listing the saved searches, as the platform may rank such words."""
    near_listing = [("list_saved_searches", 0.6), ("save_search", 0.5)]
    found = conversation.plan_for(
        Conversation(text=said, preferences=AUSTIN_HOUSE, intents=near_listing)
    )
    assert found is not None, said
    assert [(c.name, c.args) for c in found.calls] == [
        (
            "search_properties",
            {"price_max": 500000, "location": "Austin", "property_type": "house"},
        )
    ], said
