"""A shown home's position said otherwise, written the way `homes.ORDINAL` reads it: "number
three" and "listing 3" as "number 3", "the top one" as the first, "the bottom one" as the last."""

from __future__ import annotations

import re

_ONE_TO_TEN = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
_SPOKEN_NUMBER = re.compile(rf"\b(number|no\.?|#) ?({'|'.join(_ONE_TO_TEN)})\b")
_NAMED_BY_NUMBER = re.compile(
    r"\b(?:listing|house|home|property|option|place) (?:number |no\.? |# ?)?(\d{1,2})\b"
    r"(?! ?(?:bed|bath|br\b|ba\b|stor|car|acre|k\b|%|percent|years?|yrs?|blocks?|miles?|min))"
)
"""'listing 3', 'house 2': a position, unless a count follows ('house 2 blocks away')."""
_OPENED_BY_NUMBER = re.compile(
    r"\b(open(?: up)?|look at|pull up|bring up|check out|details (?:of|on|for)|info (?:on|for)|"
    r"more (?:on|about)|(?:tell (?:me|us)|fill (?:me|us) in) about) "
    r"(\d{1,2})\b(?! ?(?:bed|bath|br\b|ba\b|stor|car|acre|k\b|%|percent|years?|yrs?|blocks?|"
    r"miles?|min|more|homes?|houses?|results?|listings?|options?))"
)
"""'open 6', 'details of 3', 'tell me about 2': a shown home opened or asked about by its bare
number, its payment asked after."""
_TOP = re.compile(r"\btop (?:one|home|house|listing)\b|\b(?:one|home|house) (?:at|on) the top\b")
_BOTTOM = re.compile(
    r"\bbottom (?:one|home|house|listing)\b|\b(?:one|home|house) (?:at|on) the bottom\b"
)


def position_words(text: str) -> str:
    """`text` (lower case) with positions said otherwise written as ordinals."""
    text = _SPOKEN_NUMBER.sub(lambda m: f"number {_ONE_TO_TEN.index(m.group(2)) + 1}", text)
    text = _NAMED_BY_NUMBER.sub(r"number \1", text)
    text = _OPENED_BY_NUMBER.sub(r"\1 number \2", text)
    return _BOTTOM.sub("last one", _TOP.sub("first one", text))
