"""The recognizers of a message, in precedence order: each reads the message (and the intent
the platform found nearest, `Conversation.intent`) and returns a Plan, or None to pass.

Exact things come first and are read by rules (a card click, a typed address, numbers, ZIPs,
ordinals); which wish the message expresses comes from the intents (intents.yaml) where the
platform ranked them, else from the words. A new capability is mostly new examples in
intents.yaml, and rarely a recognizer added here at its place in `RECOGNIZERS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from real_estate.domain import COMPARE, DETAILS, DETAILS_BY_ADDRESS, SAVE_CRITERIA, SEARCH

from .criteria_edit import (
    concept_question,
    is_refinement,
    like,
    next_page,
    refine,
    tidy,
    wants_search,
)
from .fair_housing import ALTERNATIVES
from .market import asks_days_on_market
from .plans import Conversation, Plan, ToolRequest, planned
from .prefs import fill_from_preferences, only_remembers, preference_writes
from .refs import all_positions, card_click, find_reference, resolve, typed_address
from .saved import plan_saved
from .talk import (
    NO_TERM,
    NOT_SHOWN,
    NOTHING_TO_PAGE,
    REPLIES,
    UNCLEAR,
    VAGUE_SEARCH,
    explained,
    small_talk_kind,
)
from .talk import (
    unreadable as unreadable_why,
)
from .watch import asks_watch_or_tour, plan_watch

Recognizer = Callable[[Conversation], Plan | None]
_ZPID = re.compile(
    r"\b(?:zpids?|ids?|homes?|listings?|propert(?:y|ies)|houses?)\s*#?:?\s*(\d{7,10})\b"
)
_ZPID_DIGITS = re.compile(r"(?<![\d$,.])\d{7,10}(?![\d,])")
_ANY_ID = re.compile(r"\b(?:zpid|(?:home |property |listing )?id)\b\s*(?:#|:)?\s*([\w-]+)")
_QUESTION = re.compile(
    r"^\W*(?:what(?:'s| is| are| does| do)|explain|define|meaning of|how (?:does|do|is) )"
)
_HOW_IT_WORKS = re.compile(r"\bhow does (?:this|it) work\b|\bwhat can you do\b|\bwho are you\b")
_ABOUT_IT = re.compile(r"\b(?:about|know|info\w*|details?|tell)\b")
"""Words asking about the home itself, not for homes like it."""
_SPLIT = re.compile(r",?\s+(?:and then|and|then)\s+")
_ACTIONS = frozenset({"watches and tours", "saved homes", "similar homes", "paging"})
"""Recognizers whose plans may be joined when a message makes two wishes."""
_WORDS_ONLY = ("greeting", "thanks", "goodbye", "about_assistant")
_TOOL_WISHES = frozenset(
    {
        "watch_home",
        "request_tour",
        "save_search",
        "stop_watching",
        "stop_saved_search",
        "list_saved_searches",
        "save_home",
        "remove_saved_home",
        "list_saved_homes",
        "compare_homes",
        "forget_preference",
    }
)


def details(zpid: str) -> ToolRequest:
    return ToolRequest(DETAILS, {"zpid": zpid})


def clicked_card(conv: Conversation) -> Plan | None:
    """The web UI's card click `Show me the details for {address} (zpid: {zpid})`."""
    zpid = card_click(conv.text)
    return Plan([details(zpid)]) if zpid else None


def unreadable(conv: Conversation) -> Plan | None:
    """Empty, too long, emoji only or not English: said so, nothing done."""
    why = unreadable_why(conv.text, conv.norm)
    return Plan([], why, no_tools=True) if why else None


def small_talk(conv: Conversation) -> Plan | None:
    """A greeting, thanks, goodbye or "what can you do": words, and one question back."""
    kind = small_talk_kind(conv.norm)
    if kind is None and conv.intent in _WORDS_ONLY and not conv.parsed.asks_anything():
        kind = conv.intent
    if kind is None and _HOW_IT_WORKS.search(conv.norm) and not _named_place_or_price(conv):
        kind = "about_assistant"  # "I'm new to house hunting. How does this work?"
    if kind is None or find_reference(conv.text):
        return None
    return Plan([], REPLIES[kind], no_tools=True)


def _named_place_or_price(conv: Conversation) -> bool:
    criteria = conv.parsed.criteria
    return bool({"location", "near", "price_max", "price_min", "beds_min"} & set(criteria))


def steering(conv: Conversation) -> Plan | None:
    """Fair housing, by the nearest intent (the rules refuse earlier, in `refuse`)."""
    if conv.intent != "fair_housing" or conv.parsed.asks_anything():
        return None
    return Plan([], f"I can't search or rank homes by who lives in an area. {ALTERNATIVES}")


def term(conv: Conversation) -> Plan | None:
    """A question about a word of the trade (HOA, escrow, PMI, a condo): explained."""
    meaning = explained(conv.norm)
    asked = conv.intent == "explain_term" or concept_question(conv.parsed)
    if not asked and not (meaning and _QUESTION.match(conv.norm)):
        return None
    if meaning is None and conv.parsed.asks_anything() and not concept_question(conv.parsed):
        return None
    return Plan([], meaning or NO_TERM, no_tools=True)


