"""Numbers said in words, as a person dictates them: "four hundred thousand" -> 400000,
"seventy eight seven oh four" -> 78704. Only amounts with a magnitude word and ZIP codes said
digit by digit are rewritten, so "the second one" and "one bedroom" keep their words."""

from __future__ import annotations

import re

_UNITS = {
    "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}  # fmt: skip
_TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_WORD = "|".join([*_UNITS, *_TENS, *_SCALES, "a", "and"])
_PHRASE = re.compile(rf"\b(?:{_WORD})(?:[\s-]+(?:{_WORD}))*\b")
_DIGIT = "|".join(w for w, n in _UNITS.items() if n < 10)
_ZIP = re.compile(rf"\bseventy[\s-]+eight(?:[\s-]+(?:{_DIGIT})){{3}}\b")


def _value(words: list[str]) -> int | None:
    total, current = 0, 0
    for word in words:
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _SCALES:
            total += max(current, 1) * _SCALES[word]
            current = 0
        elif word == "a" and current == 0:
            current = 1
    return total + current


def _amount(match: re.Match[str]) -> str:
    words = [w for w in re.split(r"[\s-]+", match.group(0)) if w != "and"]
    if not any(w in _SCALES for w in words) or all(w in ("a", *_SCALES) for w in words):
        return match.group(0)
    while words and words[0] == "a" and len(words) > 1 and words[1] not in _SCALES:
        words.pop(0)
    return f"{_value(words)}"


def _zip(match: re.Match[str]) -> str:
    digits = [str(_UNITS[w]) for w in re.split(r"[\s-]+", match.group(0))[2:]]
    return "78" + "".join(digits)


_COUNT = re.compile(
    rf"\b((?:{'|'.join(_TENS)})(?:[\s-]+(?:{_DIGIT}))?|{'|'.join(_UNITS)})\s+(days?|weeks?|months?)\b"
)


def _count(match: re.Match[str]) -> str:
    value = _value([w for w in re.split(r"[\s-]+", match.group(1))])
    return f"{value} {match.group(2)}"


_SAID_PRICE = re.compile(
    rf"\b(under|below|up to|to|budget(?: is)?|max(?: is)?|around|about)\s+"
    rf"({_DIGIT})[\s-]+({'|'.join(_TENS)})(?:[\s-]+({_DIGIT}))?\b"
)
"""'under three fifty': 350, in thousands by the price reader."""


def _said_price(match: re.Match[str]) -> str:
    tens = _TENS[match.group(3)] + (_UNITS[match.group(4)] if match.group(4) else 0)
    return f"{match.group(1)} {_UNITS[match.group(2)] * 100 + tens}"


_ROOMS_MISHEARD = re.compile(
    r"(?<!\d)(?<!\d )(?<!looking )(?<!searching )(?<!look )(?<!room )\b(tree|for|fore)(?=[\s-]*bed(?:[\s-]?rooms?|s)\b"
    r"(?![\s-]+(?:furniture|sets?|suites?|space|closets?|windows?|floors?|doors?)\b))"
)
"""A count of bedrooms written as it sounds ("tree bedroom", "for bed room"): 3 and 4."""


_DIGITS_HUNDRED = re.compile(r"\b(\d{1,2}) hundred( thousand)?\b")
"""A count of hundreds written in digits ("4 hundred thousand", "under 4 hundred")."""


def digits(text: str) -> str:
    """`text` (lower case) with spoken amounts, counts of days and ZIP codes as digits."""
    text = _ROOMS_MISHEARD.sub(lambda m: "3" if m.group(1) == "tree" else "4", text)
    text = _DIGITS_HUNDRED.sub(lambda m: f"{m.group(1)}00{'k' if m.group(2) else ''}", text)
    text = _SAID_PRICE.sub(_said_price, _ZIP.sub(_zip, text))
    return _COUNT.sub(_count, _PHRASE.sub(_amount, text))
