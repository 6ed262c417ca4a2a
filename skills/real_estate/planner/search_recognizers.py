"""Recognizers of a search: criteria, stated preferences, another page, or a message that
contradicts itself."""

from __future__ import annotations

from real_estate.domain import SAVE_CRITERIA, SEARCH

from .criteria_edit import is_refinement, next_page, refine, tidy, wants_search
from .filled import fill_from_preferences
from .plans import Conversation, Plan, ToolRequest
from .prefs import moves_the_cap, only_remembers, preference_writes, replaces_saved
from .talk import NOTHING_TO_PAGE, VAGUE_SEARCH

SEARCH_WISHES = ("search_homes", "refine_search", "new_listings", "price_drops")
"""The intents of a search: a message surely near one is a search though no criterion is read
(with saved preferences, or asked where)."""


def contradiction(conv: Conversation) -> Plan | None:
    """A message that contradicts itself ("single story with 3 stories"): asked back."""
    return Plan([], conv.parsed.question) if conv.parsed.question else None


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
    if not heard and not conv.is_about(*SEARCH_WISHES):
        return None
    if not writes and conv.last_criteria is None and _too_vague(conv):
        return Plan([], VAGUE_SEARCH, no_tools=True)  # "I want to buy a home": where, what?
    saves = [
        ToolRequest(SAVE_CRITERIA, {"entry_type": w.entry_type, "key": w.key, "value": w.value})
        for w in writes
    ]
    kept = only_remembers(conv.text) or replaces_saved(conv.text, writes, conv.preferences)
    if saves and kept and not (conv.last_results and moves_the_cap(conv.text)):
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
    """A new search that says nothing but "a home" (or nothing at all) and no preference fills:
    "cheaper ones" with nothing shown nor kept is cheaper than nothing, so it asks where too."""
    parsed = conv.parsed
    if parsed.browse or parsed.rerun or conv.preferences:
        return False
    said = set(parsed.criteria)
    if parsed.drop:
        return False
    return not said or (said == {"property_type"} and parsed.generic_type)
