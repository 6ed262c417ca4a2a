"""A message that makes several wishes, split into its clauses, and each clause read in the
conversation the clauses before it leave.

"save this one and show me similar ones", "what's the HOA on the second and is it still for
sale", "forget my budget, then look in Round Rock": a clause starts after "then" or "also"
(with or without "and" or a comma before them), or after "and", a comma, a dash or a full stop when
what follows starts with a wish of its own (a verb, a question). "the first and the third" and
"cheaper ones and with a pool" stay one clause.

A clause that plans a call leaves its trace for the next ones (`carried`): the homes it acts on
("it", "this one", "them" in a later clause mean those), the search it runs ("save that
search"), the preferences it saves or forgets (a later search is filled from them).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from real_estate.domain import (
    COMPARE,
    FORGET_CRITERIA,
    HOME_PREFIX,
    REMOVE_SAVED_HOME,
    SAVE_CRITERIA,
    SAVE_HOME,
    SEARCH,
    WATCH_PREFIX,
)

from .parse import NUMW
from .plans import Conversation, Plan, ToolRequest
from .positions import NOUN, ORD
from .shorthand import expanded
from .tour_request import one_visit_each

_WISH_START = (
    r"(?!(?:please )?(?:tell|show) me which\b)"  # "compare 1 and 2 and tell me which is closer"
    r"(?:please |now |pls |to |can you |could you |would you |i (?:also )?(?:want|wanna|would like|"
    r"'d like|need) (?:to )?|let'?s )?"
    r"(?:save|keep|add|unsave|remove|delete|show|tell|give|find|get|book|schedule|set(?: up)?|"
    r"arrange|watch|track|follow|monitor|notify|alert|let me know|compare|remember|forget|look|search|open|"
    r"list|send|check|stop|see|visit|what|what's|whats|how|is|are|does|when|whether|put|bookmark|"
    r"subscribe|ping|flag|email|remind|tour|fill (?:me|us) in|pull (?:up|it up)|walk (?:me|us) through|"
    r"stick|stash|dig up|take|cross|bump|go (?:on |back )?to|move on to|skip to|jump to|"
    r"(?:can|could|may) (?:we|i|my \w+ (?:and|&) i))\b"
)
_SPLIT = re.compile(
    rf"(?:,\s*|\s+)(?:and\s+)?(?:then|also|secondly|after that)\s+|"
    rf",?\s+(?:and|n|an(?!\s+(?:alert|email|update|appointment)s?\b)|&|\+|plus|so)\s+(?={_WISH_START})|"
    rf"(?:,|[.;:!?]|\s[-\u2013\u2014]+)\s+(?={_WISH_START})|"
    r",\s*and\s+(?=(?:if|once|as soon as|whenever)\s)",  # "does #4 have a pool, and if it sells ..."
    re.IGNORECASE,
)
_CONDITION = re.compile(
    r"^(?:if|when(?! (?:was|is|did|does|do|will|can|are|were)\b)|whenever|once|as soon as)\b",
    re.IGNORECASE,
)
"""A clause that is a condition ("if #3 gets cheaper, give me a shout") belongs to the next."""
_STARTS_WISH = re.compile(_WISH_START, re.IGNORECASE)
_MOST = 3
"""Clauses read at most: a longer message is read whole."""
_BACK = re.compile(  # "him", "her": a learner's word for a home
    r"\b(?:it|him|her|this one|that one|this (?:house|home|place)|that (?:house|home|place)|them|"
    r"both|those(?! lines\b))\b",  # not "more along those lines": a likeness
    re.IGNORECASE,
)
_HOMES_ARGS = ("zpid", "like_zpid")
_LIKING = re.compile(
    r"^\s*(?:oh |wow |ok |okay |so |honestly )?(?:i think |i guess )?"
    r"(?:(?:this|that)(?: one| house| home| place)? )?"
    r"(?:(?:i |we )?(?:really |quite )?(?:like|liked|love|loved|adore|adored|am into)\b|"
    r"(?:i'?m|i am|we'?re|we are) (?:really |kind of |sort of |now )?(?:leaning (?:towards?|to)|"
    r"keen on|drawn to|interested in|into|fond of|loving)\b|"
    r"(?:i'?m|i am|we'?re|we are) (?:no longer|not (?:really |that )?)(?:interested in|into|keen on)\b)",
    re.IGNORECASE,
)
_COOLED = re.compile(
    r"^\s*(?:oh |ok |okay |so |honestly |hmm )?(?:(?:i'?m|i am|we'?re|we are) (?:just )?"
    r"(?:not|no longer) (?:really |so |that |too )?(?:into|keen on|interested in|sure about|"
    r"a fan of|feeling|loving)|(?:i|we) (?:don'?t|do not|no longer) (?:really |much )?(?:like|love|want)|"
    r"(?:i|we)(?:'ve| have)? (?:went|gone) off|(?:i|we)(?:'ve| have)? changed (?:my|our) minds? about)\b",
    re.IGNORECASE,
)
"""A home one has cooled on ("I'm not into the third one anymore"): named, for the wish after."""
_PRAISED = re.compile(
    r"^\W*(?:(?:honestly|wow|oh|ok|okay|so|well)\W+)*(?:the |that |this |number |#)?[\w-]+"
    r"(?: one| home| house| place| listing)?(?:'s|s| looks| seems| is| sounds) (?:really |so |very |"
    r"pretty |super |pretty much |just |basically |exactly )?(?:great|nice|good|amazing|lovely|"
    r"perfect|interesting|promising|cute|awesome|gorgeous|stunning|beautiful|ideal|"
    r"(?:my|our) (?:dream(?: home| house)?|favou?rite))\W*$",
    re.IGNORECASE,
)
"""A home praised by its position alone ("the fourth one looks great", "this one's lovely",
typed "this ones lovely")."""
_FEELING = re.compile(
    r"^\W*(?:(?:oh|wow|omg|yay|ok|okay|so|well|honestly|gosh)\W+)*(?:we'?re|we are|i'?m|i am|"
    r"that'?s|this is|it'?s)\s+(?:so |really |very |super |just |all )*(?:excited|thrilled|"
    r"happy|glad|nervous|stressed|tired|exhausted|great|amazing|awesome|lovely|nice|perfect)"
    r"\W*$",
    re.IGNORECASE,
)
"""A clause that only says how one feels ("we're so excited!!"): it adds nothing."""
_POSITIONS_ONLY = re.compile(
    rf"^(?:(?:and|&|plus|the|top|bottom|first|last|both|number|no|#|{ORD}|{NUMW}|ones?|"
    rf"{NOUN}s?)(?:\W+|$))+$",
    re.IGNORECASE,
)


def clauses(text: str) -> list[str]:
    """The message's clauses, in order (one when it makes a single wish)."""
    found: list[str] = []
    for part in _SPLIT.split(expanded(text.strip())):  # "savr #2 and shwo me ...": two wishes
        if found and _CONDITION.match(found[-1]) and "," not in found[-1]:
            found[-1] = f"{found[-1]}, {part.strip()}"
        elif part.strip(" ,.;"):
            found.append(re.sub(r"^to\s+", "", part.strip(" ,.;")) if found else part.strip(" ,.;"))
    return found if 1 < len(found) <= _MOST else [text.strip()]


