"""The real_estate planner on search criteria and refining the search on screen, in people's own
words (phrasings of our own and the eval's paraphrases, bench/llm_eval/paraphrases.py): "around
350 or less", "up to like 480", "can't go over 500 grand" and "we dont want spend more than"
are ceilings, a monthly amount never a home price; rooms "to sleep" are bedrooms; a criterion
that no longer matters is dropped, "anymore" after it no next page, anything past the homes
shown the next page; "others like her" and "the same style as #2" are homes like one."""

from __future__ import annotations

import pytest

from tests.skills.mortgage_words import OFFERED_TOOLS
from tests.skills.real_estate_words import (
    IN_VIEW,
    ON_ELM_DRIVE,
    ON_SCREEN,
    PACKAGE,
    STRICT,
    Conversation,
    calls,
    conversation,
    details,
    module,
    searched,
)

parse = module("parse").parse


def test_an_amount_said_around_then_bounded_is_the_bound() -> None:
    assert calls("could we see some around 380k or under", **ON_SCREEN) == [
        ("search_properties", {"location": "78745", "price_max": 380000})
    ]
    ranged = calls("could we see some around 380k", **ON_SCREEN)[0][1]
    assert (ranged["price_min"], ranged["price_max"]) == (342000, 418000)


def test_up_to_like_an_amount_is_a_ceiling() -> None:
    assert searched("condos in 78704 up to like 480")["price_max"] == 480000


def test_not_wanting_to_spend_more_caps_the_price_and_the_limit_of_price_goes() -> None:
    assert searched("we dont want spend more than 380", **STRICT)["price_max"] == 380000
    assert "price_max" not in searched("lift the cap on the price please", **STRICT)


@pytest.mark.parametrize(
    "text",
    [
        "house in Austin, can't go over 500 grand",
        "3 bed in Austin, we cannot go above $500k",
        "Austin homes, I won't spend more than 500,000",
        "single family in Austin, don't want to pay over 500k",
    ],
)
def test_a_negated_floor_is_a_ceiling(text: str) -> None:
    plan = PACKAGE.plan({"text": text, "tools": OFFERED_TOOLS, "earlier": [], "preferences": {}})
    assert plan is not None
    search = next(c for c in plan["calls"] if c["name"] == "search_properties")
    assert search["args"].get("price_max") == 500_000 and "price_min" not in search["args"]


@pytest.mark.parametrize(
    "text",
    [
        "I can spend $3,000 a month on a mortgage",
        "houses in Austin, I can pay 2,800 per month",
        "condo in 78704, $2,000/mo max",
    ],
)
def test_a_monthly_amount_is_never_a_home_price(text: str) -> None:
    plan = PACKAGE.plan({"text": text, "tools": OFFERED_TOOLS, "earlier": [], "preferences": {}})
    calls = plan["calls"] if plan else []
    assert not [c for c in calls if c["name"] == "save_search_criteria"], calls
    for call in calls:
        assert "price_max" not in call["args"] and "price_min" not in call["args"], call


def test_rooms_to_sleep_in_are_bedrooms() -> None:
    assert calls("a house in Manor with 3 rooms to sleep") == [
        ("search_properties", {"location": "Manor", "beds_min": 3, "property_type": "house"})
    ]


def test_a_criterion_that_no_longer_matters_is_dropped() -> None:
    assert "baths_min" not in searched("honestly the bathrooms aren't that important", **STRICT)
    assert "sqft_min" not in searched("we dont really care about the square footage", **STRICT)
    beds = searched("how many bedrooms does not matter for us", **STRICT)
    assert "beds_min" not in beds and "beds_max" not in beds
    prices = searched("ok the budget is no longer a priority", **STRICT)
    assert "price_max" not in prices and prices["location"] == "78745"


def test_no_longer_needing_a_feature_is_no_next_page() -> None:
    criteria = searched("we do not need the garage anymore", **STRICT)
    assert "page" not in criteria and "features" not in criteria
    assert criteria["baths_min"] == 2
    assert searched("show me any more", **STRICT)["page"] == 2  # more homes still pages on


