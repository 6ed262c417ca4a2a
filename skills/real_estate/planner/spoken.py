"""Numbers said in words, as a person dictates them: "four hundred thousand" -> 400,000,
"seventy eight seven oh four" -> 78704, "under three fifty" -> under 350. Only amounts with a
magnitude word, prices said short beside a price word and ZIP codes said digit by digit are
rewritten, so "the second one" and "one bedroom" keep their words. An amount of ten thousand or
more is written with its thousands commas: said in words, it is money ("a house for four
hundred thousand"), as "400k" typed is."""

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


def _value(words: list[str]) -> int:
    total, current, before = 0, 0, ""
    for word in words:
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS and before in _UNITS and 0 < current < 10:
            current = current * 100 + _TENS[word]  # "four fifty thousand": 450 thousand
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _SCALES:
            total += max(current, 1) * _SCALES[word]
            current = 0
        elif word == "a" and current == 0:
            current = 1
        before = word
    return total + current


def _amount(match: re.Match[str]) -> str:
    words = [w for w in re.split(r"[\s-]+", match.group(0)) if w != "and"]
    if not any(w in _SCALES for w in words) or all(w in ("a", *_SCALES) for w in words):
        return match.group(0)
    while words and words[0] == "a" and len(words) > 1 and words[1] not in _SCALES:
        words.pop(0)
    value = _value(words)
    return f"{value:,}" if value >= 10_000 else f"{value}"


def _zip(match: re.Match[str]) -> str:
    digits = [str(_UNITS[w]) for w in re.split(r"[\s-]+", match.group(0))[2:]]
    return "78" + "".join(digits)


_COUNT = re.compile(
    rf"\b((?:{'|'.join(_TENS)})(?:[\s-]+(?:{_DIGIT}))?|{'|'.join(_UNITS)})\s+(days?|weeks?|months?)\b"
)


def _count(match: re.Match[str]) -> str:
    value = _value([w for w in re.split(r"[\s-]+", match.group(1))])
    return f"{value} {match.group(2)}"


_PRICE_BEFORE = (
    r"under|below|up to|to|budget(?: is)?|max(?:imum)?(?: is)?|around|about|roughly|less than|"
    r"(?:no|not) more than|more than|over|above|at most|at least|spend|pay|afford|"
    r"cap(?:ped)?(?: it| that)? at|(?:south|north) of|"
    r"limit(?: is)?|top price(?: is)?|from|between|(?<=\d )and"
)
_PRICE_AFTER = r"max(?:imum)?|tops|or less|or under|or below|at most|or more|and up|ish|k"
_SAID_PRICE = re.compile(
    rf"\b(?:(?P<before>{_PRICE_BEFORE})\s+)?(?<![\d.,$])"
    rf"(?P<h>{_DIGIT})[\s-]+(?P<t>{'|'.join(_TENS)})(?:[\s-]+(?P<u>{_DIGIT}))?\b"
    rf"(?(before)|(?=\s*(?:{_PRICE_AFTER})\b))"
)
"""'under three fifty', 'three fifty max': 350, in thousands by the price reader; said with no
price word beside it, "four fifty" is left as words (a time, a count)."""


def _said_price(match: re.Match[str]) -> str:
    tens = _TENS[match.group("t")] + (_UNITS[match.group("u")] if match.group("u") else 0)
    before = f"{match.group('before')} " if match.group("before") else ""
    return f"{before}{_UNITS[match.group('h')] * 100 + tens}"


_POINT_MILLION = re.compile(rf"\b({_DIGIT}) point ({_DIGIT})(?: ({_DIGIT}))? (?:million|mill?)\b")
_HALF_MILLION = re.compile(
    r"\b(?:a|one) (?:million|mill?) and a half\b|\b(?:a|one) and a half million\b"
)
"""'one point two million': 1.2 million; 'a million and a half': 1.5 million."""


def _millions(text: str) -> str:
    text = _HALF_MILLION.sub("1.5 million", text)
    return _POINT_MILLION.sub(
        lambda m: (
            "".join((f"{_UNITS[m.group(1)]}.", *(str(_UNITS[w]) for w in m.groups()[1:] if w)))
            + " million"
        ),
        text,
    )


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
    text = _SAID_PRICE.sub(_said_price, _millions(_ZIP.sub(_zip, text)))
    text = _SAID_PRICE.sub(_said_price, text)  # "between 350 and four fifty": the range's end
    return _COUNT.sub(_count, _PHRASE.sub(_amount, text))
