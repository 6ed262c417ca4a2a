"""The real_estate planner on questions about one home, in people's own words (phrasings of our
own, in no corpus): a fact or the past of the open home asked without naming it ("carport?",
"pets welcome?", "was it pricier when first listed?", "how far is it from the airport") opens
its details, never a search, a visit or homes like it; the same of a home named by position;
a home asked by a letter-named street or by its id after a word."""

from __future__ import annotations

import pytest

from agent_graph.memory.embeddings import embed
from agent_graph.planning.two_skills import NEAR
from agent_graph.understanding.intents import declared, load_intents
from agent_graph.understanding.matcher import IntentMatcher
from tests.skills.real_estate_fakes import SKILL_DIR
from tests.skills.real_estate_words import (
    ELM_STREET,
    IN_VIEW,
    KEPT,
    ON_ELM_STREET,
    ON_SCREEN,
    Conversation,
    calls,
    conversation,
    details,
    module,
    searched,
)


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


def test_did_they_lower_the_price_of_the_home_in_view_opens_it() -> None:
    assert calls("did the owners ever cut the price for this place?", **IN_VIEW) == [
        ("get_property_details", {"zpid": "904"})
    ]


def test_a_question_about_the_home_in_view_opens_its_details() -> None:
    for said in ("this place has a basement or not?", "how many bathrooms has this home?"):
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said
    others = searched("this one is lovely, anything else with a pool?", **IN_VIEW)
    assert others["features"] == ["pool"]


@pytest.mark.parametrize(
    "text",
    [
        "when did this place come on the market",
        "how old is that listing",
        "did this one get any price reductions",
        "show me its price history",
        "is it a newly listed home",
    ],
)
def test_the_market_history_of_the_home_in_view_is_its_details(text: str) -> None:
    assert calls(text, focused=ELM_STREET[2], **ON_ELM_STREET) == [
        ("get_property_details", {"zpid": "z3"})
    ]


def test_a_street_named_by_a_letter_is_an_address() -> None:
    assert calls("what's the story on 3806 Avenue H") == [
        ("get_property_details_by_address", {"address": "3806 Avenue H"})
    ]


@pytest.mark.parametrize("text", ["details: 29486087", "info on 29486087", "pull up 29486087 pls"])
def test_an_id_after_a_word_asking_its_details(text: str) -> None:
    assert calls(text) == [("get_property_details", {"zpid": "29486087"})]


def test_liking_the_look_of_a_home_is_no_wish_for_homes_like_it() -> None:
    said = "we sort of like the look of the 3rd, how big is the yard"
    assert calls(said, **ON_SCREEN) == [("get_property_details", {"zpid": "903"})]


def test_a_fact_asked_of_the_open_home_without_naming_it_opens_its_details() -> None:
    for said in ["is there a fireplace?", "how are the schools here", "whats the hoa on this one"]:
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said
    assert calls("what's the hoa fee on it", **IN_VIEW) == [
        ("get_property_details", {"zpid": "904"})
    ]


def test_a_fact_of_the_open_home_asked_with_the_or_how_far_opens_its_details() -> None:
    for said in ["what's the square footage", "how far is it from the airport"]:
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said


def test_a_fact_asked_without_a_subject_is_about_the_open_home() -> None:
    for said in ["carport?", "any fireplace", "is there a basement", "laundry included?"]:
        assert calls(said, **IN_VIEW) == details("904"), said


def test_a_fact_asked_of_other_homes_is_still_a_search() -> None:
    for said in ["any with a fireplace?", "fireplaces in 78704?"]:
        assert [name for name, _ in calls(said, **IN_VIEW)] == ["search_properties"], said


def test_pets_and_photos_of_the_open_home_open_its_details() -> None:
    for said in ["pets welcome?", "could you show me the pictures", "any more photos"]:
        assert calls(said, **IN_VIEW) == details("904"), said


def test_the_place_i_am_looking_at_is_the_open_home() -> None:
    assert calls("is the place i'm looking at near any parks", **IN_VIEW) == details("904")


