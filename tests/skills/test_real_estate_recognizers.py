"""The real_estate planner's recognizers (planner/recognizers.py), each asked alone, and their
precedence: what each one reads from the words, and what the nearest intent adds."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR
from tests.skills.real_estate_words import heard

_PACKAGE = load_planner(planner_file(SKILL_DIR), "real_estate_recognizers")
recognizers = importlib.import_module(f"{_PACKAGE.__name__}.recognizers")
plans = importlib.import_module(f"{_PACKAGE.__name__}.plans")
refs = importlib.import_module(f"{_PACKAGE.__name__}.refs")
spoken = importlib.import_module(f"{_PACKAGE.__name__}.spoken")
Conversation = plans.Conversation

HOMES = [
    {"zpid": f"{29000000 + n}", "address": a, "price": p, "sqft": s}
    for n, (a, p, s) in enumerate(
        [
            ("5200 Buffalo Pass, Austin, TX 78745", 350_000, 1800),
            ("2509 Cockburn Dr, Austin, TX 78745", 269_900, 1400),
            ("3312 Western Dr, Austin, TX 78745", 424_000, 2250),
        ],
        start=1,
    )
]
SHOWN = {"last_criteria": {"location": "78745"}, "last_results": HOMES}


def calls(found: Any) -> list[tuple[str, dict[str, Any]]]:
    assert found is not None
    return [(c.name, c.args) for c in found.calls]


def test_precedence_is_an_explicit_list_with_the_exact_readers_first() -> None:
    names = [name for name, _ in recognizers.RECOGNIZERS]
    assert names[:2] == ["card click", "unreadable"]
    assert names.index("unknown id") < names.index("typed ids") < names.index("watches and tours")
    assert names[-2:] == ["search", "ask back"]


def test_a_card_click_is_details_by_its_zpid_whatever_else_it_says() -> None:
    text = "Show me the details for 12 Watch Me St (zpid: 123456789)"
    assert calls(recognizers.clicked_card(Conversation(text))) == [
        ("get_property_details", {"zpid": "123456789"})
    ]
    assert recognizers.clicked_card(Conversation("show me the details")) is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("   ", "didn't catch"),
        ("x" * 10_000, "too long"),
        ("🏠🏠🏠❓", "emoji"),
        ("bonjour, je cherche une maison", "English"),
    ],
)
def test_unreadable_input_changes_nothing_and_says_why(text: str, said: str) -> None:
    found = recognizers.unreadable(Conversation(text))
    assert found is not None and found.calls == [] and said in found.note


def test_english_is_readable() -> None:
    assert recognizers.unreadable(Conversation("3 bed house in Austin")) is None


def test_small_talk_is_words_with_one_question_back_never_a_tool() -> None:
    found = recognizers.small_talk(Conversation("hey there!"))
    assert found is not None and found.calls == [] and found.note.endswith("?")
    assert "tool" not in found.note
    assert recognizers.small_talk(Conversation("hey, show me the second one")) is None


def test_small_talk_in_other_words_comes_from_the_nearest_intent() -> None:
    words = Conversation("much obliged, that was useful", intents=[("thanks", 0.7), ("x", 0.3)])
    found = recognizers.small_talk(words)
    assert found is not None and "welcome" in found.note
    unsure = Conversation("much obliged, that was useful", intents=[("thanks", 0.4)])
    assert recognizers.small_talk(unsure) is None


def test_steering_by_the_nearest_intent_is_declined() -> None:
    conv = Conversation("which streets have the right sort of neighbours", intents=[
        ("fair_housing", 0.71), ("search_homes", 0.4)])  # fmt: skip
    found = recognizers.steering(conv)
    assert found is not None and found.calls == [] and "can't" in found.note


def test_terms_are_explained_in_words() -> None:
    found = recognizers.term(Conversation("what does escrow mean?"))
    assert found is not None and found.no_tools and "third party" in found.note
    assert recognizers.term(Conversation("3 bed houses with no HOA")) is None


def test_ids_that_cannot_be_a_homes_are_declined_and_real_ones_are_looked_up() -> None:
    assert calls(recognizers.unknown_id(Conversation("show me zpid 123"))) == []
    assert recognizers.unknown_id(Conversation("show me zpid 29478461")) is None
    for text in ("details for home id abc-not-a-home", "id: xyz", "listing id #4b"):
        assert calls(recognizers.unknown_id(Conversation(text))) == [], text
    for text in ("id like to see this one", "id love a tour on friday", "ok id say yes"):
        assert recognizers.unknown_id(Conversation(text)) is None, text  # "I'd", not an id
    assert calls(recognizers.typed_ids(Conversation("can you pull up zpid 29478461"))) == [
        ("get_property_details", {"zpid": "29478461"})
    ]
    assert calls(recognizers.typed_ids(Conversation("compare homes 29478461 and 24841703"))) == [
        ("compare_properties", {"zpids": ["29478461", "24841703"]})
    ]


def test_a_watch_or_tour_of_a_home_never_shown_is_declined() -> None:
    never_shown = (
        "watch home 99999999 for price drops",
        "tell me if 123 Fake Street drops",
        "book a tour of 99999999 on saturday",  # a bare id, no "home" before it
    )
    for text in never_shown:
        found = recognizers.unshown_home(Conversation(text, **SHOWN))
        assert found is not None and found.calls == [] and "shown" in found.note
    assert recognizers.unshown_home(Conversation(f"watch home {HOMES[0]['zpid']}", **SHOWN)) is None


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("if the price on #3 ever goes down, give me a shout", 3),
        ("in case the first one comes down in price", 1),
        ("hit me up if number 2 is marked down", 2),
    ],
)
def test_a_price_change_of_a_shown_home_in_the_future_is_a_watch(text: str, n: int) -> None:
    assert calls(recognizers.watches_and_tours(Conversation(text, **SHOWN))) == [
        ("watch_home", {"zpid": HOMES[n - 1]["zpid"], "watch": "price"})
    ]
    assert recognizers.watches_and_tours(Conversation("the price on #3", **SHOWN)) is None


def test_the_nearest_intent_makes_a_watch_of_words_without_the_trigger_words() -> None:
    text = "once anything happens with the second one I'd love to hear"
    assert recognizers.watches_and_tours(Conversation(text, **SHOWN)) is None
    conv = Conversation(text, intents=[("watch_home", 0.62), ("home_details", 0.5)], **SHOWN)
    assert calls(recognizers.watches_and_tours(conv)) == [
        ("watch_home", {"zpid": HOMES[1]["zpid"], "watch": "any"})
    ]


def test_the_nearest_intent_saves_a_home_said_without_save() -> None:
    text = "squirrel away the third one for me"
    assert recognizers.saved_homes(Conversation(text, **SHOWN)) is None
    conv = Conversation(text, intents=[("save_home", 0.6), ("home_details", 0.5)], **SHOWN)
    assert calls(recognizers.saved_homes(conv)) == [("save_home", {"zpid": HOMES[2]["zpid"]})]


def test_a_shown_home_named_by_its_street_is_its_position() -> None:
    assert refs.with_positions("more about 3312 Western Dr", HOMES) == "more about #3"
    assert refs.with_positions("what's the one on Cockburn like", HOMES) == "what's #2 like"
    assert refs.with_positions("4506 Mattie Ln", HOMES) == "4506 Mattie Ln"


def test_several_homes_named_at_once_get_details_each() -> None:
    found = recognizers.referenced_home(Conversation("show me the first and the third", **SHOWN))
    assert [args["zpid"] for _, args in calls(found)] == [HOMES[0]["zpid"], HOMES[2]["zpid"]]


def test_an_ordinal_past_the_end_is_said_not_called() -> None:
    found = recognizers.referenced_home(Conversation("the twelfth one", **SHOWN))
    assert found is not None and found.calls == [] and "only 3 results" in found.note


def test_similar_homes_need_a_home_to_be_like() -> None:
    assert recognizers.similar_homes(Conversation("show me more like it")) is None
    found = recognizers.similar_homes(Conversation("more like the third", **SHOWN))
    assert calls(found)[0][1]["like_zpid"] == HOMES[2]["zpid"]


@pytest.mark.parametrize(
    ("text", "page"),
    [
        ("show me more homes please", 2),
        ("go to page three", 3),
        ("please show other houses, the following ones", 2),
    ],
)
def test_paging_said_with_the_type_already_searched_or_a_word_number(text: str, page: int) -> None:
    houses = {"last_criteria": {"location": "78745", "property_type": "house"}}
    found = recognizers.paging(Conversation(text, last_results=HOMES, **houses))
    assert calls(found) == [("search_properties", {**houses["last_criteria"], "page": page})]
    condos = recognizers.paging(Conversation("more condos", **SHOWN))
    assert condos is None  # another type is a new search, not a page


def test_paging_needs_a_search_and_a_wordless_search_asks_where() -> None:
    assert calls(recognizers.paging(Conversation("nxt pg", **SHOWN))) == [
        ("search_properties", {"location": "78745", "page": 2})
    ]
    found = recognizers.search(Conversation("next page"))
    assert found is not None and found.calls == [] and found.note.endswith("?")
    vague = recognizers.search(Conversation("I want to buy a home"))
    assert vague is not None and vague.calls == [] and "Which area" in vague.note


@pytest.mark.parametrize(
    "text", ["budget is 450", "my max is 450k, remember that", "keep in mind: 450k tops"]
)
def test_asking_to_remember_saves_without_searching(text: str) -> None:
    assert calls(recognizers.search(Conversation(text))) == [
        (
            "save_search_criteria",
            {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$450,000"},
        )
    ]


@pytest.mark.parametrize(
    "text", ["i need at least 4 bedrooms keep that in mind", "remeber we need 4 bedrooms"]
)
def test_asking_to_remember_in_other_words_saves_without_searching(text: str) -> None:
    assert calls(recognizers.search(Conversation(text))) == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": "beds_min", "value": "4"})
    ]


def test_asking_back_only_when_the_message_is_nearest_to_this_skill() -> None:
    mine = Conversation("hmm", intents=[("unclear", 0.6)], elsewhere=0.2)
    found = recognizers.ask_back(mine)
    assert found is not None and found.note.endswith("?")
    theirs = Conversation("hmm", intents=[("unclear", 0.3)], elsewhere=0.8)
    assert recognizers.ask_back(theirs) is None
    assert recognizers.ask_back(Conversation("hmm")) is None  # no intents ranked: words decide


def test_spoken_amounts_and_zip_codes_read_as_digits() -> None:
    said = "two bedrooms in seventy eight seven oh four under four hundred thousand"
    assert spoken.digits(said) == "two bedrooms in 78704 under 400,000"
    assert spoken.digits("the second one, one bedroom") == "the second one, one bedroom"


def test_two_wishes_in_one_message_make_both_calls_about_the_same_home() -> None:
    found = recognizers.two_wishes(
        Conversation("save the 2nd one and tell me if it sells", **SHOWN)
    )
    assert calls(found) == [
        ("save_home", {"zpid": HOMES[1]["zpid"]}),
        ("watch_home", {"zpid": HOMES[1]["zpid"], "watch": "status"}),
    ]
    assert recognizers.two_wishes(Conversation("3 bedrooms and 2 baths", **SHOWN)) is None


def test_a_home_described_by_its_size_is_the_one_shown_with_it() -> None:
    found = recognizers.described_home(Conversation("the one with 2250 square feet", **SHOWN))
    assert calls(found) == [("get_property_details", {"zpid": HOMES[2]["zpid"]})]
    unsure = recognizers.described_home(Conversation("the one with 900 sqft", **SHOWN))
    assert unsure is not None and unsure.calls == [] and unsure.note.startswith("Which one?")


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("save thsi search", "save this search"),
        ("shwo me mroe", "show me more"),
        ("3 bedroms in pflugervile", "3 bedrooms in pflugerville"),
        ("the pool and the yard", "the pool and the yard"),
        ("from the form", "from the form"),  # words outside the vocabulary stay as said
    ],
)
def test_misspelled_vocabulary_is_read_as_meant(said: str, meant: str) -> None:
    assert heard(said) == meant


@pytest.mark.parametrize(
    "text", ["which is better, the 2nd or the 3rd", "how do the 2nd and 3rd stack up"]
)
def test_weighing_two_shown_homes_by_their_ordinals_compares_them(text: str) -> None:
    assert calls(recognizers.saved_homes(Conversation(text, **SHOWN))) == [
        ("compare_properties", {"zpids": [HOMES[1]["zpid"], HOMES[2]["zpid"]]})
    ]


def test_forgetting_what_was_said_before_names_the_remembered_key() -> None:
    prefs = {"preferences": {"location": "Austin", "budget_max": "500000"}}
    found = recognizers.saved_homes(Conversation("forget the location i gave you", **prefs))
    assert calls(found) == [("forget_search_criteria", {"key": "location"})]
    refining = Conversation("drop the price limit", **prefs, **SHOWN)
    assert recognizers.saved_homes(refining) is None  # a filter of the search on screen


def test_asking_to_keep_looking_for_homes_like_these_saves_the_search() -> None:
    text = "keep searching for ones like these for us"
    assert calls(recognizers.watches_and_tours(Conversation(text, **SHOWN))) == [
        ("save_search", {"criteria": SHOWN["last_criteria"]})
    ]
    assert recognizers.watches_and_tours(Conversation("keep looking", **SHOWN)) is None


def test_words_that_save_a_search_win_over_a_nearest_intent_to_list_them() -> None:
    conv = Conversation(heard("save thsi search"), intents=[("list_saved_searches", 0.7)], **SHOWN)
    assert calls(recognizers.watches_and_tours(conv)) == [
        ("save_search", {"criteria": SHOWN["last_criteria"]})
    ]


def test_an_ordinal_without_its_article_still_points_at_a_shown_home() -> None:
    text = "Please give me informations about second house"
    assert calls(recognizers.referenced_home(Conversation(text, **SHOWN))) == [
        ("get_property_details", {"zpid": HOMES[1]["zpid"]})
    ]
    for own in ("we are buying our first home", "is a second home a good idea"):
        assert refs.find_reference(own) is None, own


def test_words_that_watch_a_home_win_over_a_nearest_intent_to_tour_it() -> None:
    conv = Conversation("keep an eye on #3 for me", intents=[("request_tour", 0.6)], **SHOWN)
    assert calls(recognizers.watches_and_tours(conv)) == [
        ("watch_home", {"zpid": HOMES[2]["zpid"], "watch": "any"})
    ]


def test_a_day_said_keeps_the_nearest_intent_to_tour_even_with_a_way_to_reach_me() -> None:
    text = "we'd love to step inside this place, is sunday around 2pm possible? text me at 512-555-0142"
    conv = Conversation(text, intents=[("request_tour", 0.6)], **SHOWN, focused=HOMES[0])
    assert [name for name, _ in calls(recognizers.watches_and_tours(conv))] == ["request_tour"]


@pytest.mark.parametrize(
    ("said", "position"),
    [
        ("house 4 please", 4),
        ("tell me about the fith one", 5),
        ("give me more on nummber eigth", 8),
        ("the second from the bottom", -2),
        ("the second from last", -2),
        ("the top one", 1),
        ("more on the top result", 1),
        ("the one at the bottom", -1),
        ("the one before last", -2),
        ("the one in spot 2", 2),
        ("2nd", 2),
        ("the 4-th one", 4),
        ("tell me about 2", 2),
        ("what more do you know on 7?", 7),
    ],
)
def test_a_position_said_in_other_words_or_misspelled_points_at_that_home(
    said: str, position: int
) -> None:
    assert refs.find_reference(heard(said)) == refs.Reference(position=position)


@pytest.mark.parametrize(
    "said",
    [
        "3 bed house 2 story in austin",
        "a house 2 baths",
        "the fifty homes near me",
        "I can spend about 50",
        "houses on 2",
    ],
)
def test_a_number_that_counts_something_is_no_position(said: str) -> None:
    assert refs.find_reference(said) is None


@pytest.mark.parametrize(
    ("said", "meant"),
    [("wach the 2nd one", "watch the 2nd one"), ("vist #3 on sunday", "visit #3 on sunday")],
)
def test_a_wish_missing_one_letter_is_read_as_meant(said: str, meant: str) -> None:
    assert heard(said) == meant
    assert heard("alter my search") == "alter my search"


def test_an_intent_is_taken_from_its_own_calibrated_sureness() -> None:
    ranked = [("save_home", 0.45), ("home_details", 0.3)]
    assert Conversation("stash it", intents=ranked).intent is None  # below the default
    assert Conversation("stash it", intents=ranked, sure={"save_home": 0.41}).intent == "save_home"


@pytest.mark.parametrize("text", ["pull up our wishlist", "go over my keepers", "my faves?"])
def test_the_saved_list_called_by_other_names_is_shown(text: str) -> None:
    saved = {"preferences": {f"home_{HOMES[0]['zpid']}": "saved"}}
    assert calls(recognizers.saved_homes(Conversation(text, **saved))) == [
        ("get_saved_homes", {"zpids": [HOMES[0]["zpid"]]})
    ]


@pytest.mark.parametrize("text", ["stash the 2nd one in my keepers", "hang on to #2 for me"])
def test_keeping_a_home_in_other_words_saves_it(text: str) -> None:
    assert calls(recognizers.saved_homes(Conversation(text, **SHOWN))) == [
        ("save_home", {"zpid": HOMES[1]["zpid"]})
    ]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("scratch my budget", "budget_max"),
        ("i no longer care about the location", "location"),
        ("drop the price limit you have for me", "budget_max"),
    ],
)
def test_forgetting_a_preference_in_other_words_names_its_key(text: str, key: str) -> None:
    prefs = {"preferences": {"location": "Austin", "budget_max": "500000"}}
    assert calls(recognizers.saved_homes(Conversation(text, **prefs))) == [
        ("forget_search_criteria", {"key": key})
    ]


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("for future reference we only want condos", "property_type", "condo"),
        ("our price ceiling is 350k", "budget_max", "$350,000"),
    ],
)
def test_a_preference_said_to_be_kept_in_other_words_is_only_remembered(
    text: str, key: str, value: str
) -> None:
    assert calls(recognizers.search(Conversation(text))) == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
    ]


@pytest.mark.parametrize(
    "text", ["arrange a walkthrough of #2 on friday", "can we get inside number 2 on saturday"]
)
def test_a_visit_in_other_words_requests_a_tour(text: str) -> None:
    found = recognizers.watches_and_tours(Conversation(text, **SHOWN))
    assert [(c.name, c.args["zpid"]) for c in found.calls] == [("request_tour", HOMES[1]["zpid"])]


def test_being_walked_through_the_costs_is_no_visit_and_search_settings_are_a_search() -> None:
    assert recognizers.watches_and_tours(Conversation("walk me through #2", **SHOWN)) is None
    assert calls(recognizers.watches_and_tours(Conversation("save these settings", **SHOWN))) == [
        ("save_search", {"criteria": SHOWN["last_criteria"]})
    ]


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("keep tabs on #2", "watch_home"),
        ("flag the 2nd for price changes", "watch_home"),
        ("subscribe me to this search", "save_search"),
        ("set up an alert for homes like these", "save_search"),
    ],
)
def test_a_watch_or_an_alert_in_other_words_is_made(text: str, tool: str) -> None:
    found = recognizers.watches_and_tours(Conversation(text, **SHOWN))
    assert [c.name for c in found.calls] == [tool]
    assert recognizers.watches_and_tours(Conversation("homes with a security monitor")) is None


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("for future searches, stick to Manor", "location", "Manor"),
        ("our ceiling is 375k, hold onto that", "budget_max", "$375,000"),
        ("save my preference for condos", "property_type", "condo"),
        ("i only ever want to see townhouses dont forget", "property_type", "townhouse"),
        ("we can stretch to 600k now", "budget_max", "$600,000"),
    ],
)
def test_asking_to_keep_a_preference_in_more_words_saves_without_searching(
    text: str, key: str, value: str
) -> None:
    assert calls(recognizers.search(Conversation(text))) == [
        ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})
    ]


def test_forgetting_what_is_on_file_names_the_remembered_key() -> None:
    prefs = {"preferences": {"location": "Austin", "budget_max": "500000"}}
    found = recognizers.saved_homes(Conversation("erase the budget you have on file", **prefs))
    assert calls(found) == [("forget_search_criteria", {"key": "budget_max"})]


def test_seeing_a_home_with_no_day_and_no_visit_word_is_its_details_not_a_tour() -> None:
    near_tour = {"intents": [("request_tour", 0.6)], **SHOWN}
    looks = Conversation("I want to see the third house", **near_tour)
    assert recognizers.watches_and_tours(looks) is None
    assert calls(recognizers.referenced_home(looks)) == [
        ("get_property_details", {"zpid": HOMES[2]["zpid"]})
    ]
    booked = Conversation("I want to see the third house saturday morning", **near_tour)
    assert [name for name, _ in calls(recognizers.watches_and_tours(booked))] == ["request_tour"]
