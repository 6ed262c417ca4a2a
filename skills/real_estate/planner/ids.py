"""Homes named by their ids (zpids): looked up, compared or liked when they can be a home's,
declined when they cannot, and a watch or tour of a home never shown declined outright."""

from __future__ import annotations

import re

from real_estate.domain import COMPARE, SEARCH

from .plans import Conversation, Plan, ToolRequest, details
from .refs import typed_address
from .talk import NOT_SHOWN
from .watch import asks_watch_or_tour

ZPID = re.compile(
    r"\b(?:zpids?|ids?|homes?|listings?|propert(?:y|ies)|houses?|"
    r"(?:details?|info|specs|look ?up|pull up|open|show(?: me| us)?|see|view|check(?: out)?|compare|"
    r"similar to|(?:tell (?:me|us)|know|more|anything) about)(?: (?:on|for|about))?)"
    r"\s*#?:?\s*(\d{7,10})\b(?![,.]\d)"
    r"|^\W*#?(\d{7,10})(?:\s*(?:details?|info|specs|please|pls|plz))*\W*$"
    r"|\b(?:is|was|has|does|did)\s+(?:the [a-z]+ (?:of|on|for) )?#?(?!\d+0000\b)(\d{7,10})\b"
    r"(?![,.]\d)"
)
"""An id said as a home's: after "zpid", "home", "listing" or a word asking its details, a
comparison or homes like it ("show me 58187214", "homes similar to 58187214"), or alone with
at most "details" after it ("58187214 details pls"), or asked about as a question's subject
("is 58187214 still available", "has the price of 58187214 dropped"; "is 1500000 too much" is
an amount)."""
ZPID_DIGITS = re.compile(r"(?<![\d$,.])\d{7,10}(?!\d|[,.]\d)")
"""Seven to ten digits, not part of an amount ("1,250,000"); a comma after it ends it."""
_ANY_ID = re.compile(
    r"\b(?:zpid|(?:home|property|listing) id)\b\s*(?:#|:)?\s*([\w-]+)"
    r"|\bid\b\s*(?:(?:#|:)\s*([\w-]+)|(\w*\d[\w-]*))"
)
"""An id said as one: after "zpid" or "home id", or after a bare "id" when marked (#, :) or
holding a digit ("id like to see it" is "I'd like")."""


_HOMES_LIKE = re.compile(
    r"\bsimilar\b|\b(?:homes?|houses?|condos?|ones?|places?|listings?|something|anything|"
    r"more|others?|stuff) like\b"
)
"""Homes like one asked ("houses like zpid ..."), not "what's it like"."""


def unknown_id(conv: Conversation) -> Plan | None:
    """An id that cannot be a home's ("zpid 123", "home id abc"): declined, nothing called."""
    match = _ANY_ID.search(conv.norm)
    said = next((g for g in match.groups() if g), None) if match else None
    if said is None or ZPID_DIGITS.fullmatch(said):
        return None
    return Plan([], f"There is no home with the id {said}; ids are 7 to 10 digits.")


def unshown_home(conv: Conversation) -> Plan | None:
    """A watch or a tour of a home never shown (a typed id, bare or not, or a street): it cannot
    be checked to exist, so it is declined rather than offered."""
    if not asks_watch_or_tour(conv.text):
        return None
    shown = {str(h.get("zpid")) for h in [*conv.last_results, conv.focused or {}]}
    ids = ZPID_DIGITS.findall(conv.norm)
    if any(i not in shown for i in ids) or typed_address(conv.text):
        return Plan([], NOT_SHOWN)
    return None


def typed_ids(conv: Conversation) -> Plan | None:
    """Homes named by their ids (zpids): their details, homes like one, or a comparison."""
    if not ZPID.search(conv.norm):
        return None
    ids = list(dict.fromkeys(ZPID_DIGITS.findall(conv.norm)))
    if re.search(r"\bcompare\b|\bvs\.?\b|\bversus\b", conv.norm) and len(ids) >= 2:
        return Plan([ToolRequest(COMPARE, {"zpids": ids[:5]})])
    if _HOMES_LIKE.search(conv.norm) or conv.intent == "similar_homes":
        return Plan([ToolRequest(SEARCH, {"like_zpid": ids[0]})])
    return Plan([details(i) for i in ids[:5]])