def test_anything_past_the_homes_shown_is_the_next_page() -> None:
    found = calls("is there something beyond these, I'd like to keep looking", **ON_SCREEN)
    assert found == [("search_properties", {"location": "78745", "page": 2})]


def test_others_like_her_and_the_same_style_are_homes_like_one() -> None:
    for said, zpid in (
        ("please you find more houses like her", "904"),
        ("houses of the same style as #2?", "902"),
        ("something resembling the 3rd one", "903"),
    ):
        assert searched(said, **IN_VIEW)["like_zpid"] == zpid, said


# Moved from the sixteenth session's files


def test_cheaper_than_a_shown_home_searches_under_its_price() -> None:
    cheaper = searched("got anything less pricey than the 3rd", **ON_SCREEN)
    assert cheaper == {"location": "78745", "price_max": 410_002}
    cheaper = searched("anything more affordable than this place", **IN_VIEW)
    assert cheaper == {"location": "78745", "price_max": 410_003}
    assert [name for name, _ in calls("is the 1st cheaper than the 2nd", **ON_SCREEN)] == [
        "compare_properties"
    ]


def test_a_floor_said_with_no_less_or_minimum_price() -> None:
    assert parse("condos no less than 250k").criteria["price_min"] == 250_000
    assert parse("minimum price 275k pls").criteria == {"price_min": 275_000}
    assert "price_max" not in parse("houses not under 300k").criteria


def test_a_range_until_or_between_bare_hundreds_is_in_thousands() -> None:
    for said in ["from 250 until 375", "houses from 250k till 375k", "between 250 and 375"]:
        criteria = parse(said).criteria
        assert (criteria["price_min"], criteria["price_max"]) == (250_000, 375_000), said


def test_bedrooms_written_as_they_sound_or_with_minimum_after() -> None:
    assert parse("a tree bedroom condo").criteria["beds_min"] == 3
    assert parse("need for bedrooms in buda").criteria["beds_min"] == 4
    assert parse("bedrooms minimum 3").criteria["beds_min"] == 3
    assert "beds_min" not in parse("a home for bed and breakfast guests").criteria


def test_refining_with_a_learners_range_keeps_the_rest() -> None:
    found = calls("from 250 until 375 please", **ON_SCREEN)
    assert found[0][1]["location"] == "78745"
    assert (found[0][1]["price_min"], found[0][1]["price_max"]) == (250_000, 375_000)


def test_a_ceiling_in_a_learners_words() -> None:
    assert parse("condo not more expensive of 320k").criteria == {
        "price_max": 320_000,
        "property_type": "condo",
    }
    assert parse("townhouse in buda, price until 380").criteria["price_max"] == 380_000
    assert parse("under 3 hundred thousand").criteria == {"price_max": 300_000}
    assert parse("apartment under 275.000 please").criteria["price_max"] == 275_000


@pytest.mark.parametrize("text", ["drop it to 2 bedrooms", "drop that down to 380k"])
def test_a_criterion_dropped_to_a_value_lowers_the_search(text: str) -> None:
    assert [name for name, _ in calls(text, **STRICT)] == ["search_properties"]


def test_rooms_a_learner_counts_are_bedrooms() -> None:
    found = searched("we search flat 3 room in 78702 not more than 400 thousand")
    assert found["beds_min"] == 3 and found["location"] == "78702"
    assert "beds_min" not in searched("condo with 2 bath rooms in 78702")


@pytest.mark.parametrize(
    "text", ["could we come down to 410", "lets knock it down to 410", "drop down to 410 please"]
)
def test_a_ceiling_brought_down_to_an_amount_searches_again(text: str) -> None:
    assert calls(text, **STRICT) == [
        ("search_properties", {**STRICT["last_criteria"], "price_max": 410_000})
    ]


@pytest.mark.parametrize(
    "text", ["we'd need one more bedroom", "an additional bedroom please", "need 1 more bedroom"]
)
def test_a_bedroom_more_raises_the_minimum_by_one(text: str) -> None:
    assert searched(text, **STRICT)["beds_min"] == 4


