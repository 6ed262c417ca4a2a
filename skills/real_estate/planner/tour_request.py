"""Tour requests in the user's words: "I'd like to see the second one on Saturday morning",
"can I tour it tomorrow at 2pm", "schedule a showing for this one". The times said become
dates in the user's zone (asked again when they have passed); none said leaves them to the
agent (the call has no `times`, the tool says "any time that suits the agent"). An email or
a phone in the message is the contact."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from real_estate.domain import ACCOUNT_CONTACT, REQUEST_TOUR
from real_estate.tour_times import NoTimeSaid, TourTimeError, in_words, slots

from .refs import all_positions, find_reference

Call = tuple[str, dict[str, Any]]
MOST_TOURED = 3
"""Saved homes toured in one request at most ("visit my saved homes")."""

TOUR = re.compile(
    r"\b(?:tours?|showings?(?! (?:me|us|them|you)\b)|viewings?|visits?|vist|"
    r"(?:drop|stop|swing|pop|come) (?:by|over|round)|come (?:and )?see|in person|walk ?through|"
    r"with (?:a|an|my|our|the) (?:realtor|agent|broker)|"
    r"stand (?:in|inside) (?:it|this|that|the)|(?:look|peek|peep) (?:around )?inside|see (?:the )?inside|take (?:me|us) (?:through|around)|"
    r"(?<!me )(?<!us )walk (?:through|thru)|open house|appointment|step inside|go inside|get inside|"
    r"(?:let|get) (?:us|me) in(?:to|side)?|(?:wander|poke|look) (?:through|around)(?! (?:the|these|those|my|our|other|more)\b))\b|"
    r"\bwhen (?:can|could|may) (?:i|we) (?:see|view|visit)\b|"
    r"\bwhen (?:is|would be) (?:it )?possible to (?:see|view|visit)\b|"
    r"\b(?:times?|days?|dates?|slots?) (?:are |is )?(?:available |open |free )?(?:to|for) (?:see|view|visit)\b|\bsee (?:it|this|that|them|the \w+(?: one)?|#?\d+)"
    r"(?: one| house| home| place)? (?:in person|on(?! (?:the |a )?(?:map|screen|list|page)\b)|this|"
    r"next|tomorrow|at|around)\b|"
    # going to a home ("can we go see the second one"), not going to look at kinds of homes
    r"\bgo (?:and )?(?:see|look at|check out|view) (?:it|them|(?:this|that)(?: \w+)?|number \d+|"
    r"#?\d+|the (?:\w+ )?(?:one|place|house|home|condo|townhouse|townhome))\b"
)
_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tues?|weds?|thu(?:rs?)?|fri|sat)"
_CLOCK = r"(?:at|around|after|before|by)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?"
TIMES = re.compile(
    rf"\b(?:(?:this|next)\s+)?{_DAY}(?:\s+(?:morning|afternoon|evening|night))?(?:\s+{_CLOCK})?"
    rf"|\btomorrow(?:\s+(?:morning|afternoon|evening))?(?:\s+{_CLOCK})?"
    rf"|\b(?:this|next)\s+(?:weekend|week)\b|\btoday\b|\btonight\b|\b{_CLOCK}\b"
    r"|\b(?:in the )?(?:morning|afternoon|evening)s?\b"
)
_APART = re.compile(r",\s*|\s+(?:and|&|then|plus)\s+")
"""Where the homes of one visit request are said apart ("the third saturday and the fifth
sunday")."""
_OTHER_WISH = re.compile(r"\b(?:save|remove|delete|unsave|compare|details?)\b")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b")


def tour_requests(text: str, norm: str, zpids: list[str], timezone: str) -> tuple[list[Call], str]:
    """A tour request for each home (at most MOST_TOURED), at the times the message (`norm`
    its normalized words) names; no call, and the question back, when those have passed."""
    try:
        times: str | None = in_words(slots(norm, datetime.now(ZoneInfo(timezone))), timezone)
    except NoTimeSaid:
        times = None
    except TourTimeError as exc:
        return [], str(exc)
    found = _EMAIL.search(text) or _PHONE.search(text)
    contact = found.group(0) if found else ACCOUNT_CONTACT
    said = {"times": times} if times else {}
    return [
        (REQUEST_TOUR, {"zpid": zpid, **said, "contact": contact}) for zpid in zpids[:MOST_TOURED]
    ], ""


def tours_of_positions(
    text: str, norm: str, shown: list[dict[str, Any]], timezone: str
) -> tuple[list[Call], str] | None:
    """A tour request for each of the shown homes a message names by position ("visit 2 and 4
    on sunday", "the third one saturday and the fifth one sunday"), each at the times said
    with it, else at the times the message says; None when it names fewer than two."""
    positions = [p for p in all_positions(norm, len(shown)) if 1 <= p <= len(shown)]
    if len(positions) < 2 or _OTHER_WISH.search(norm):
        return None  # "remove the first and book a tour of the third": one visit
    own: dict[int, str] = {}
    for part in _APART.split(norm):
        ref = find_reference(part)
        if ref is not None and ref.position and TIMES.search(part):
            own.setdefault(ref.position, part)
    calls: list[Call] = []
    for position in positions[:MOST_TOURED]:
        zpid = str(shown[position - 1]["zpid"])
        made, why = tour_requests(text, own.get(position, norm), [zpid], timezone)
        if why:
            return [], why
        calls.extend(made)
    return calls, ""


def one_visit_each(calls: list[Call]) -> list[Call]:
    """Tour requests for the same home, said in two clauses ("we'd love to step inside this
    place. Is Sunday around 2pm possible?"), as one request with the times and the contact
    either clause gave; other calls kept as they are, in order."""
    kept: list[Call] = []
    for name, args in calls:
        earlier = next(
            (a for n, a in kept if n == REQUEST_TOUR == name and a["zpid"] == args.get("zpid")),
            None,
        )
        if earlier is None:
            kept.append((name, dict(args)))
            continue
        earlier.update({k: v for k, v in args.items() if v and v != ACCOUNT_CONTACT})
    return kept
