"""The mortgage planner's reading of how people write amounts and loan words: typos
("montly paymnt", "percnt"), amounts said in words ("twenty eight hundred", "five hundred
thousand", "350 grand"), "dollars" and "bucks", and the payment said in other words ("P&I",
"run the numbers"), all written the way the planner's rules read them."""

from __future__ import annotations

import re

from .loan_words import SPOKEN as _SPOKEN
from .loan_words import loan_words
from .position_words import position_words

_SPOKEN_PERCENT = re.compile(
    rf"\b({'|'.join(sorted(_SPOKEN, key=len, reverse=True))})( and a? ?half| point five)?"
    r"[ -](percent|%|years?)"
)
_TYPOS = (
    (r"\bmont?h?ly\b|\bmont?hy\b|\bmothly\b", "monthly"), (r"\bpaym\w*", "payment"), (r"\bd(?:o?wn|n)\b", "down"),
    (r"\bdownpa\w*|\bdeposit\b", "down payment"), (r"\bm(?:o?nth|th|onht)\b", "month"),
    (r"\b(?:numbr|nmbr|nmber|numer|nbr|num)\.? ?(?=\d)", "number "),
    (r"\baff?ord\b", "afford"), (r"\bwat\b", "what"), (r"/\s*mo(?:nth)?\b", " a month"),
    (r"\bby month\b", "a month"), (r"\bintrest\b", "interest"),
    (r"(\d{3,}|\d+k) month\b", r"\1 a month"),
    (r"\bmor(?:t|tg|g)a(?:g)?e\b", "mortgage"),
    (r"\bper cent\b|\bpe?rc?e?nt\b|\bprec?ent\b", "percent"),
)  # fmt: skip
_SAID_OTHERWISE = (
    (r"\bp ?& ?i\b", "monthly payment"),
    (r"\b(?:run|crunch|do) the (?:numbers|math)\b", "estimate the monthly payment"),
    (r"(?<![\d$.,])(\d{6,7})(?![\d%]|[,.]\d| ?percent)", r"$\1"),
    (r"\b(?:put(?:ting)?|pay(?:ing)?) down (\$ ?[\d,.]*\d(?: ?[km]\b)?)", r"\1 down"),
    (r"\bdown payment(?: of| is|:)? (\$ ?[\d,.]*\d(?: ?[km]\b)?|\d+(?:\.\d+)? ?(?:%|percent))",
     r"\1 down"),
    (r"(?<![\d$.,])(\d{3},\d{3}|\d,\d{3},\d{3})(?![\d%]|[,.]\d| ?percent| (?:a|per) month)", r"$\1"),
    (r"\bhalf (?:a )?mill?(?:ion)?\b", "$500k"),
    (r"(?<![\d.,])(\d{3}) ?(?:mil|mill)\b", r"$\1k"),
    (r"\b(\d+(?:\.\d+)?) ?(?:million|mil|mill)\b", r"$\1m"),
    (r"\bmonthly(?: budget| payment| max(?:imum)?| limit| cap)? (?:is|of|=|:|at most|around|about) "
     r"\$?(\d{1,2},?\d{3}|\d{3,4}|\d{1,2}(?:\.\d+)?k)\b(?![.,]\d| ?(?:%|percent|down|years?))",
     r"$\1 a month"),
    (r"\b(payments?(?: to (?:be|stay))?) ((?:(?:under|below|of|around|about|no more than|at most|"
     r"max(?:imum)?|capped at) )+)\$?(\d{1,2},?\d{3}|\d{3,4}|\d{1,2}(?:\.\d+)?k)\b"
     r"(?![.,]\d| ?(?:%|percent|down|years?|yrs?|a month|per month|monthly))", r"\1 \2$\3 a month"),
)  # fmt: skip
"""The payment said in other words ("P&I on 380k", "run the numbers"; "principal and interest"
is left alone: it is asked about as a term), a price as a bare number of six
or seven digits ("400,000" too) or in millions, a down payment said before its amount ("put
down 50 grand", "down payment 15%"; a learner's "450 mil" is thousands) and a payment's limit as an amount a month ("payments
under 2,000"), written as the rules below read them."""
_DIGITS_POINT = re.compile(r"(?<![\d.,])(\d{1,2}) point (\d{1,3})\b")
"""A rate dictated in digits ("6 point 5"): "6.5"."""
_DECIMAL_COMMA = re.compile(
    r"(?<![\d,])(\d{1,2}),(\d{1,2})(?=\s*(?:%|percent|pct)|\s+(?:interest|rate)\b)"
)
"""A rate written with a decimal comma, as much of the world writes it ("6,5%"): "6.5%"."""
_DOLLARS = re.compile(r"\b(\d[\d,]*(?:\.\d+)?)\s*(?:dollars?|bucks|usd)\b")
"""'450,000 dollars' is written '$450,000' before the amounts are read."""
_THOUSANDS = re.compile(
    rf"\b(\d[\d,]*(?:\.\d+)?|{'|'.join(sorted(_SPOKEN, key=len, reverse=True))})\s*"
    r"(?:grand|thousand|thou)\b"
)
"""'350 grand', 'two thousand': thousands, written '$350k' before the amounts are read."""
_UNITS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_NUMBER_WORDS = {w: n for n, w in enumerate(_UNITS, 1)} | {
    w: n * 10 for n, w in enumerate(_TENS, 2)
}
_AMOUNT_WORD = "|".join([*_NUMBER_WORDS, "hundred", "thousand"])
_SPOKEN_AMOUNT = re.compile(rf"\b(?:{_AMOUNT_WORD})(?:(?:[ -]| and )(?:{_AMOUNT_WORD}))*\b")
_DIGIT_HUNDREDS = re.compile(r"(?<![\w$.,])(\d{1,2}) hundred\b")
"""'twenty eight hundred', 'five hundred thousand', '35 hundred': amounts said in words."""


