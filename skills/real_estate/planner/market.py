"""Reads what people ask about the market: price drops and how new a listing is.

"What dropped in price in 78745 this week?" = price_dropped_within_days 7; "price cuts this
month" = 30; "reduced in the last 3 days" = 3; a drop with no time named = 30 days. "New
listings this week", "listed in the last 10 days", "just listed" = days_on_market_max (7, 10, 7).
"How long has it been on the market?" asks about a listing: `asks_days_on_market`.
"""

from __future__ import annotations

import re
from typing import Any

from .reading import Words
from .words import WORD_NUMBERS

DEFAULT_DROP_DAYS, JUST_LISTED_DAYS = 30, 7
_N = r"\d{1,3}|(?:a )?couple(?: of)?|(?:a )?few|" + "|".join(WORD_NUMBERS)
_ABOUT = {"couple": 2, "few": 3}
"""Counts said loosely ("the past couple of weeks"), as days are counted."""
_WITHIN = (
    rf"(?:today|yesterday|this (?:week|month)|(?:(?:in |within |over |inside )?(?:the )?(?:last|past)|"
    rf"within|since|from|for) (?:(?P<n>{_N}) )?(?P<unit>days?|weeks?|fortnights?|months?|hours?)|"
    r"recently|lately)"
)
"""A time back from now: "this week", "the past 3 days", "within 2 weeks", and as a learner
says it, "since two weeks", "from one month"."""
_DROPPED = (
    r"(?:dropped|drops? in price|came down|fell|went down|was cut|been cut|were cut|got cheaper|"
    r"(?:slashed|knocked down|chopped|trimmed|discounted)|"
    r"mark(?:ed)?[- ]?downs?|"
    r"reduced|lowered|(?:became|become|becomes|gotten|get|gets) cheaper|"
    r"(?:made|make|makes|put) (?:the |their |its )?prices? (?:more low|lower|down)|"
    r"(?:have|has|had|got|with) (?:a )?lower prices?)"
    r"(?: (?:in|their|its|the) price| in price| price)?|"
    r"price (?:drops?|cuts?|reductions?|dropped|reduced|lowered|was cut)|"
    r"(?:reduce|decrease[ds]?|drop) (?:the |its |their |of )?prices?\b(?! (?:limit|cap|range|max|min)|(?: down)? to \$?\d)|"
    r"prices? (?:reduce|decreased?|went down|go down)|"
    r"(?:reduced|cut|lowered) (?:its |their |the )?prices?|"
    r"(?:had|has|have|got) (?:its |their |the )?prices? (?:slashed|cut|dropped|reduced|lowered)"
)
_NEW = (
    r"(?:new(?:ly)? listings?|new(?:ly)? listed|listed|posted|new(?= this| today)|"
    r"(?:came|come|comes|coming) on"
    r"(?: the market)?|hit (?:the )?market|new (?:on|to|in) (?:the )?market|new(?= \w+ on the market)|"
    r"(?:went|go|gone|going|put|been put) (?:on|up for) (?:the )?(?:sale|market)|came out|"
    r"(?:pop|show|turn)(?:ped|ed|s)? up|(?:anything|something|what(?:'s| is)?|whats) new|listings?)"
)
_THIS = r"(?:it|this|that)(?: one| home| house| place| listing)?"
_HOW_LONG = re.compile(
    r"\bhow (?:long|many days)\b.*\b(?:on (?:the )?market|listed|for sale|up for sale|been up)\b|"
    rf"\bdays on (?:the )?market\b|\bwhen was {_THIS} listed\b|\bhow old is {_THIS}\b|"
    rf"\bwhen did {_THIS} (?:hit|come on|go on|get listed)\b|\bis {_THIS} (?:a )?new(?:ly)? list|"
    r"\bprice history\b|\bany price (?:cuts?|drops?|reductions?|changes?) (?:on|for|to) "
    rf"{_THIS}\b|"
    rf"\b(?:has|did|have) (?:{_THIS}|the price)\b.*\b(?:price (?:cuts?|drops?|reductions?|changes?)|"
    r"c[oa]me down|been (?:reduced|cut|lowered))\b|"
    rf"\b(?:did|has|have|was) {_THIS}\b.*\b(?:drop(?:ped)?|go(?:ne)? down|get cheaper)\b|"
    rf"\b(?:did|has|have) (?:they|the (?:sellers?|owners?))\b.*\bprice\b.*\b(?:on|for|of) {_THIS}\b|"
    r"\b(?:sat|sitting|sit|lingered|stayed|stuck) (?:on|in) (?:the )?market\b|"
    r"\bbeen (?:for sale|on (?:the )?market|listed|up|around)\b.*\b(?:long|forever|ages|while)\b|"
    r"\b(?:more expensive|pricier|cheaper|priced (?:higher|lower)) when\b|\bfirst (?:listed|put up)\b|"
    r"\bsince when\b.*\b(?:for (?:sale|sell)|on (?:the )?(?:market|sale)|listed|available)\b"
)
"""How long the listing in view has been on the market, or how its price went: sat on the
market for months, been for sale forever, pricier when first listed, did it drop."""


