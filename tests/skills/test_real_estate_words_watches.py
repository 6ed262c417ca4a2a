"""The real_estate planner on watches of a home, in people's own words (phrasings of our own, in
no corpus): a price watch said as the price sliding, moving or being knocked down, "the minute
it sells", "keep us in the loop", "keep watching #5"; a watch stopped ("stop keeping an eye on",
"no need to track", "we no more want news"); and the watches listed in words when asked what is
tracked or monitored."""

from __future__ import annotations

import pytest

from tests.skills.real_estate_words import (
    IN_VIEW,
    KEPT,
    OAK_LANE,
    ON_FIG_TRAIL,
    ON_OAK_LANE,
    ON_SCREEN,
    PACKAGE,
    STRICT,
    WATCHING,
    Conversation,
    calls,
    conversation,
    module,
)

plain_english = module("plain_english").plain_english


def test_told_the_second_the_price_moves_watches_the_home_in_view() -> None:
    said = "can you tell me the second the price on this place moves"
    assert calls(said, **IN_VIEW) == [("watch_home", {"zpid": "904", "watch": "price"})]


@pytest.mark.parametrize(
    "text",
    [
        "ping me if the 2nd one slides any lower",
        "let me know if they knock a bit off the 2nd one",
        "alert me when the 2nd one becomes less expensive",
        "keep tabs on what the 2nd one costs",
    ],
)
def test_a_price_said_changing_in_other_words_is_a_price_watch(text: str) -> None:
    assert calls(text, **ON_OAK_LANE) == [("watch_home", {"zpid": "z2", "watch": "price"})]


def test_told_the_moment_a_home_changes_is_a_watch_not_its_details() -> None:
    said = "tell me the minute the 4th one sells"
    assert calls(said, **ON_OAK_LANE) == [("watch_home", {"zpid": "z4", "watch": "status"})]


def test_keep_watching_a_home_watches_it_and_when_possible_to_see_visits() -> None:
    assert calls("please keep watching #5", **STRICT) == [
        ("watch_home", {"zpid": "905", "watch": "any"})
    ]
    visit = calls("when would be possible to visit number 1", **STRICT)
    assert [(name, args["zpid"]) for name, args in visit] == [("request_tour", "901")]


def test_a_watch_no_longer_kept_tabs_on_is_stopped_and_which_lists_them() -> None:
    assert calls("stop keeping an eye on the 2nd one please", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"})
    ]
    listed = conversation.plan_for(
        Conversation(text="which places am I watching at the moment?", **ON_FIG_TRAIL)
    )
    assert listed is not None and listed.calls == []
    assert "2 Fig Trl: its price" in listed.note


def test_no_need_to_watch_a_home_stops_its_watch() -> None:
    assert calls("no need to track number 2 any more", **WATCHING) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_no_more_wanting_the_news_of_a_watched_home_stops_the_watch() -> None:
    watched = {"watch_z3": "price"}
    said = "we no more want news on the price of this one"
    assert calls(said, focused=OAK_LANE[2], preferences=watched, **ON_OAK_LANE) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_z3"})
    ]


def test_asking_what_is_tracked_lists_the_watches_and_searches_in_words() -> None:
    assert calls("which places are you monitoring for us", **KEPT) == []
    assert calls("what are you keeping tabs on", **KEPT) == []


def test_asking_for_my_watches_or_alerts_lists_them_in_words() -> None:
    for text in ["list my watches", "what are we getting price alerts for"]:
        assert calls(text, **WATCHING) == [], text


# Moved from the sixteenth session's files


def test_a_change_put_as_tell_me_if_is_still_a_watch() -> None:
    assert calls("let me know if number 2 has its price cut", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "price"})
    ]


def test_several_homes_named_in_one_watch_are_each_watched() -> None:
    assert calls("keep an eye on 1 and 5", **ON_SCREEN) == [
        ("watch_home", {"zpid": "901", "watch": "any"}),
        ("watch_home", {"zpid": "905", "watch": "any"}),
    ]
    assert calls("alert me if the 2nd or the 4th sells", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "status"}),
        ("watch_home", {"zpid": "904", "watch": "status"}),
    ]


def test_two_bare_numbers_as_the_subject_of_a_watch() -> None:
    assert calls("tell me if 2 or 5 gets cheaper", **ON_SCREEN) == [
        ("watch_home", {"zpid": "902", "watch": "price"}),
        ("watch_home", {"zpid": "905", "watch": "price"}),
    ]


def test_asking_what_i_asked_to_be_watched_lists_it_and_starts_nothing() -> None:
    """A question about what is watched, put as what the person asked for ("what have I asked
    you to keep an eye on"), lists the watches; it is not a new watch or a saved search."""
    for text in [
        "what did I ask you to keep tabs on",
        "anything I told you to track for me?",
        "what are you keeping an eye on",
        "which alerts do we have",
    ]:
        assert calls(text, **WATCHING) == [], text
    assert calls("keep an eye on the 2nd", **WATCHING) == [
        ("watch_home", {"zpid": "902", "watch": "any"})
    ]