def test_a_fact_of_the_open_home_is_no_visit_whatever_intent_it_is_near() -> None:
    near_tour = {"intents": [("request_tour", 0.9), ("home_details", 0.3)]}
    said = "is it possible to bring our dog to this place"
    assert calls(said, **IN_VIEW, **near_tour) == details("904")


# Moved from the sixteenth session's files


def test_a_question_put_as_tell_me_if_opens_the_homes_details() -> None:
    assert calls("could you let me know if the 3rd has a fenced yard", **ON_SCREEN) == details(
        "903"
    )
    assert calls("tell me if 4 comes with a garage", **ON_SCREEN) == details("904")


def test_the_open_homes_place_asked_about_opens_its_details() -> None:
    for said in [
        "how's the neighbourhood around it?",
        "is the area any good",
        "what are the schools like",
        "and how far away is downtown",
        "which area is it in",
    ]:
        assert calls(said, **IN_VIEW) == details("904"), said


def test_the_open_homes_place_is_its_details_whatever_intent_it_is_near() -> None:
    for intent in ["fair_housing", "greeting", "request_tour", "similar_homes"]:
        for said in ["hows the area", "is it safe around there"]:
            got = calls(said, intents=[(intent, 0.7)], **IN_VIEW)
            assert got == details("904"), (intent, said)


def test_other_homes_in_another_area_are_still_a_search() -> None:
    found = calls("show me houses in a quieter area", **IN_VIEW)
    assert [name for name, _ in found] == ["search_properties"]


def test_its_cost_or_flood_zone_asked_of_the_open_home_opens_its_details() -> None:
    for said in ["how much it costs", "what's the price for this", "is flood zone there?"]:
        assert calls(said, **IN_VIEW) == details("904"), said


def test_who_lives_around_the_open_home_is_no_fact_of_its_place() -> None:
    for said in ["what are the folks like around here", "is the area full of retirees"]:
        assert calls(said, intents=[("fair_housing", 0.7)], **IN_VIEW) == [], said


def test_whether_we_would_fit_in_around_the_open_home_is_no_fact_of_its_place() -> None:
    for said in [
        "is the area around this one diverse",
        "would a family like ours fit in around here",
        "whats the community like in this neighborhood",
    ]:
        assert calls(said, intents=[("fair_housing", 0.7)], **IN_VIEW) == [], said
    assert calls("hows the neighborhood", intents=[("fair_housing", 0.7)], **IN_VIEW)


def test_what_its_listing_says_or_a_wonder_about_the_open_home_is_its_details() -> None:
    assert calls("does the ad mention a fireplace", **IN_VIEW) == details("904")
    assert calls("got any info about the hvac for this place", **IN_VIEW) == details("904")
    assert calls("wondering whether this house gets much sun", **IN_VIEW) == details("904")
    assert "location" in searched("any info on condos in buda", **IN_VIEW)


def test_a_fact_asked_of_the_open_home_with_the_verb_after_or_bare_is_its_details() -> None:
    for said in [
        "any carport with this place",
        "and the heating, is it gas",
        "flood risk?",
        "were there any price drops on this house",
    ]:
        assert calls(said, **IN_VIEW) == details("904"), said
    assert "features" in searched("any houses with a pool", **IN_VIEW)


@pytest.mark.parametrize(
    "text",
    [
        "how many floors?",
        "so how old",
        "is it lakefront",
        "is this one a single story",
        "is it still up for grabs, or is it pending",
        "has this place sold already",
        "when did it last sell",
        "when was this home built",
    ],
)
def test_a_count_its_water_or_whether_it_is_still_for_sale_opens_the_home_in_view(
    text: str,
) -> None:
    assert calls(text, **IN_VIEW) == details("904")


def test_a_sale_said_ahead_is_still_a_watch_of_the_home_in_view() -> None:
    assert calls("ping me when it sells", **IN_VIEW) == [
        ("watch_home", {"zpid": "904", "watch": "status"})
    ]


@pytest.mark.parametrize("text", ["what's number 4 like", "so how's the fourth one like?"])
def test_what_a_home_is_like_is_a_question_about_it_not_homes_like_it(text: str) -> None:
    assert calls(text, intents=[("similar_homes", 0.7)], **ON_SCREEN) == details("904")