def unknown_id(conv: Conversation) -> Plan | None:
    """An id that cannot be a home's ("zpid 123", "home id abc"): declined, nothing called."""
    match = _ANY_ID.search(conv.norm)
    if match is None or _ZPID_DIGITS.fullmatch(match.group(1)):
        return None
    return Plan([], f"There is no home with the id {match.group(1)}; ids are 7 to 10 digits.")


def unshown_home(conv: Conversation) -> Plan | None:
    """A watch or a tour of a home never shown (a typed id or street): it cannot be checked to
    exist, so it is declined rather than offered."""
    if not asks_watch_or_tour(conv.text):
        return None
    shown = {str(h.get("zpid")) for h in [*conv.last_results, conv.focused or {}]}
    ids = _ZPID_DIGITS.findall(conv.norm) if _ZPID.search(conv.norm) else []
    if any(i not in shown for i in ids) or typed_address(conv.text):
        return Plan([], NOT_SHOWN)
    return None


def typed_ids(conv: Conversation) -> Plan | None:
    """Homes named by their ids (zpids): their details, homes like one, or a comparison."""
    if not _ZPID.search(conv.norm):
        return None
    ids = list(dict.fromkeys(_ZPID_DIGITS.findall(conv.norm)))
    if re.search(r"\bcompare\b|\bvs\.?\b|\bversus\b", conv.norm) and len(ids) >= 2:
        return Plan([ToolRequest(COMPARE, {"zpids": ids[:5]})])
    if re.search(r"\blike\b|\bsimilar\b", conv.norm) or conv.intent == "similar_homes":
        return Plan([ToolRequest(SEARCH, {"like_zpid": ids[0]})])
    return Plan([details(i) for i in ids[:5]])


def two_wishes(conv: Conversation) -> Plan | None:
    """ "save it and set up a tour for Sunday", "save this search and show me the next page":
    each half planned alone (by its words), "it" in the second half being the home of the
    first; joined when both are actions of different tools."""
    halves = _SPLIT.split(conv.text, maxsplit=1)
    if len(halves) != 2:
        return None
    first = _planned(replace(conv, text=halves[0], intents=[]))
    ref = find_reference(halves[0])
    second_text = halves[1]
    if ref is not None and ref.position:
        second_text = re.sub(r"\b(?:it|this one|that one)\b", f"#{ref.position}", second_text)
    second = _planned(replace(conv, text=second_text, intents=[]))
    if first is None or second is None or not (first[0] in _ACTIONS and second[0] in _ACTIONS):
        return None
    calls = [*first[1].calls, *second[1].calls]
    if not first[1].calls or not second[1].calls or len({c.name for c in calls}) < 2:
        return None
    return Plan(calls, first[1].note or second[1].note)


def _planned(conv: Conversation) -> tuple[str, Plan] | None:
    """The first recognizer's name and plan for one half of a message."""
    for name, recognize in RECOGNIZERS:
        if name != "two wishes" and (found := recognize(conv)) is not None:
            return name, found
    return None


def watches_and_tours(conv: Conversation) -> Plan | None:
    """Saved searches, watches and tour requests (watch.py)."""
    intent = conv.intent if conv.intent in _TOOL_WISHES else None
    found = plan_watch(
        conv.text, conv.last_results, conv.focused, conv.last_criteria, conv.preferences, intent
    )
    return planned(found) if found is not None else None


def saved_homes(conv: Conversation) -> Plan | None:
    """Saved homes, comparison and forgetting a preference (saved.py)."""
    near = (conv.last_criteria or {}).get("near")
    intent = conv.intent if conv.intent in _TOOL_WISHES else None
    found = plan_saved(conv.text, conv.last_results, conv.focused, conv.preferences, near, intent)
    return planned(found) if found is not None else None


def street_address(conv: Conversation) -> Plan | None:
    address = typed_address(conv.text)
    if address is None:
        return None
    return Plan([ToolRequest(DETAILS_BY_ADDRESS, {"address": address})])


def contradiction(conv: Conversation) -> Plan | None:
    """A message that contradicts itself ("single story with 3 stories"): asked back."""
    return Plan([], conv.parsed.question) if conv.parsed.question else None


def time_on_market(conv: Conversation) -> Plan | None:
    """How long the open home has been listed: its details say."""
    if conv.focused is None or find_reference(conv.text) is not None:
        return None
    if asks_days_on_market(conv.text) or conv.intent == "time_on_market":
        return Plan([details(str(conv.focused["zpid"]))])
    return None