def test_a_search_made_over_keeps_what_it_does_not_change() -> None:
    found = searched("make it 2 baths in 78749", **STRICT)
    assert found["location"] == "78749" and found["baths_min"] == 2
    assert found["price_max"] == 450_000 and found["beds_min"] == 3


def test_an_amount_said_for_the_budget_is_the_ceiling() -> None:
    assert parse("3 beds, 410 on the budget").criteria["price_max"] == 410_000
    assert parse("condos in 78704, 380 on our max").criteria["price_max"] == 380_000


@pytest.mark.parametrize("text", ["fewer bedrooms is fine", "ok with less bedrooms"])
def test_fewer_bedrooms_lowers_the_minimum_by_one(text: str) -> None:
    assert searched(text, **STRICT)["beds_min"] == 2


@pytest.mark.parametrize(
    "text", ["scrap the bedroom requirement", "any number of bedrooms", "never mind the beds"]
)
def test_a_bedroom_count_no_longer_asked_is_dropped(text: str) -> None:
    found = searched(text, **STRICT)
    assert "beds_min" not in found and "beds_max" not in found
    assert found["price_max"] == 450_000


def test_one_more_bathroom_raises_the_baths_by_one() -> None:
    assert searched("one more bathroom", **STRICT)["baths_min"] == 3


@pytest.mark.parametrize(
    "text",
    [
        "we dont wanna spend more than 410 grand",
        "cap it at 410 please",
        "keep it to 410",
        "lower, say 410",
        "could we go cheaper, like 410",
    ],
)
def test_a_new_ceiling_in_everyday_words_refines_the_search(text: str) -> None:
    found = searched(text, **STRICT)
    assert (found["price_max"], "price_min" in found) == (410_000, False)
    assert found["beds_min"] == 3


def test_a_range_said_with_its_first_figure_short_is_in_hundreds_of_thousands() -> None:
    assert parse("3-400k").criteria == {"price_min": 300_000, "price_max": 400_000}
    found = parse("between 2 and 3 hundred thousand").criteria
    assert (found["price_min"], found["price_max"]) == (200_000, 300_000)
    assert parse("1-1.5m").criteria == {"price_min": 1_000_000, "price_max": 1_500_000}


def test_a_ceiling_pushed_up_to_an_amount_refines_the_search() -> None:
    assert searched("up it to 500", **STRICT)["price_max"] == 500_000
    assert searched("could you push it up to 475", **STRICT)["price_max"] == 475_000


@pytest.mark.parametrize(
    "text", ["we can pay only 410 now", "my budget is only 410 now show me again"]
)
def test_a_ceiling_said_with_only_is_a_price_not_a_page_size(text: str) -> None:
    found = dict(calls(text, **STRICT))["search_properties"]
    assert found["price_max"] == 410_000 and "limit" not in found


def test_a_count_lowered_to_a_number_and_a_price_raised_in_one_breath() -> None:
    found = searched("drop the bedrooms to 2 and raise the price to 500", **STRICT)
    assert (found["beds_min"], found["price_max"]) == (2, 500_000)


def test_a_learners_less_price_is_cheaper() -> None:
    assert searched("show me houses less price", **STRICT)["price_max"] == 405_000


@pytest.mark.parametrize(
    ("text", "context", "zpid"),
    [
        ("more of this sort, please", IN_VIEW, "904"),
        ("any other houses in its price bracket?", IN_VIEW, "904"),
        ("places in the same price range as number 3", ON_SCREEN, "903"),
    ],
)
def test_more_of_a_home_or_its_price_range_is_homes_like_it(
    text: str, context: dict[str, object], zpid: str
) -> None:
    assert searched(text, **context)["like_zpid"] == zpid


def test_tell_me_more_of_it_is_no_likeness() -> None:
    found = conversation.plan_for(Conversation(text="tell me more of this", **IN_VIEW))
    assert found is None or all("like_zpid" not in c.args for c in found.calls)


