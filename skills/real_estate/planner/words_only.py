"""Messages that need words, not tools: unreadable input, small talk, fair-housing steering
by the nearest intent, and terms of the trade."""

from __future__ import annotations

import re

from .criteria_edit import concept_question
from .fair_housing import ALTERNATIVES
from .home_recognizers import asked_of_home_in_view
from .plans import Conversation, Plan
from .refs import find_reference
from .talk import NO_TERM, REPLIES, explained, small_talk_kind
from .talk import unreadable as unreadable_why

_QUESTION = re.compile(
    r"^\W*(?:what(?:'s| is| are| does| do| means?)|explain|define|meaning of|how (?:does|do|is) )"
)
_ASKED_BACK = re.compile(
    r"(?:^|[,.;:!?]\s*|\s[-–—]\s*)(?:so |and |but )?"
    r"(?:what(?:'s| is| are) (?:those|these|that|this|it|they)|what does (?:that|this|it) mean)\b"
)
"""A question about a word the message named before it ("the agent mentioned HOA fees, what
are those?")."""
_HOW_IT_WORKS = re.compile(
    r"\bhow does (?:this|it) work\b|\bwhat can you do\b|\bwho are you\b|"
    r"\bwhat (?:sort|kind|type)s? of (?:stuff|things|info(?:rmation)?|details?|data|facts) "
    r"(?:can|could|do|will) you\b|"
    r"\bhow (?:can|could) you help(?: me| us)?\s*\W*$"
)
_WORDS_ONLY = ("greeting", "thanks", "goodbye", "about_assistant")
_OUTSIDE = re.compile(
    r"\b(?:weather|forecast|temperature)\b|"
    r"\b(?:write|compose|sing)\b.*\b(?:poems?|songs?|story|stories|jokes?|haiku|essay|limerick)\b|"
    r"\btell (?:me|us) a (?:joke|story|poem)\b|"
    r"\b(?:recommend|suggest|where can (?:i|we) (?:get|eat|find))\s+(?:me |us )?"
    r"(?:(?:a|an|some|any|the)\s+)?(?:(?:good|great|nice|decent|best)\s+)?(?:\w+\s+)?"
    r"(?:restaurants?|food|tacos?|pizza|coffee|bars?|brunch|sushi|bbq|barbecue|places? to eat|"
    r"cafes?|dinner|lunch)\b"
)
"""A wish outside the product: the weather, a poem or a joke, a place to eat."""
OUTSIDE = (
    "That's outside what I can help with: I find homes for sale, save, compare and watch them, "
    "book tours and estimate payments. Which area should I look in?"
)


def unreadable(conv: Conversation) -> Plan | None:
    """Empty, too long, emoji only or not English: said so, nothing done."""
    why = unreadable_why(conv.text, conv.norm)
    return Plan([], why, no_tools=True) if why else None


def small_talk(conv: Conversation) -> Plan | None:
    """A greeting, thanks, goodbye or "what can you do": words, and one question back."""
    kind = small_talk_kind(conv.norm)
    if kind is None and conv.intent in _WORDS_ONLY and not conv.parsed.asks_anything():
        kind = None if asked_of_home_in_view(conv) else conv.intent  # "how are the schools"
    if kind is None and _HOW_IT_WORKS.search(conv.norm) and not _named_place_or_price(conv):
        kind = "about_assistant"  # "I'm new to house hunting. How does this work?"
    if kind is None or find_reference(conv.text):
        return None
    return Plan([], REPLIES[kind], no_tools=True)


def outside(conv: Conversation) -> Plan | None:
    """A wish the product does not serve ("what's the weather like in austin", "write me a
    poem about houses", "recommend a taco place near 78745"): said so, and one question back."""
    if not _OUTSIDE.search(conv.norm) or find_reference(conv.text):
        return None
    return Plan([], OUTSIDE, no_tools=True)


_TIMING = re.compile(
    r"\b(?:(?:is|was|would be) (?:now|it|this|today)|(?:would|will) (?:now|it|this|today) be) "
    r"(?:a |the )?(?:good|bad|great|right|smart|wise|best) (?:time|moment|year|idea) to "
    r"(?:buy|sell|purchase|get into)\b|"
    r"\bshould (?:i|we) (?:buy now|wait(?: to buy)?|hold off)\b|\bwill (?:prices|the market) "
    r"(?:go|come|drop|fall|rise|crash)\b|\bis the market (?:going to|about to) (?:crash|drop)\b"
)
"""Asked whether to buy now or wait: a forecast no search answers."""
TIMING = (
    "I can't tell you when to buy: I don't forecast prices. I can show you what's for sale, "
    "what dropped in price lately and how long homes have been listed. Which area should I look in?"
)


def timing(conv: Conversation) -> Plan | None:
    """ "is now a good time to buy in austin?": said so, no search (a forecast, not homes)."""
    if not _TIMING.search(conv.norm) or re.search(r"\b(?:show|find|search|list)\b", conv.norm):
        return None
    return Plan([], TIMING, no_tools=True)