def with_wish_of(before: str, clause: str) -> list[str]:
    """A clause that names only what the wish acts on, read with the wish of the clause before
    it ("put the 3rd on my list" + "the 9th" -> "put the 9th on my list", "tell me about 2" +
    "about 7" -> "tell me about 7"): the readings to try, most likely first (in place of the
    words it shares a first word with, else after the wish's first words); [] when the clause
    makes a wish of its own."""
    said, own = before.split(), clause.split()
    if not own or _STARTS_WISH.match(clause):
        return []
    shared = [n for n, word in enumerate(said) if n and word.lower() == own[0].lower()]
    swapped = [[*said[:n], *own, *said[n + k :]] for n in reversed(shared) for k in (2, 3, 1)]
    cut = [[*said[:n], *own] for n in [*reversed(shared), *range(len(said) - 1, 0, -1)]]
    return list(dict.fromkeys(" ".join(words) for words in [*swapped, *cut]))


def only_names(text: str) -> bool:
    """A clause that says how one feels about a home and asks nothing ("I like the 2nd one",
    "we're leaning towards the fourth one", "we're not keen on #3 anymore"): it names the home
    the next clauses mean, and makes no call of its own."""
    return bool(_LIKING.match(text) or _COOLED.match(text) or _PRAISED.match(text))


def only_positions(text: str, next_clause: str) -> bool:
    """A clause that only names homes by their positions ("the top two", "the first one and
    the next one"), before one that acts on them ("save both"): it names the homes the next
    clause means, and makes no call of its own."""
    return bool(_POSITIONS_ONLY.match(text) and _BACK.search(next_clause))


_DISMISSED = re.compile(
    r"^\W*(?:(?:nah|no|nope|meh|hmm|ok|okay|ugh)\W+)*(?:"
    r"skip (?:it|this(?: one)?|that(?: one)?)|not (?:this|that) one|pass(?: on (?:it|this one|that one))?|"
    r"(?:this|that) one'?s? (?:not for (?:me|us)|a no))\W*$",
    re.IGNORECASE,
)
"""A clause that only puts the home in view aside ("skip this one", "nah, not this one"): no
wish of its own, least of all to keep it ("forget that one" may drop a preference)."""