@pytest.mark.parametrize(
    ("text", "price_max"),
    [("condos under a mil in 78704", 1_000_000), ("a house for less than half a mill", 500_000)],
)
def test_a_mil_said_short_is_a_million(text: str, price_max: int) -> None:
    assert searched(text)["price_max"] == price_max


def test_the_price_cap_on_screen_moved_by_an_amount_searches_with_the_cap_it_makes() -> None:
    assert searched("bump it up by another 30 grand", **STRICT)["price_max"] == 480_000
    assert searched("knock the max down by 50k", **STRICT)["price_max"] == 400_000


def test_a_cap_stretched_with_homes_on_screen_searches_them_again() -> None:
    found = calls("could we stretch our max to 520", **STRICT)
    assert [name for name, _ in found][-1] == "search_properties"
    assert found[-1][1]["price_max"] == 520_000


@pytest.mark.parametrize(
    ("text", "price_max"),
    [
        ("townhomes in manor for two hundred sixty thousand", 260_000),
        ("a condo, we have three hundred and ten thousand to work with", 310_000),
        ("homes in 78748 two ninety thousand", 290_000),
        ("condos in 78704 less than three forty", 340_000),
        ("houses in manor not more than two eighty five", 285_000),
        ("we could spend three sixty on a house in austin", 360_000),
        ("2 bed condos in 78702 three ninety max", 390_000),
        ("houses in austin one point four million tops", 1_400_000),
        ("austin homes under a million and a half", 1_500_000),
    ],
)
def test_a_price_dictated_in_words_is_the_ceiling(text: str, price_max: int) -> None:
    """Amounts said as a person dictates them: with a magnitude word they are money even with no
    price word beside them; "three forty" is hundreds of thousands beside a price word."""
    assert searched(text)["price_max"] == price_max


def test_a_count_dictated_in_words_stays_a_count() -> None:
    found = searched("two thousand square feet houses in manor, three fifty max")
    assert (found["sqft_min"], found["price_max"]) == (2000, 350_000)
    assert "price_max" not in searched("houses in austin built after two thousand ten")
    assert "price_max" not in searched("4 bed homes in manor with two fifty acres")


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("3 bed homes in georgetwon under 400k", "Georgetown"),
        ("condos near cedar prak", "Cedar Park"),
        ("houses in Leandr with a pool", "Leander"),
        ("anything in drippng springs", "Dripping Springs"),
    ],
)
def test_a_town_misspelt_where_a_place_goes_is_that_town(text: str, location: str) -> None:
    assert searched(text)["location"] == location


def test_a_word_near_a_town_but_not_where_a_place_goes_stays() -> None:
    assert parse("a leaner budget, houses in austin").criteria["location"] == "Austin"


# Twenty-second session (understand39): the results on screen in people's own words.


@pytest.mark.parametrize(
    ("text", "zpid"),
    [
        ("number 3 is spot on, anything else along those lines?", "903"),
        ("got anything in the same ballpark as #5", "905"),
    ],
)
def test_along_those_lines_or_in_the_same_ballpark_is_homes_like_one(text: str, zpid: str) -> None:
    assert searched(text, **ON_SCREEN)["like_zpid"] == zpid


def test_a_home_praised_as_a_dream_names_the_home_a_wish_after_it_means() -> None:
    said = "wow, the fourth house is our dream home, can you pull up more along those lines"
    assert searched(said, **ON_SCREEN)["like_zpid"] == "904"