@pytest.mark.parametrize(
    "text", ["keep tabs on the pricier one", "ping me if the smaller house gets cheaper"]
)
def test_a_home_named_by_a_comparison_word_alone_is_asked_back_not_a_saved_search(
    text: str,
) -> None:
    found = conversation.plan_for(Conversation(text=text, **ON_SCREEN))
    assert found is not None and found.calls == [] and "Which one" in found.note


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("pull up the place we're keeping an eye on", "get_property_details"),
        ("add the house i am tracking to my favorites", "save_home"),
        ("could we visit the listing you're watching for us on friday at 11am", "request_tour"),
    ],
)
def test_the_one_watched_home_is_named_by_being_watched(text: str, tool: str) -> None:
    assert [(name, args.get("zpid")) for name, args in calls(text, **WATCHING)] == [(tool, "902")]


def test_with_two_homes_watched_being_watched_names_neither() -> None:
    two = {**WATCHING, "preferences": {**WATCHING["preferences"], "watch_904": "price"}}
    found = conversation.plan_for(Conversation(text="open the one i'm watching", **two))
    assert not [c for c in (found.calls if found else []) if c.args.get("zpid") == "902"]


NEAR_A_STOP = [("stop_watching", 0.58), ("watch_home", 0.47)]
"""How the platform may rank a short wish to watch: nearer the stopping of a watch."""


def calls_of(conv: Conversation) -> list[tuple[str, dict[str, object]]]:
    found = conversation.plan_for(conv)
    assert found is not None
    return [(c.name, c.args) for c in found.calls]