def only_feels(text: str) -> bool:
    """A clause that only says how one feels ("we're so excited!!", "wow, this is great") or
    puts the home in view aside ("skip this one")."""
    return bool(_FEELING.match(text) or _DISMISSED.match(text))


def homes_of(plan: Plan) -> list[str]:
    """The zpids a plan's calls act on, in order."""
    zpids: list[str] = []
    for call in plan.calls:
        named = [call.args.get(key) for key in _HOMES_ARGS] + list(call.args.get("zpids") or [])
        if str(call.args.get("key", "")).startswith(WATCH_PREFIX):  # "stop watching #2 and save it"
            named.append(str(call.args["key"]).removeprefix(WATCH_PREFIX))
        zpids.extend(str(z) for z in named if z and str(z) not in zpids)
    return zpids


def referring_back(text: str, zpids: list[str], shown: list[dict[str, Any]]) -> str:
    """`text` with "it", "this one", "them" written as the positions of the homes an earlier
    clause acted on, when they are shown ("save it" -> "save #2")."""
    positions = [position_of(z, shown) for z in zpids]
    if not zpids or None in positions:
        return text
    named = " and ".join(f"#{p}" for p in positions)
    return _BACK.sub(named, text)


def carried(conv: Conversation, plan: Plan) -> Conversation:
    """The conversation the next clause is read in, after `plan`'s calls."""
    prefs = dict(conv.preferences)
    criteria, compared = conv.last_criteria, conv.compared
    for call in plan.calls:
        if call.name == SAVE_CRITERIA and call.args.get("entry_type") == "PREFERENCE":
            prefs[str(call.args.get("key"))] = str(call.args.get("value"))
        elif call.name == FORGET_CRITERIA:
            prefs.pop(str(call.args.get("key")), None)
        elif call.name == SEARCH and "like_zpid" not in call.args:
            criteria = dict(call.args)
        elif call.name == SAVE_HOME:  # "save #2, then show my saved homes"
            prefs[f"{HOME_PREFIX}{call.args.get('zpid')}"] = "saved"
        elif call.name == REMOVE_SAVED_HOME:
            prefs.pop(f"{HOME_PREFIX}{call.args.get('zpid')}", None)
        elif call.name == COMPARE:  # "compare my two favourites, then book the cheaper"
            compared = [{"zpid": str(z)} for z in call.args.get("zpids") or []]
    carried_over = replace(conv, preferences=prefs, last_criteria=criteria, compared=compared)
    return in_view(carried_over, homes_of(plan))


def in_view(conv: Conversation, zpids: list[str]) -> Conversation:
    """The conversation with the one shown home among `zpids` in view, as an open card is
    ("number 4 looks nice, book a viewing": the viewing of #4); as it was for several or none."""
    shown = [h for h in conv.last_results if str(h.get("zpid")) in zpids]
    return replace(conv, focused=shown[0]) if len(shown) == 1 else conv


def position_of(zpid: str, shown: list[dict[str, Any]]) -> int | None:
    """The 1-based position of the home `zpid` among those `shown`, None when not shown."""
    for number, home in enumerate(shown, start=1):
        if str(home.get("zpid")) == zpid:
            return number
    return None


def same_search(plan: Plan, conv: Conversation) -> bool:
    """A clause that only runs the search on screen again (its page too): it says nothing new."""
    if [c.name for c in plan.calls] != [SEARCH] or not conv.last_criteria:
        return False
    return _as_searched(plan.calls[0].args) == _as_searched(conv.last_criteria)


def _as_searched(criteria: dict[str, Any]) -> dict[str, Any]:
    """What a search looks for and which page it shows, however it is sorted or cut."""
    return {"page": 1, **{k: v for k, v in criteria.items() if k not in ("sort", "limit")}}


def joined(plans: list[Plan]) -> Plan | None:
    """The clauses' calls in order, each once (one tour request a home); None when none made
    calls, when more than one runs a search, or when preferences are said after the search
    (the message is read whole: a refinement said in parts, "in Pflugerville, remember we need
    3 bedrooms")."""
    calls: list[ToolRequest] = []
    notes: list[str] = []
    for plan in plans:
        if plan.note and not any(c.name == SAVE_CRITERIA for c in calls):
            notes.append(plan.note)  # not "using your saved budget" just saved: the model says it
        calls.extend(c for c in plan.calls if c not in calls)
    calls = [ToolRequest(*c) for c in one_visit_each([(c.name, c.args) for c in calls])]
    searches = [n for n, c in enumerate(calls) if c.name == SEARCH and "like_zpid" not in c.args]
    later = calls[searches[0] :] if searches else []
    if not plans or len(searches) > 1 or any(c.name == SAVE_CRITERIA for c in later):
        return None  # a search said in parts, or preferences after it that it should use
    return Plan(calls, notes[0] if notes else "")