@pytest.mark.parametrize(
    "text", ["let me see the following 10 homes", "ok, any others?", "the following five"]
)
def test_the_following_homes_or_any_others_is_the_next_page(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [("search_properties", {"location": "78745", "page": 2})]


@pytest.mark.parametrize(
    ("text", "price_max"),
    [
        ("could you make the top price 385k", 385_000),
        ("change my price limit to 415 thousand", 415_000),
        ("our budget is now 360k", 360_000),
        ("we can't afford these, 340k tops", 340_000),
    ],
)
def test_a_cap_set_or_said_to_have_moved_searches_the_screen_again(
    text: str, price_max: int
) -> None:
    assert dict(calls(text, **STRICT))["search_properties"]["price_max"] == price_max


def test_a_budget_only_stated_is_still_only_kept() -> None:
    assert [name for name, _ in calls("my budget is 380k", **STRICT)] == ["save_search_criteria"]


def test_getting_rid_of_the_bathroom_rule_drops_that_count() -> None:
    assert "baths_min" not in searched("get rid of the bathroom minimum", **STRICT)


@pytest.mark.parametrize(
    "text",
    [
        "quit showing me townhouses, houses in hutto please",
        "enough of the townhouses, I want houses in hutto",
        "we're fed up with townhouses, houses only in hutto",
    ],
)
def test_a_type_one_is_tired_of_is_excluded_and_the_one_wanted_searched(text: str) -> None:
    found = searched(text, **ON_SCREEN)
    assert (found["location"], found["property_type"]) == ("Hutto", "house"), text
    assert found["exclude_types"] == ["townhouse"], text


def test_types_listed_after_no_are_all_excluded() -> None:
    found = searched("no townhouses or condos in hutto", **ON_SCREEN)
    assert found["exclude_types"] == ["townhouse", "condo"]
    assert "property_type" not in found


@pytest.mark.parametrize("text", ["show me cheaper ones", "bigger ones?", "cheaper"])
def test_a_comparison_with_nothing_shown_nor_kept_asks_where(text: str) -> None:
    found = conversation.plan_for(Conversation(text=text))
    assert found is not None and found.calls == [] and found.note, text


@pytest.mark.parametrize("text", ["is this everything?", "is that all you've got"])
def test_asking_if_the_homes_shown_are_all_is_the_next_page(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [("search_properties", {"location": "78745", "page": 2})]


@pytest.mark.parametrize("text", ["no houses built prior to 1990", "nothing older than 1990"])
def test_nothing_built_before_a_year_is_built_that_year_or_later(text: str) -> None:
    assert searched(text, **ON_SCREEN)["year_built_min"] == 1990


@pytest.mark.parametrize(
    ("text", "zpid"),
    [("any houses like 4 but cheaper?", "904"), ("something comparable to 2", "902")],
)
def test_a_likeness_to_a_bare_number_is_homes_like_that_home(text: str, zpid: str) -> None:
    assert searched(text, **ON_SCREEN)["like_zpid"] == zpid


def test_a_count_after_like_is_still_a_count() -> None:
    assert "like_zpid" not in searched("something like 2 baths", **ON_SCREEN)


@pytest.mark.parametrize(
    ("text", "price_max"),
    [
        ("shave 25k off", 425_000),
        ("40 grand lower please", 410_000),
        ("make it 20k higher", 470_000),
        ("add $30,000 to the max", 480_000),
    ],
)
def test_an_amount_said_before_the_way_the_cap_moves_moves_it_from_the_cap_on_screen(
    text: str, price_max: int
) -> None:
    assert dict(calls(text, **STRICT))["search_properties"]["price_max"] == price_max


def test_homes_shown_said_to_be_too_small_is_bigger_ones() -> None:
    assert "sqft_min" in searched("hmm, they're kinda cramped", **ON_ELM_DRIVE)


def test_homes_shown_said_to_be_over_budget_with_an_amount_search_again() -> None:
    said = "those are a little over our budget, anything near 380?"
    assert dict(calls(said, **STRICT))["search_properties"]["price_max"] == 418_000


def test_a_big_city_elsewhere_said_in_lower_case_is_kept_as_the_place() -> None:
    assert searched("2 bed condo in chicago under 400k")["location"] == "Chicago"
    assert searched("any townhouses in nyc")["location"] == "New York"
    assert searched("houses in san deigo")["location"] == "San Diego"
    said = "we're moving down from seattle, something with 3 beds in round rock"
    assert searched(said)["location"] == "Round Rock"


def test_a_town_said_alone_with_a_slip_is_a_search_there() -> None:
    assert searched("seatle")["location"] == "Seattle"
    assert searched("georgetwn")["location"] == "Georgetown"


@pytest.mark.parametrize(
    "said",
    ["austin's way too pricey for us, try kyle", "we're done with austin, what's in kyle"],
)
def test_a_town_turned_down_is_not_the_one_searched(said: str) -> None:
    assert searched(said)["location"] == "Kyle"


def test_a_town_said_after_over_in_is_the_place_searched_not_one_turned_down() -> None:
    assert searched("only townhomes over in pflugerville please")["location"] == "Pflugerville"
    assert searched("we're over austin, condos in manor")["location"] == "Manor"


@pytest.mark.parametrize("said", ["we're fed up of condos, houses in manor", "i'm over condos"])
def test_a_kind_one_is_over_or_fed_up_of_is_left_out(said: str) -> None:
    assert "condo" in searched(said, **ON_SCREEN).get("exclude_types", [])


# Twenty-third session (understand42): the results on screen in people's own words.


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("show me ones 40k cheaper than the 1st", {"price_max": 370_000}),
        ("roughly 25 grand less expensive than number 3 please", {"price_max": 480_000}),
        ("anything $60,000 pricier than #2?", {"price_min": 358_000}),
    ],
)
def test_an_amount_cheaper_than_a_shown_home_bounds_the_search_by_its_price_less_that_amount(
    text: str, bound: dict[str, int]
) -> None:
    found = searched(text, **ON_ELM_DRIVE)
    assert {key: found.get(key) for key in bound} == bound
    assert "price_min" not in found or "price_max" not in found