def test_words_that_ask_to_watch_are_no_stop_though_near_one() -> None:
    """Asked in words to watch, and nothing turning the wish around, a message near the
    stopping of a watch watches; said with "no longer" or "don't", it still stops."""
    asked = Conversation(text="i want updates on number 3", intents=NEAR_A_STOP, **ON_SCREEN)
    assert calls_of(asked) == [("watch_home", {"zpid": "903", "watch": "any"})]
    followed = Conversation(text="follow the 4th one", intents=NEAR_A_STOP, **ON_SCREEN)
    assert calls_of(followed) == [("watch_home", {"zpid": "904", "watch": "any"})]
    turned = Conversation(text="we no longer follow number 2", intents=NEAR_A_STOP, **WATCHING)
    assert calls_of(turned) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_no_more_updates_or_news_stops_the_watch() -> None:
    stopped = [("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})]
    assert calls("no more price updates about the second house", **WATCHING) == stopped
    assert calls("no more news on number 2 thx", **WATCHING) == stopped


def test_a_position_with_nothing_shown_stops_the_one_home_watched() -> None:
    """With no results on screen (a new visit) and one home watched, "the 2nd one" can only
    be that home."""
    alone = {"preferences": {"watch_902": "price"}}
    assert calls("quit watching the 2nd one please", **alone) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_setting_or_putting_an_alert_on_a_home_watches_it() -> None:
    assert calls("set a price alert for the 4th", **ON_SCREEN) == [
        ("watch_home", {"zpid": "904", "watch": "price"})
    ]
    assert calls("put an alert on this house", **IN_VIEW) == [
        ("watch_home", {"zpid": "904", "watch": "any"})
    ]


def test_asking_which_homes_send_updates_lists_the_watches() -> None:
    for text in ["which houses am I getting emails for", "what am i getting notifications about"]:
        assert calls(text, **WATCHING) == [], text


def test_no_longer_wanting_to_watch_a_home_stops_its_watch() -> None:
    stopped = [("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})]
    assert calls("I no longer wish to track that place", **WATCHING) == stopped
    assert calls("we don't need to keep tabs on number 2", **WATCHING) == stopped


def test_the_saved_homes_are_each_watched() -> None:
    kept_two = {**ON_SCREEN, "preferences": {"home_901": "saved", "home_903": "saved"}}
    assert calls("alert me if our favourites drop in price", **kept_two) == [
        ("watch_home", {"zpid": "901", "watch": "price"}),
        ("watch_home", {"zpid": "903", "watch": "price"}),
    ]
    assert calls("keep an eye on the houses I've saved", **kept_two) == [
        ("watch_home", {"zpid": "901", "watch": "any"}),
        ("watch_home", {"zpid": "903", "watch": "any"}),
    ]


def test_ending_every_watch_said_as_watches_stops_them() -> None:
    assert calls("turn off all the watches", **WATCHING) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_a_price_alert_on_a_home_warning_or_lemme_know_watch_it() -> None:
    assert calls("status alert on number 4", **ON_SCREEN) == [
        ("watch_home", {"zpid": "904", "watch": "status"})
    ]
    assert calls("warn us if the 1st gets cheaper", **ON_SCREEN) == [
        ("watch_home", {"zpid": "901", "watch": "price"})
    ]
    assert calls("lemme know if #3 goes off market", **ON_SCREEN) == [
        ("watch_home", {"zpid": "903", "watch": "status"})
    ]


def test_a_home_no_longer_wanted_before_a_stop_only_names_it() -> None:
    said = "we're not really into the 2nd anymore, stop the alerts"
    assert calls(said, **WATCHING) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_asking_if_a_home_is_tracked_is_answered_not_watched() -> None:
    found = conversation.plan_for(
        Conversation(text="am I still tracking the second one?", **ON_FIG_TRAIL)
    )
    assert found.calls == [] and found.note.startswith("Yes, I'm watching 2 Fig Trl")
    found = conversation.plan_for(
        Conversation(text="are you monitoring number 5 for us", **ON_FIG_TRAIL)
    )
    assert found.calls == [] and found.note.startswith("No, I'm not watching 5 Fig Trl")


def test_which_homes_are_monitored_near_a_stop_lists_them() -> None:
    said = "what homes are you monitoring for us"
    found = conversation.plan_for(
        Conversation(text=said, intents=[("stop_watching", 0.64)], **ON_FIG_TRAIL)
    )
    assert found.calls == [] and "watching 2 Fig Trl" in found.note


def test_what_is_kept_beside_a_stop_is_not_stopped() -> None:
    said = "carry on with the saved search, just no more price news on the 2nd"
    assert calls(said, **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"})
    ]


def test_never_sending_the_price_emails_stops_the_watch() -> None:
    assert calls("never send us price cut emails again", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"})
    ]


def test_a_stop_with_to_before_the_verb_stops_the_watch() -> None:
    assert calls("please quit to track number 2", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"})
    ]


def test_the_home_named_by_its_watch_is_meant_for_the_other_skills() -> None:
    turn = {
        "text": "what would the house we're tracking run us per month",
        "earlier": [{"type": "listings", "items": ON_FIG_TRAIL["last_results"]}],
        "preferences": ON_FIG_TRAIL["preferences"],
    }
    assert PACKAGE.meant(turn) == [{"type": "detail", "items": [ON_FIG_TRAIL["last_results"][1]]}]
    assert PACKAGE.meant({**turn, "text": "what would number 2 run us per month"}) is None


def test_a_question_about_the_watched_home_near_a_stop_stops_nothing() -> None:
    said = "how is the place we're tracking doing"
    found = conversation.plan_for(
        Conversation(text=said, intents=[("stop_watching", 0.6)], **ON_FIG_TRAIL)
    )
    assert found is None or "forget_search_criteria" not in [c.name for c in found.calls]


def test_ending_it_all_stops_each_search_and_watch() -> None:
    assert calls("please cancel it all", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745_house"}),
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_102"}),
    ]


def test_no_more_mails_said_as_a_learner_stops_the_saved_search() -> None:
    assert calls("we no want mails about new condos anymore", **ON_FIG_TRAIL) == [
        ("forget_search_criteria", {"entry_type": "SEARCH", "key": "search_78745_house"})
    ]


@pytest.mark.parametrize(
    "said",
    ["not watch more the house two please", "please do not track anymore number 2"],
)
def test_a_learners_stop_said_with_not_and_more_stops_the_watch(said: str) -> None:
    assert calls(said, **WATCHING) == [
        ("forget_search_criteria", {"entry_type": "WATCH", "key": "watch_902"})
    ]


def test_not_showing_more_than_a_count_is_no_stop() -> None:
    assert plain_english("do not show me more than 3 bedrooms") == (
        "do not show me more than 3 bedrooms"
    )


def test_the_price_watch_named_is_stopped_though_the_words_are_near_a_search_stop() -> None:
    said = "drop the price watch, but keep my search going"
    found = conversation.plan_for(
        Conversation(text=said, intents=[("stop_saved_search", 0.7)], **WATCHING)
    )
    assert found is not None
    assert [(c.name, c.args["key"]) for c in found.calls] == [
        ("forget_search_criteria", "watch_902")
    ]


def test_unsubscribed_from_everything_stops_each_search_and_watch() -> None:
    assert sorted(
        args["key"] for _, args in calls("unsubscribe me from everything", **WATCHING)
    ) == [
        "search_78745",
        "watch_902",
    ]


def test_both_stopped_stops_the_search_and_the_watch() -> None:
    assert sorted(args["key"] for _, args in calls("kill both", **WATCHING)) == [
        "search_78745",
        "watch_902",
    ]