@pytest.mark.parametrize(
    "text",
    [
        "talk me through the house",
        "can you run us through this listing",
        "does the property come with a washer",
        "does the home have heat",
    ],
)
def test_the_open_home_explained_or_asked_of_as_the_place_opens_its_details(text: str) -> None:
    near = [("save_home", 0.6), ("request_tour", 0.55)]
    assert calls(text, intents=near, **IN_VIEW) == details("904")


def test_a_walk_through_it_on_a_day_is_still_a_visit() -> None:
    planned = calls("could we walk through it on sunday", **IN_VIEW)
    assert [name for name, _ in planned] == ["request_tour"]


@pytest.mark.parametrize("text", ["whats the year built of 3", "how many bathrooms in 3"])
def test_a_fact_asked_of_a_bare_number_at_the_end_opens_that_home(text: str) -> None:
    assert calls(text, **ON_SCREEN) == details("903")


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "what can you tell me about the house at 2400 East Cesar Chavez",
            "2400 East Cesar Chavez",
        ),
        ("saw a place on 910 Red River, what's it going for", "910 Red River"),
        ("the listing at 3300 north lamar in austin?", "3300 north lamar"),
    ],
)
def test_a_home_at_a_number_and_street_name_without_its_kind_is_an_address(
    text: str, address: str
) -> None:
    assert calls(text) == [("get_property_details_by_address", {"address": address})]


@pytest.mark.parametrize(
    "text", ["the one at 1200 a month", "a house on 40 acres", "the home at 2500 sqft"]
)
def test_a_home_at_an_amount_is_no_address(text: str) -> None:
    assert module("refs").typed_address(text) is None


def test_a_bare_id_asked_about_in_a_new_conversation_opens_that_home() -> None:
    for said in ["could you show me 24841703", "24841703 info please", "#24841703"]:
        assert calls(said) == [("get_property_details", {"zpid": "24841703"})], said
    said = "got zpid 24841703 from a friend, what's it like?"
    assert calls(said) == [("get_property_details", {"zpid": "24841703"})]


def test_a_bare_id_compared_or_liked_in_a_new_conversation() -> None:
    assert calls("anything similar to 24841703") == [
        ("search_properties", {"like_zpid": "24841703"})
    ]
    assert calls("compare 24841703 with 29478461") == [
        ("compare_properties", {"zpids": ["24841703", "29478461"]})
    ]


def test_a_seven_digit_amount_is_no_id() -> None:
    assert searched("show me condos under 1,250,000")["price_max"] == 1_250_000
    assert searched("homes in austin for about 1200000")["price_min"] == 1_080_000


def test_a_fact_asked_by_any_chance_is_still_the_open_homes() -> None:
    for said in ["does it have solar panels by any chance", "any chance this one has a basement?"]:
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said


def test_a_street_said_without_its_kind_after_asking_about_a_home_is_an_address() -> None:
    for said, address in [
        ("tell me about 2200 Riverside", "2200 Riverside"),
        ("details for 812 Pressler, please", "812 Pressler"),
        ("look up 12000 Hwy 290 west", "12000 Hwy 290"),
        ("anything on 4501 RR 620?", "4501 RR 620"),
    ]:
        assert calls(said) == [("get_property_details_by_address", {"address": address})], said
    assert searched("tell me about 1800 sqft condos")["sqft_min"] == 1800


def test_who_lists_sells_or_built_the_open_home_is_its_details() -> None:
    for said in [
        "whos the realtor for this place",
        "who listed it?",
        "broker's email?",
        "how can we get in touch with the seller",
        "the builder?",
    ]:
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said
    assert calls("who's the agent on the 2nd one", **IN_VIEW) == [
        ("get_property_details", {"zpid": "902"})
    ]


def test_what_is_near_the_open_home_is_near_its_details_intent() -> None:
    """So that part of a message that also asks its payment is this skill's (two_skills.NEAR)."""
    matcher = IntentMatcher(load_intents("real_estate", SKILL_DIR), embed)
    for said in [
        "is it close to any schools",
        "is it within walking distance of an elementary school",
    ]:
        best = matcher.rank(said)[0]
        assert best.name == "home_details" and best.score >= NEAR, (said, best)