def _days(match: re.Match[str] | None) -> int | None:
    if match is None:
        return None
    text = match.group()
    if "today" in text:
        return 1
    if "yesterday" in text:
        return 2
    if "this week" in text:
        return 7
    if "this month" in text:
        return 30
    unit = match.group("unit")
    if unit is None:  # "recently", "lately"
        return None
    n = match.group("n")
    loose = n and next((v for word, v in _ABOUT.items() if word in n), None)
    count = loose or (int(WORD_NUMBERS.get(n, n)) if n else 1)
    if unit[0] == "h":  # "the past 48 hours": whole days, at least one
        return max(1, -(-count // 24))
    return count * {"d": 1, "w": 7, "f": 14, "m": 30}[unit[0]]


def _named_days(found: list[re.Match[str]]) -> int | None:
    """The days the first time said with a length names ("recently? like the past two weeks":
    14), None when none has one."""
    return next((days for match in found if (days := _days(match))), None)


def take_market(words: Words, c: dict[str, Any]) -> None:
    """Fill price_dropped_within_days / days_on_market_max from the message."""
    if words.take(rf"\b(?:{_DROPPED})\b"):
        when = words.take(rf"\b{_WITHIN}\b")  # anywhere: "dropped in price in 78745 this week"
        c["price_dropped_within_days"] = _named_days(when) or DEFAULT_DROP_DAYS
    elif re.search(rf"\b{_NEW}\b", words.s) and (when := words.take(rf"\b{_WITHIN}\b")):
        words.take(rf"\bjust (?:{_NEW})\b|\b{_NEW}\b")  # "just listed in the past 3 days": 3
        c["days_on_market_max"] = _named_days(when) or JUST_LISTED_DAYS
    elif words.take(r"\bjust (?:listed|posted|hit the market|came on(?: the market)?)\b"):
        c["days_on_market_max"] = JUST_LISTED_DAYS


def asks_days_on_market(text: str) -> bool:
    """ "How long has it been on the market?" (about the listing in view)."""
    return bool(_HOW_LONG.search(text.lower()))


_MARKET_WORDS = re.compile(
    r"\bmarket\b(?! value)|\bfor sale\b|\bsell(?:s|ing)?\b|\bsold\b|\b(?:new|other|more) listings?\b|"
    r"\bprice (?:drops?|cuts?|reductions?)\b|\b(?:came|come|coming) on\b|\bcompetitive\b|"
    r"\bbidding wars?\b|\btrend(?:s|ing)?\b|\bprices? (?:\w+ ){0,3}(?:go(?:es|ing)?|went|gone) (?:up|down)\b|"
    r"\bprices? (?:\w+ )?(?:rising|falling|climbing|dropping)\b",
    re.IGNORECASE,
)
"""Words of what is on the market (not of one home's own facts)."""
_AROUND_IT = re.compile(
    r"\b(?:around|near|nearby|close to) (?:here|there|it|this|that)"
    r"(?: (?:one|house|home|place|listing|property))?\b|\bnearby\b|\bclose by\b|"
    r"\b(?:in|around) (?:this|that|the|its) (?:area|neighbou?rhood|part of town|zip(?: ?code)?)\b|"
    r"\b(?:around|near) (?:there|here)\b|(?<=market )(?:here|there)\b",
    re.IGNORECASE,
)
"""The open home's place, said without naming it ("around there", "near this one", "in this
area")."""
_ZIP = re.compile(r"\b(\d{5})\s*$")


def around_the_home(text: str, home: dict[str, Any] | None, searched: str | None = None) -> str:
    """ "how's the market around there", "any new listings near this one" with a home open:
    the place said as the open home's ZIP ("... in 78745"), so the market is searched there;
    with none open, as the place of the search on screen ("are prices dropping in this area");
    the home's own time on the market ("how long has it been listed") is left as it is."""
    if not _MARKET_WORDS.search(text) or asks_days_on_market(text):
        return text
    place = place_of(home) if home is not None else str(searched or "")
    return _AROUND_IT.sub(f"in {place}", text, count=1) if place else text


def place_of(home: dict[str, Any]) -> str:
    """The open home's ZIP, else its city."""
    place = str(home.get("zipcode") or "")
    if not place and (match := _ZIP.search(str(home.get("address") or ""))):
        place = match.group(1)
    return place or str(home.get("city") or "")