def _spoken_amount(match: re.Match[str]) -> str:
    """An amount said in words as digits ('$500000' when it counts thousands), or the words
    unchanged when they name no hundred or thousand or start with none of the numbers."""
    words = [w for w in re.split(r"[ -]+", match.group(0)) if w != "and"]
    if not {"hundred", "thousand"} & set(words) or words[0] not in _NUMBER_WORDS:
        return match.group(0)  # "twenty five percent"; "450 thousand" is read as digits
    total = current = 0
    for before, word in zip(["", *words], words, strict=False):
        if word in _TENS and before in _UNITS and 0 < current < 10:
            current = current * 100 + _NUMBER_WORDS[word]  # "two seventy five thousand"
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word == "thousand":
            total, current = total + max(current, 1) * 1000, 0
        else:
            current += _NUMBER_WORDS[word]
    return f"${total + current}" if "thousand" in words else f"{total + current}"


_SAID_PRICE = re.compile(
    rf"\b(on|for|of|costs?|priced at|price is|worth|buy(?:ing)?)\s+(?:a |an )?"
    rf"({'|'.join(_UNITS[:9])})[ -]({'|'.join(_TENS)})(?:[ -]({'|'.join(_UNITS[:9])}))?\b"
    r"(?!\s*(?:percent|%|years?|yrs?|a month|per month|monthly|down|hundred|thousand)\b)"
)
"""'the payment on three twenty five': a price said short, in hundreds of thousands."""


def _said_price(match: re.Match[str]) -> str:
    units = _NUMBER_WORDS[match.group(4)] if match.group(4) else 0
    hundreds = _NUMBER_WORDS[match.group(2)] * 100 + _NUMBER_WORDS[match.group(3)] + units
    return f"{match.group(1)} ${hundreds}k"


def plain_words(text: str) -> str:
    """Lower-cased text with typos and spoken numbers written the usual way."""
    text = _SPOKEN_AMOUNT.sub(_spoken_amount, _DIGIT_HUNDREDS.sub(r"\g<1>00", text.lower()))
    text = _SAID_PRICE.sub(_said_price, text)
    text = _THOUSANDS.sub(lambda m: f"${_SPOKEN.get(m.group(1), m.group(1))}k", text)
    text = _DIGITS_POINT.sub(r"\1.\2", _DECIMAL_COMMA.sub(r"\1.\2", text))
    text = loan_words(_DOLLARS.sub(r"$\1", text))
    for typo, word in (*_TYPOS, *_SAID_OTHERWISE):
        text = re.sub(typo, word, text)
    text = position_words(text)

    def spoken(m: re.Match[str]) -> str:
        half = 0.5 if m.group(2) else 0
        unit = "%" if m.group(3) in ("percent", "%") else f" {m.group(3)}"
        return f"{_SPOKEN[m.group(1)] + half:g}{unit}"

    return _SPOKEN_PERCENT.sub(spoken, text)
