"""The planners on the thirteenth session's ways of saying one wish (phrasings of our own, in no
corpus): a criterion said to matter no longer ("bathrooms aren't that important", "we don't
care about the size") is dropped from the search on screen, and "anymore" after a negation is
no next page; a drop over "the past couple of weeks" is 14 days, prices "made lower" dropped,
homes "new in the market" were listed lately, and "did they put the price down on this one"
opens its details; "others like her", "the same style as #2" and "resembling" are homes like
one; "showing for 3" visits the third and "the scoop on 4" opens it; "up to like 480" is a
ceiling, and a budget said with "could you bump it up" searches again, not only remembers;
"what means HOA" asks what it is, "you are so helpful" is thanks, and "what kind of things can
you do" asks what PropSearch does."""

from __future__ import annotations

from tests.skills.test_real_estate_eleventh_words import (
    IN_VIEW,
    SHOWN,
    Conversation,
    _conversation,
    calls,
)

STRICT = {
    "last_results": SHOWN,
    "last_criteria": {
        "location": "78745",
        "beds_min": 3,
        "beds_max": 4,
        "baths_min": 2,
        "sqft_min": 1800,
        "features": ["garage"],
        "price_max": 450000,
    },
}


def _search(text: str, **context: object) -> dict[str, object]:
    found = calls(text, **context)
    assert [name for name, _ in found] == ["search_properties"], (text, found)
    return found[0][1]


def test_a_criterion_that_no_longer_matters_is_dropped() -> None:
    assert "baths_min" not in _search("honestly the bathrooms aren't that important", **STRICT)
    assert "sqft_min" not in _search("we dont really care about the square footage", **STRICT)
    beds = _search("how many bedrooms does not matter for us", **STRICT)
    assert "beds_min" not in beds and "beds_max" not in beds
    prices = _search("ok the budget is no longer a priority", **STRICT)
    assert "price_max" not in prices and prices["location"] == "78745"


def test_no_longer_needing_a_feature_is_no_next_page() -> None:
    criteria = _search("we do not need the garage anymore", **STRICT)
    assert "page" not in criteria and "features" not in criteria
    assert criteria["baths_min"] == 2
    assert _search("show me any more", **STRICT)["page"] == 2  # more homes still pages on


def test_a_couple_of_weeks_and_a_few_days_are_counted() -> None:
    drops = _search("anything in 78704 get cheaper over the last couple weeks")
    assert drops["price_dropped_within_days"] == 14
    assert _search("listed in pflugerville in the past few days")["days_on_market_max"] == 3


def test_a_price_made_lower_dropped_and_new_in_the_market_was_listed() -> None:
    assert (
        _search("in Manor, where did sellers make the price lower?")["price_dropped_within_days"]
        == 30
    )
    assert (
        _search("what came new in the market in 78748 the last 10 days")["days_on_market_max"] == 10
    )


def test_did_they_lower_the_price_of_the_home_in_view_opens_it() -> None:
    assert calls("did the owners ever cut the price for this place?", **IN_VIEW) == [
        ("get_property_details", {"zpid": "904"})
    ]


def test_others_like_her_and_the_same_style_are_homes_like_one() -> None:
    for said, zpid in (
        ("please you find more houses like her", "904"),
        ("houses of the same style as #2?", "902"),
        ("something resembling the 3rd one", "903"),
    ):
        assert _search(said, **IN_VIEW)["like_zpid"] == zpid, said


def test_a_visit_for_a_number_and_the_scoop_on_a_number_name_that_home() -> None:
    assert [(n, a["zpid"]) for n, a in calls("a showing for 3 if possible", **STRICT)] == [
        ("request_tour", "903")
    ]
    assert calls("what's the scoop on 4", **STRICT) == [("get_property_details", {"zpid": "904"})]


def test_up_to_like_an_amount_is_a_ceiling() -> None:
    assert _search("condos in 78704 up to like 480")["price_max"] == 480000


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


def _words(text: str) -> str:
    found = _conversation.plan_for(Conversation(text=text))
    assert found is not None and not found.calls, text
    return str(found.note)


def test_what_means_a_term_is_a_question_about_it() -> None:
    assert "HOA" in _words("what means hoa dues")


def test_a_compliment_is_thanks_and_what_sort_of_things_asks_what_i_do() -> None:
    assert _words("you are so helpful") == _words("thanks")
    assert _words("just curious, what kind of things can you do?") == _words("what can you do")


def test_a_question_about_the_home_in_view_opens_its_details() -> None:
    for said in ("this place has a basement or not?", "how many bathrooms has this home?"):
        assert calls(said, **IN_VIEW) == [("get_property_details", {"zpid": "904"})], said
    others = _search("this one is lovely, anything else with a pool?", **IN_VIEW)
    assert others["features"] == ["pool"]


def test_the_and_a_bare_digit_is_a_position_as_a_learner_says_it() -> None:
    assert calls("the 2 has how many bedrooms?", **STRICT) == [
        ("get_property_details", {"zpid": "902"})
    ]
    assert [name for name, _ in calls("compare the 2", **STRICT)] != ["get_property_details"]


def test_keep_watching_a_home_watches_it_and_when_possible_to_see_visits() -> None:
    assert calls("please keep watching #5", **STRICT) == [
        ("watch_home", {"zpid": "905", "watch": "any"})
    ]
    visit = calls("when would be possible to visit number 1", **STRICT)
    assert [(name, args["zpid"]) for name, args in visit] == [("request_tour", "901")]


def test_not_wanting_to_spend_more_caps_the_price_and_the_limit_of_price_goes() -> None:
    assert _search("we dont want spend more than 380", **STRICT)["price_max"] == 380000
    assert "price_max" not in _search("lift the cap on the price please", **STRICT)
