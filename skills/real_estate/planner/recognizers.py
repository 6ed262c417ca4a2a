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

from real_estate.domain import DETAILS, DETAILS_BY_ADDRESS, SAVE_CRITERIA, SEARCH

from .arbitration import arbitrated
from .clauses import (
    carried,
    clauses,
    homes_of,
    joined,
    only_feels,
    only_names,
    referring_back,
    same_search,
    with_wish_of,
)
from .criteria_edit import (
    is_refinement,
    like,
    next_page,
    refine,
    tidy,
    wants_search,
)
from .ids import ZPID, typed_ids, unknown_id, unshown_home
from .market import asks_days_on_market
from .plans import Conversation, Plan, ToolRequest, details, planned
from .prefs import fill_from_preferences, only_remembers, preference_writes, recalled
from .refs import all_positions, card_click, find_reference, resolve, shown_at, typed_address
from .saved import plan_saved
from .talk import (
    NOTHING_TO_PAGE,
    UNCLEAR,
    VAGUE_SEARCH,
)
from .watch import plan_watch
from .words_only import outside, small_talk, steering, term, unreadable

Recognizer = Callable[[Conversation], Plan | None]
_ABOUT_IT = re.compile(r"\b(?:about|know|info\w*|details?|tell)\b")
"""Words asking about the home itself, not for homes like it."""
_DESCRIBED = re.compile(
    r"\b(?:the|that|this) (?:one|house|home|place|listing) with (?:the )?(\d[\d,]*(?:\.5)?) "
    r"(bed(?:room)?s?|bath(?:room)?s?|square feet|sq ?ft|sqft)\b"
)
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
_SEARCHES = ("search_homes", "refine_search", "new_listings", "price_drops")
"""The intents of a search: a message surely near one is a search though no criterion is read
(with saved preferences, or asked where)."""


def clicked_card(conv: Conversation) -> Plan | None:
    """The web UI's card click `Show me the details for {address} (zpid: {zpid})`."""
    zpid = card_click(conv.text)
    return Plan([details(zpid)]) if zpid else None


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
    for part in parts:
        text = referring_back(part, homes, conv.last_results)
        found = _clause_planned(replace(here.ranked_as(part), text=text))
        if plans and (gapped := _same_wish(before, text, plans[-1], here)) is not None:
            text, found = gapped
        before = text
        if only_feels(text) or (found and same_search(found[1], here)):
            continue  # "we're so excited!!", "the kitchen in this one is a dealbreaker"
        if found is not None and (found[0] == "small talk" or only_names(text)):
            homes = homes_of(found[1]) or homes  # "I like the 2nd one, save it": what "it" is
            continue
        if found is None or not found[1].calls:
            return None
        plans.append(found[1])
        here, homes = carried(here, found[1]), homes_of(found[1]) or homes
    return joined(plans)


def _same_wish(
    before: str, text: str, previous: Plan, conv: Conversation
) -> tuple[str, tuple[str, Plan]] | None:
    """A clause that names only other homes ("..., and also the 9th") read with the wish of the
    clause before it: the first reading that makes the same calls for other homes."""
    acted_on = set(homes_of(previous))
    if not acted_on:
        return None
    for reading in with_wish_of(before, text):
        found = _planned(replace(conv, text=reading, intents=[]))
        if found is None or [c.name for c in found[1].calls] != [c.name for c in previous.calls]:
            continue
        homes = set(homes_of(found[1]))
        if homes and not homes & acted_on:
            return reading, found
    return None


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


def watches_and_tours(conv: Conversation) -> Plan | None:
    """Saved searches, watches and tour requests (watch.py)."""
    intent = conv.intent if conv.intent in _TOOL_WISHES else None
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


def saved_homes(conv: Conversation) -> Plan | None:
    """Saved homes, comparison and forgetting a preference (saved.py)."""
    near = (conv.last_criteria or {}).get("near")
    intent = conv.intent if conv.intent in _TOOL_WISHES else None
    found = plan_saved(conv.text, conv.last_results, conv.focused, conv.preferences, near, intent)
    return planned(found) if found is not None else None


def street_address(conv: Conversation) -> Plan | None:
    """A typed address: the shown home there by its zpid (the web UI's card click, `Tell me
    more about {address}`), else details by address."""
    address = typed_address(conv.text)
    if address is None:
        return None
    shown = [*conv.last_results, *([conv.focused] if conv.focused else [])]
    if zpid := shown_at(address, shown):
        return Plan([ToolRequest(DETAILS, {"zpid": zpid})])
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
        if match := ZPID.search(conv.norm):
            return Plan([details(match.group(1))])
    if ref is None or not (conv.last_results or not parsed.asks_anything()):
        return None
    listing, why = resolve(ref, conv.last_results)
    return Plan([details(str(listing["zpid"]))]) if listing else Plan([], why)


def described_home(conv: Conversation) -> Plan | None:
    """ "the one with 2250 square feet": the shown home with that many square feet, bedrooms or
    bathrooms; asked back when none or several have it."""
    match = _DESCRIBED.search(conv.norm)
    if match is None or not conv.last_results:
        return None
    unit = match.group(2)
    key = "sqft" if unit.startswith(("sq", "square")) else "beds" if "bed" in unit else "baths"
    value = float(match.group(1).replace(",", ""))
    found = [home for home in conv.last_results if home.get(key) == value]
    if len(found) == 1:
        return Plan([details(str(found[0]["zpid"]))])
    what = f"{match.group(1)} {unit}"
    some = f"{len(found)} of them have" if found else "none of them has"
    return Plan(
        [], f'Which one? {some.capitalize()} {what}; say its number, e.g. "the second one".'
    )


def only_pages(conv: Conversation) -> bool:
    """A message that asks for another page and no other criterion: "more homes please" and
    "other houses, the following ones" name the type already searched, not a new one."""
    parsed = conv.parsed
    said = set(parsed.criteria) - {"limit"}
    same_type = (conv.last_criteria or {}).get("property_type") == parsed.criteria.get(
        "property_type"
    )
    if "property_type" in said and (parsed.generic_type or same_type):
        said.discard("property_type")
    return bool(parsed.page_step or parsed.page) and not said


def paging(conv: Conversation) -> Plan | None:
    if not only_pages(conv) or conv.last_criteria is None:
        return None
    return next_page(conv.parsed, conv)


def search(conv: Conversation) -> Plan | None:
    """Search criteria, stated preferences or "what's available": save the preferences, then
    search (a refinement of the last search unless the message starts a new one)."""
    parsed = conv.parsed
    writes = preference_writes(conv.text, conv.preferences)
    pages = only_pages(conv)
    if pages and conv.last_criteria is None and not writes:
        return Plan([], NOTHING_TO_PAGE)
    heard = bool(writes or pages or wants_search(parsed, conv))
    if not heard and not conv.is_about(*_SEARCHES):
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
    if parsed.page and not pages:  # "page 2 of the 78704 condos"
        criteria["page"] = parsed.page
    if not heard and not tidy(criteria):
        return None  # near a search by its words, yet nothing to search by
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


def recall_preferences(conv: Conversation) -> Plan | None:
    """ "what budget did I give you": the saved preferences said back, no tool (planned only
    by its intent: the rules read no wish in such words)."""
    return Plan([], recalled(conv.preferences), no_tools=True)


RECOGNIZERS: tuple[tuple[str, Recognizer], ...] = (
    ("card click", clicked_card),
    ("unreadable", unreadable),
    ("small talk", small_talk),
    ("outside", outside),
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
    ("described home", described_home),
    ("referenced home", referenced_home),
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
    **dict.fromkeys(_SEARCHES, search),
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