@pytest.mark.parametrize(
    ("text", "price_max"),
    [
        ("we can only do 370", 370_000),
        ("the most we could swing is 420", 420_000),
        ("i can only manage like 395k", 395_000),
    ],
)
def test_only_so_much_one_can_do_is_the_ceiling_of_the_search_on_screen(
    text: str, price_max: int
) -> None:
    assert searched(text, **ON_ELM_DRIVE)["price_max"] == price_max


@pytest.mark.parametrize(
    ("text", "price_max"),
    [
        ("what if we spent 25k more", 475_000),
        ("we could pay 30 grand more honestly", 480_000),
        ("anything south of 410?", 410_000),
        ("cap it at three seventy five", 375_000),
    ],
)
def test_a_ceiling_moved_or_said_in_other_words_is_the_search_ceiling(
    text: str, price_max: int
) -> None:
    assert searched(text, **STRICT)["price_max"] == price_max


def test_homes_like_one_said_as_the_same_thing_as_a_number_are_homes_like_it() -> None:
    assert searched("same thing as 3 but cheaper", **ON_SCREEN)["like_zpid"] == "903"


@pytest.mark.parametrize(
    "text", ["the last two, more info", "more information on the bottom two", "last 2 - details?"]
)
def test_more_info_on_the_last_two_opens_both(text: str) -> None:
    assert calls(text, **ON_SCREEN) == [*details("904"), *details("905")]


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        ("any cheaper than all of these?", {"price_max": 297_999}),
        ("show me ones pricier than any of those", {"price_min": 505_001}),
    ],
)
def test_cheaper_than_all_the_homes_shown_is_under_the_cheapest_of_them(
    text: str, bound: dict[str, int]
) -> None:
    found = searched(text, **ON_ELM_DRIVE)
    assert {key: found.get(key) for key in bound} == bound


@pytest.mark.parametrize(
    ("text", "price_max"),
    [
        ("a house in buda, we can pay 380 mil", 380_000),
        ("condos in 78704 no more than 275 mil", 275_000),
        ("houses in kyle under 1.5 mil", 1_500_000),
        ("townhomes in 78745 under 3 mil", 3_000_000),
    ],
)
def test_a_hundred_mil_and_more_is_a_learners_thousands(text: str, price_max: int) -> None:
    """ "mil" is a thousand in Spanish or Portuguese: no home costs 100 million and more."""
    assert searched(text)["price_max"] == price_max, text


@pytest.mark.parametrize(
    ("text", "price_max"),
    [("houses in kyle under 375 000", 375_000), ("a condo in austin for 240 000 max", 240_000)],
)
def test_thousands_grouped_by_spaces_are_an_amount(text: str, price_max: int) -> None:
    assert searched(text)["price_max"] == price_max, text
