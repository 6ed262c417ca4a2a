"""The recognizers of a message, in precedence order: each reads the message (and the intent
the platform found nearest, `Conversation.intent`) and returns a Plan, or None to pass.

Exact things come first and are read by rules (a card click, a typed address, numbers, ZIPs,
ordinals); which wish the message expresses comes from the intents (intents.yaml) where the
platform ranked them, else from the words. A new capability is mostly new examples in
intents.yaml, and rarely a recognizer added at its place in `RECOGNIZERS`. The recognizers of
one home are in home_recognizers.py, those of a search in search_recognizers.py; the others
(two wishes in one message, watches, saved homes, asking back) are here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .arbitration import arbitrated
from .clauses import (
    carried,
    clauses,
    homes_of,
    in_view,
    joined,
    only_feels,
    only_names,
    only_positions,
    referring_back,
    same_search,
    with_wish_of,
)
from .comparative import picked_by_comparison
from .compared import compared_question
from .forget import forget
from .home_recognizers import (
    asked_of_home_in_view,
    clicked_card,
    described_home,
    names_only_a_home,
    referenced_home,
    similar_homes,
    street_address,
    time_on_market,
)
from .ids import typed_ids, unknown_id, unshown_home
from .kept_homes import asked_if_kept
from .picked import named_homes
from .plans import Conversation, Plan, planned
from .prefs import preference_writes
from .priced import priced_home
from .recall import asks_if_kept, asks_to_see_kept, recalled
from .refs import find_reference
from .saved import plan_saved, the_rest_saved
from .search_recognizers import SEARCH_WISHES, contradiction, paging, search
from .talk import UNCLEAR
from .watch import plan_watch
from .words_only import (
    advice,
    judged_place,
    opinion,
    outside,
    small_talk,
    steering,
    term,
    timing,
    unreadable,
)

Recognizer = Callable[[Conversation], Plan | None]
_WATCH_WISHES = (
    "watch_home",
    "request_tour",
    "save_search",
    "stop_watching",
    "stop_saved_search",
    "list_saved_searches",
)
"""The intents watch.py plans."""
_SAVED_WISHES = (
    "save_home",
    "remove_saved_home",
    "list_saved_homes",
    "compare_homes",
    "forget_preference",
)
"""The intents saved.py plans."""
_TOOL_WISHES = frozenset(_WATCH_WISHES + _SAVED_WISHES)


def two_wishes(conv: Conversation) -> Plan | None:
    """ "save it and set up a tour for Sunday", "forget my budget, then look in Round Rock":
    each clause (clauses.py) planned alone, with the intents the platform ranked for it
    (arbitrated like a whole message), in the conversation the clauses before it leave ("it"
    being their home); the calls joined in order. A clause that is only
    small talk ("thanks, and ...") adds nothing; one that plans nothing, or two that each run
    a search, and the message is read whole."""
    parts = clauses(conv.text)
    if len(parts) < 2:
        return None
    plans: list[Plan] = []
    homes: list[str] = []
    here, before = conv, ""
    for n, part in enumerate(parts):
        if only_positions(part, " ".join(parts[n + 1 : n + 2])):
            homes = named_homes(part, conv.last_results) or homes  # "the top two, save both"
            continue
        text = referring_back(part, homes, conv.last_results)
        text = the_rest_saved(text, [c.name for c in plans[-1].calls] if plans else [])
        text = picked_by_comparison(text, conv.last_results, here.compared)  # of those compared
        found = _clause_planned(replace(here.ranked_as(part), text=text))
        if plans and (gapped := _same_wish(before, text, plans[-1], here, found)) is not None:
            text, found = gapped
        before = text
        if only_feels(text) or (found and same_search(found[1], here)):
            continue  # "we're so excited!!", "the kitchen in this one is a dealbreaker"
        if (found is not None and found[0] == "small talk") or only_names(text):
            named = homes_of(found[1]) if found is not None else []  # "love it!": the open one
            homes = named or homes  # "I like the 2nd one, save it": what "it" is
            here = in_view(here, homes)  # "#4 looks nice, book a viewing": the one in view
            continue
        if found is None or not found[1].calls:
            return None
        plans.append(found[1])
        here, homes = carried(here, found[1]), homes_of(found[1]) or homes
    return joined(plans)


def _same_wish(
    before: str, text: str, previous: Plan, conv: Conversation, own: tuple[str, Plan] | None
) -> tuple[str, tuple[str, Plan]] | None:
    """A clause that names only other homes ("..., and also the 9th") read with the wish of the
    clause before it: the first reading that makes the same calls for other homes; None when
    its `own` plan already does."""
    acted_on = set(homes_of(previous))
    if not acted_on or _own_same_wish(own, previous):
        return None
    for reading in with_wish_of(before, text):
        found = _planned(replace(conv, text=reading, intents=[]))
        if found is None or [c.name for c in found[1].calls] != [c.name for c in previous.calls]:
            continue
        homes = set(homes_of(found[1]))
        if homes and not homes & acted_on:
            return reading, found
    return None


def _own_same_wish(found: tuple[str, Plan] | None, previous: Plan) -> bool:
    """The clause alone already makes the calls of the clause before it for other homes ("let
    me know if #6 sells and also if the 2nd gets cheaper"): its own reading is kept, not the
    wish of the clause before with its home put in."""
    if found is None or [c.name for c in found[1].calls] != [c.name for c in previous.calls]:
        return False
    homes = set(homes_of(found[1]))
    return bool(homes) and not homes & set(homes_of(previous))


def _clause_planned(conv: Conversation) -> tuple[str, Plan] | None:
    """The plan of one clause, read like a whole message with the intents the platform ranked
    for it: when the rules plan nothing or only ask back, its leading intent's own recognizer
    plans it (arbitration.py)."""
    return arbitrated(conv, _planned(conv), plan_as)


def _planned(conv: Conversation) -> tuple[str, Plan] | None:
    """The first recognizer's name and plan for one half of a message."""
    for name, recognize in RECOGNIZERS:
        if name != "two wishes" and (found := recognize(conv)) is not None:
            return name, found
    return None


def _no_wish_but_its_facts(conv: Conversation) -> bool:
    """The message only names a home, or asks a fact of the open one ("is it possible to
    bring my dog in this house?"): no watch, visit or save, whatever intent it is near."""
    return names_only_a_home(conv.text) or asked_of_home_in_view(conv) is not None


def watches_and_tours(conv: Conversation) -> Plan | None:
    """Saved searches, watches and tour requests (watch.py); a message that only states what
    we want ("we only want to see houses") is none by the intent it is near."""
    intent = conv.intent if conv.intent in _TOOL_WISHES else None
    intent = None if _no_wish_but_its_facts(conv) or _states_a_wish(conv) else intent
    intent = None if intent and _forgets_a_preference(conv) else intent
    found = plan_watch(
        conv.text,
        conv.last_results,
        conv.focused,
        conv.last_criteria,
        conv.preferences,
        timezone=conv.timezone,
        intent=intent,
    )
    return planned(found) if found is not None else None


def _forgets_a_preference(conv: Conversation) -> bool:
    """The words drop a remembered preference and name no home ("drop the house only rule"):
    no watch stopped nor home unsaved, whatever intent it is near."""
    if find_reference(conv.text) is not None:
        return False
    near = (conv.last_criteria or {}).get("near")
    found = forget(conv.norm, conv.last_results, conv.focused, conv.preferences, near)
    return bool(found and found[0])


def saved_homes(conv: Conversation) -> Plan | None:
    """Saved homes, comparison and forgetting a preference (saved.py)."""
    near = (conv.last_criteria or {}).get("near")
    intent = conv.intent if conv.intent in _TOOL_WISHES else None
    intent = None if _no_wish_but_its_facts(conv) or _forgets_a_preference(conv) else intent
    if _keeps_what_it_states(conv):
        return None
    found = plan_saved(conv.text, conv.last_results, conv.focused, conv.preferences, near, intent)
    return planned(found) if found is not None else None


_THIS_HOME = re.compile(r"\b(?:this|that|the) (?:one|house|home|place|condo|listing|property)\b")


def _keeps_what_it_states(conv: Conversation) -> bool:
    """ "we only want houses, save that": the criteria it states are kept, no home is saved."""
    said = re.search(r"\bsave\b", conv.norm) and not re.search(r"\bforget|\bsearch\b", conv.norm)
    return bool(said) and _states_a_wish(conv)


def _states_a_wish(conv: Conversation) -> bool:
    """The message states preferences to keep and names no home."""
    if find_reference(conv.text) is not None or _THIS_HOME.search(conv.norm):
        return False
    return bool(preference_writes(conv.text, conv.preferences))


def ask_back(conv: Conversation) -> Plan | None:
    """Nothing recognized, yet the message is nearest to this skill: one question back."""
    if not conv.intents or conv.elsewhere_first:
        return None
    return Plan([], UNCLEAR, no_tools=True)


def recall_preferences(conv: Conversation) -> Plan | None:
    """ "what budget did I give you": the saved preferences said back, no tool (planned only
    by its intent: the rules read no wish in such words)."""
    return Plan([], recalled(conv.preferences), no_tools=True)


def kept_asked(conv: Conversation) -> Plan | None:
    """ "is our max still 500k?", "show me my preferences": whether a preference is still kept,
    or all of them, said back."""
    asked = asks_if_kept(conv.norm, conv.preferences) or asks_to_see_kept(conv.norm)
    return recall_preferences(conv) if asked else None


def home_kept_asked(conv: Conversation) -> Plan | None:
    """ "is number 3 already in my favourites?", "am I tracking #2?": whether the home is saved
    or watched, said back from what is kept (kept_homes.py), never saved or watched again."""
    said = asked_if_kept(conv.norm, conv.last_results, conv.focused, conv.preferences)
    return Plan([], said, no_tools=True) if said is not None else None


RECOGNIZERS: tuple[tuple[str, Recognizer], ...] = (
    ("card click", clicked_card),
    ("unreadable", unreadable),
    ("small talk", small_talk),
    ("outside", outside),
    ("timing", timing),
    ("judged place", judged_place),
    ("opinion", opinion),
    ("advice", advice),
    ("fair housing", steering),
    ("unknown id", unknown_id),
    ("unshown home", unshown_home),
    ("typed ids", typed_ids),
    ("two wishes", two_wishes),
    ("kept asked", kept_asked),
    ("home kept asked", home_kept_asked),
    ("watches and tours", watches_and_tours),
    ("compared question", compared_question),
    ("saved homes", saved_homes),
    ("street address", street_address),
    ("contradiction", contradiction),
    ("term", term),
    ("time on market", time_on_market),
    ("similar homes", similar_homes),
    ("described home", described_home),
    ("priced home", priced_home),
    ("referenced home", referenced_home),
    ("home in view", asked_of_home_in_view),
    ("paging", paging),
    ("search", search),
    ("ask back", ask_back),
)
"""Asked in this order; the first Plan wins."""

INTENT_PLANNERS: dict[str, Recognizer] = {
    "home_details": referenced_home,
    "time_on_market": time_on_market,
    "similar_homes": similar_homes,
    "next_page": paging,
    **dict.fromkeys(SEARCH_WISHES, search),
    **dict.fromkeys(_WATCH_WISHES, watches_and_tours),
    **dict.fromkeys(_SAVED_WISHES, saved_homes),
    "recall_preferences": recall_preferences,
}
"""Each intent whose wish a recognizer plans from the intent alone, and that recognizer."""


def plan_as(intent: str, conv: Conversation) -> Plan | None:
    """The plan of `intent`'s own recognizer, the message taken as that wish; None when the
    intent has no recognizer of its own or its recognizer reads no wish in the message."""
    recognize = INTENT_PLANNERS.get(intent)
    if recognize is None:
        return None
    return recognize(replace(conv, intents=[(intent, 1.0)], sure={}, elsewhere=0.0))