@pytest.mark.parametrize(
    "said",
    [
        "is it wheelchair accessible",
        "does this one need a new roof soon",
        "was it ever a rental",
        "is the owner open to offers",
        "sq ft / beds?",
        "what's the utility cost",
        "foundation problems?",
    ],
)
def test_a_question_whose_subject_is_the_open_home_is_its_details(said: str) -> None:
    assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said


@pytest.mark.parametrize("said", ["is it a smart investment", "would it be a good fit for us"])
def test_an_opinion_of_the_open_home_is_no_call_for_its_details(said: str) -> None:
    found = conversation.plan_for(Conversation(text=said, **IN_VIEW))
    assert found is None or not found.calls, said


def _shaped() -> IntentMatcher:
    said = declared([("real_estate", SKILL_DIR)])
    return IntentMatcher(said.intents, embed, shapes=said.shapes)


@pytest.mark.parametrize(
    "said",
    [
        "what's the scoop on 8815 Larkspur Ct",
        "could u look at 4120 Mesa Verde Cir for me",
        "my cousin wants to know if 612 Elm Row Rd, Austin TX is any good",
        "Please I want know about the house on 15 Willow Bend Drive",
    ],
)
def test_a_typed_address_near_no_intent_is_heard_and_opened(said: str) -> None:
    """A house number before a street's kind makes the skill hear the message (intents.yaml
    `shapes:`), whatever its words are near, and its planner opens that address."""
    assert _shaped().shaped(said) == {"real_estate"}, said
    assert [name for name, _ in calls(said)] == ["get_property_details_by_address"], said


@pytest.mark.parametrize(
    "said",
    [
        "3 bed houses in 78745 under 400k",
        "no way",
        "monthly on 350k at 6.5 percent",
        "homes on the way to 2222 from downtown",
    ],
)
def test_words_without_an_address_are_not_heard_by_its_shape(said: str) -> None:
    assert _shaped().shaped(said) == set(), said


def test_a_street_named_with_two_kinds_keeps_both() -> None:
    assert calls("tell me about 940 Fox Hollow Lane") == [
        ("get_property_details_by_address", {"address": "940 Fox Hollow Lane"})
    ]
    assert calls("whats 77 Quail Ridge Cove going for") == [
        ("get_property_details_by_address", {"address": "77 Quail Ridge Cove"})
    ]


@pytest.mark.parametrize(
    "said",
    [
        "is 58187214 still on the market",
        "how long has 58187214 been up for sale",
        "was 58187214 ever cheaper",
        "has the hoa of 58187214 gone up",
    ],
)
def test_an_id_asked_about_as_the_subject_opens_its_details(said: str) -> None:
    assert calls(said) == details("58187214"), said


def test_a_round_amount_asked_about_is_no_id() -> None:
    assert all(name != "get_property_details" for name, _ in calls("is 2500000 a lot for austin"))


@pytest.mark.parametrize(
    ("said", "address"),
    [
        ("what's the zestimate on 4107 Duval", "4107 Duval"),
        ("can you find the listing for 612 Elmhurst", "612 Elmhurst"),
    ],
)
def test_a_street_without_its_kind_after_a_fact_of_one_home(said: str, address: str) -> None:
    assert calls(said) == [("get_property_details_by_address", {"address": address})], said


@pytest.mark.parametrize(
    "said",
    [
        "should I get my own buyer's agent for this one",
        "what's a fair offer on it",
        "how much can we bid",
        "should we offer below the asking price",
    ],
)
def test_advice_on_an_offer_or_an_agent_is_words_not_a_search(said: str) -> None:
    found = conversation.plan_for(Conversation(text=said, **IN_VIEW))
    assert found is not None and not found.calls and found.no_tools, said


def test_a_good_price_asked_of_the_open_home_is_advice_in_words() -> None:
    said = "what do you think would be a fair price for this place"
    found = conversation.plan_for(Conversation(text=said, **IN_VIEW))
    assert found is not None and not found.calls and found.no_tools