_PLACE_KIND = r"(?:areas?|neighbou?rhoods?|parts? of (?:town|the city|\w+)|zips?(?: ?codes?)?|suburbs?|side of town|places? to live)"
_JUDGED_PLACE = re.compile(
    r"\b(?:which|what(?:'s| is| are)?|whats)\s+(?:the\s+|a\s+)?(?:best|safest|nicest|coolest|top|good|"
    rf"great|most (?:desirable|popular|walkable))\s+{_PLACE_KIND}\b|"
    rf"^\W*(?:the )?(?:best|safest|nicest|top) {_PLACE_KIND}\b|"
    rf"\bis (?:[\w-]+ ){{1,3}}an? (?:good|safe|nice|great|bad|decent|dangerous|rough) {_PLACE_KIND}\b|"
    r"\bwhere should (?:i|we) (?:live|move)\b"
)
"""A place judged ("what's the best neighborhood in austin", "is 78745 a good area"): an opinion
of places no search gives (and "safe" or "good" for whom steers)."""
JUDGED_PLACE = (
    "I can't judge or rank areas for you: what makes one right is yours to weigh. "
    f"{ALTERNATIVES} Which area should I look in?"
)


def judged_place(conv: Conversation) -> Plan | None:
    """ "which part of town is nicest", "is 78745 a good area": said so, no search of it."""
    if not _JUDGED_PLACE.search(conv.norm) or find_reference(conv.text) or conv.focused:
        return None
    if re.search(r"\b(?:show|find|search|list|homes|houses|condos|listings)\b", conv.norm):
        return None
    return Plan([], JUDGED_PLACE, no_tools=True)


_OPINION_ASKED = re.compile(
    r"\b(?:do|would|did|will) (?:you|u) (?:personally |honestly |really )?(?:like|love|buy|recommend|"
    r"live in)\b|\bwhat(?:'?s| is) your (?:honest )?(?:opinion|take|verdict)\b"
)
_OTHER_WISH = re.compile(
    r"\b(?:show|find|search|save|tour|visit|see|watch|compare|payments?|monthly|mortgage|"
    r"details?|homes|houses|ones|others|similar|cheaper|bigger)\b"
)
OPINION = (
    "Whether it's right for you is yours to judge, not mine. I can show its details, compare it "
    "with others, estimate its monthly payment or book a tour."
)


def opinion(conv: Conversation) -> Plan | None:
    """ "do you like this one?", "would you buy it": my opinion of one home, said in words."""
    if not _OPINION_ASKED.search(conv.norm) or _OTHER_WISH.search(conv.norm):
        return None
    if not re.search(r"\b(?:it|this|that|one|house|home|place|listing)\b", conv.norm):
        return None  # "do you like austin": no home judged
    if find_reference(conv.text) is not None:
        return None
    return Plan([], OPINION, no_tools=True)


_ADVICE_ASKED = re.compile(
    r"\b(?:do|should|would|must|can) (?:i|we) (?:even |actually |really |still )?(?:need|use|get|"
    r"hire|have) (?:a |an |my |our |the )?(?:own )?(?:realtor|real estate agent|buyer'?s'? agent|"
    r"agent|broker|lawyer|attorney)\b|"
    r"\b(?:how much|what(?: price)?) (?:should|shud|shd|would you|do you think|can) (?:i|we|u|you) "
    r"(?:offer|bid|put in|negotiate)\b|"
    r"\bwhat(?:'s| is|s) (?:a )?(?:good|fair|reasonable|smart|decent) (?:offer|bid|price to offer)\b|"
    r"\bshould (?:i|we) (?:offer|bid|go) (?:under|below|above|over|less|more|at)\b|"
    r"\bwhat (?:do )?(?:you|u) think (?:is |would be )?(?:an? )?(?:good|fair|right|reasonable) "
    r"(?:price|offer)\b"
)
"""Advice on buying ("do we need a realtor", "how much should we offer"): for the person and
their agent, no tool's to give."""
ADVICE = (
    "What to offer and whether to use an agent are yours to decide, ideally with a licensed agent: "
    "I can't advise on them. I can show a home's details and price history, compare homes, "
    "estimate a monthly payment or book a tour."
)


def advice(conv: Conversation) -> Plan | None:
    """ "do I need a realtor", "what should we offer on it": said so, nothing searched."""
    if not _ADVICE_ASKED.search(conv.norm) or _OTHER_WISH.search(conv.norm):
        return None
    return Plan([], ADVICE, no_tools=True)


def _named_place_or_price(conv: Conversation) -> bool:
    criteria = conv.parsed.criteria
    return bool({"location", "near", "price_max", "price_min", "beds_min"} & set(criteria))


def steering(conv: Conversation) -> Plan | None:
    """Fair housing, by the nearest intent (the rules refuse earlier, in `refuse`)."""
    if conv.intent != "fair_housing" or conv.parsed.asks_anything():
        return None
    if asked_of_home_in_view(conv) is not None:
        return None  # "hows the neighborhood", a home open: what its details hold of its place
    return Plan([], f"I can't search or rank homes by who lives in an area. {ALTERNATIVES}")


def term(conv: Conversation) -> Plan | None:
    """A question about a word of the trade (HOA, escrow, PMI, a condo): explained."""
    if conv.last_results and find_reference(conv.text) is not None:
        return None  # "what's the HOA on the second": that home's details say
    if asked_of_home_in_view(conv) is not None:
        return None  # "what's the HOA fee on it", a home open: its details say
    meaning = explained(conv.norm)
    asked = conv.intent == "explain_term" or concept_question(conv.parsed)
    if not asked and not (
        meaning and (_QUESTION.match(conv.norm) or _ASKED_BACK.search(conv.norm))
    ):
        return None
    if meaning is None and conv.parsed.asks_anything() and not concept_question(conv.parsed):
        return None
    return Plan([], meaning or NO_TERM, no_tools=True)