def similar_homes(conv: Conversation) -> Plan | None:
    """Homes like a shown or open one: a search ranked by likeness to it (like_zpid)."""
    parsed, ref = conv.parsed, find_reference(conv.text)
    by_intent = conv.intent == "similar_homes" and not _ABOUT_IT.search(conv.norm)
    asked = "similar" in parsed.modifiers or by_intent
    if not asked or (ref is None and not conv.focused):
        return None
    target, why = resolve(ref, conv.last_results) if ref is not None else (conv.focused, "")
    if target is None:
        return Plan([], why)
    if ref is not None:  # "the first one" names the home, not a page size
        parsed.criteria.pop("limit", None)
    if parsed.generic_type:  # "homes like it": its type, not a house
        parsed.criteria.pop("property_type", None)
    return Plan([ToolRequest(SEARCH, tidy(refine(like(target), parsed, [])))])


def referenced_home(conv: Conversation) -> Plan | None:
    """ "the second one", "#3", "the cheapest one", or an id shown: that home's details (of
    each, for "the first and the third")."""
    ref, parsed = find_reference(conv.text), conv.parsed
    several = all_positions(conv.text) if conv.last_results else []
    if several and not parsed.asks_anything():
        homes = [conv.last_results[p - 1] for p in several if 1 <= p <= len(conv.last_results)]
        if len(homes) == len(several):
            return Plan([details(str(home["zpid"])) for home in homes])
    if ref is None and conv.intent == "home_details" and not parsed.asks_anything():
        if conv.focused is not None:
            return Plan([details(str(conv.focused["zpid"]))])
        if match := _ZPID.search(conv.norm):
            return Plan([details(match.group(1))])
    if ref is None or not (conv.last_results or not parsed.asks_anything()):
        return None
    listing, why = resolve(ref, conv.last_results)
    return Plan([details(str(listing["zpid"]))]) if listing else Plan([], why)


def paging(conv: Conversation) -> Plan | None:
    parsed = conv.parsed
    pages = bool(parsed.page_step or parsed.page) and set(parsed.criteria) <= {"limit"}
    if not pages or conv.last_criteria is None:
        return None
    return next_page(parsed, conv)


def search(conv: Conversation) -> Plan | None:
    """Search criteria, stated preferences or "what's available": save the preferences, then
    search (a refinement of the last search unless the message starts a new one)."""
    parsed = conv.parsed
    writes = preference_writes(conv.text, conv.preferences)
    pages = bool(parsed.page_step or parsed.page) and set(parsed.criteria) <= {"limit"}
    if pages and conv.last_criteria is None and not writes:
        return Plan([], NOTHING_TO_PAGE)
    if not writes and not pages and not wants_search(parsed, conv):
        return None
    if not writes and conv.last_criteria is None and _too_vague(conv):
        return Plan([], VAGUE_SEARCH, no_tools=True)  # "I want to buy a home": where, what?
    saves = [
        ToolRequest(SAVE_CRITERIA, {"entry_type": w.entry_type, "key": w.key, "value": w.value})
        for w in writes
    ]
    if saves and only_remembers(conv.text):
        return Plan(saves)
    note = ""
    if is_refinement(parsed, conv) and conv.last_criteria is not None:
        criteria = refine(conv.last_criteria, parsed, conv.last_results)
    else:
        criteria, note = fill_from_preferences(refine({}, parsed, []), conv.preferences)
    saves = [
        ToolRequest(SAVE_CRITERIA, {"entry_type": w.entry_type, "key": w.key, "value": w.value})
        for w in writes
    ]
    if parsed.page and not pages:  # "page 2 of the 78704 condos"
        criteria["page"] = parsed.page
    return Plan([*saves, ToolRequest(SEARCH, tidy(criteria))], note)


def _too_vague(conv: Conversation) -> bool:
    """A new search that says nothing but "a home" (or nothing at all) and no preference fills."""
    parsed = conv.parsed
    if parsed.browse or parsed.rerun or conv.preferences:
        return False
    said = set(parsed.criteria)
    if parsed.modifiers - {"similar"} or parsed.drop:  # "cheaper": sorted by price
        return False
    return not said or (said == {"property_type"} and parsed.generic_type)


def ask_back(conv: Conversation) -> Plan | None:
    """Nothing recognized, yet the message is nearest to this skill: one question back."""
    if not conv.intents or conv.elsewhere_first:
        return None
    return Plan([], UNCLEAR, no_tools=True)


RECOGNIZERS: tuple[tuple[str, Recognizer], ...] = (
    ("card click", clicked_card),
    ("unreadable", unreadable),
    ("small talk", small_talk),
    ("fair housing", steering),
    ("unknown id", unknown_id),
    ("unshown home", unshown_home),
    ("typed ids", typed_ids),
    ("two wishes", two_wishes),
    ("watches and tours", watches_and_tours),
    ("saved homes", saved_homes),
    ("street address", street_address),
    ("contradiction", contradiction),
    ("term", term),
    ("time on market", time_on_market),
    ("similar homes", similar_homes),
    ("referenced home", referenced_home),
    ("paging", paging),
    ("search", search),
    ("ask back", ask_back),
)
"""Asked in this order; the first Plan wins."""
