"""Loan terms said in words, written as numbers before the rules read them: a rate with its
fraction ("6 and three quarters", "6 1/2", "six point two five"), a down payment as a share of
the price ("put down a fifth", "a quarter down") or none at all ("nothing down")."""

from __future__ import annotations

import re

SPOKEN = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20, "twenty five": 25, "thirty": 30,
}  # fmt: skip
"""Numbers said in words that rates, shares and terms use."""
_NUMBER = rf"\d{{1,2}}|{'|'.join(sorted(SPOKEN, key=len, reverse=True))}"
_SAID_FRACTIONS = {
    "half": 0.5, "quarter": 0.25, "three quarters": 0.75, "eighth": 0.125,
    "three eighths": 0.375, "five eighths": 0.625, "seven eighths": 0.875,
}  # fmt: skip
_WRITTEN_FRACTIONS = {
    "1/2": 0.5, "1/4": 0.25, "3/4": 0.75, "1/8": 0.125, "3/8": 0.375, "5/8": 0.625, "7/8": 0.875,
    "½": 0.5, "¼": 0.25, "¾": 0.75, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
}  # fmt: skip
_WITH_FRACTION = re.compile(
    rf"\b({_NUMBER})(?: (?:and|&) (?:an? |one )?({'|'.join(_SAID_FRACTIONS)})\b"
    rf"| ?({'|'.join(_WRITTEN_FRACTIONS)})(?![\d/]))"
)
"""'6 and three quarters', 'seven and a quarter', 'six and quarter', '6 7/8', '6½': a rate with
its fraction, to the eighth lenders quote."""
_DIGITS = {
    "zero": "0", "oh": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
    "six": "6", "seven": "7", "eight": "8", "nine": "9",
}  # fmt: skip
_DIGIT = "|".join(_DIGITS)
_POINT = re.compile(rf"\b({_NUMBER}) point ((?:{_DIGIT})(?: (?:{_DIGIT}))*)\b")
"""'six point two five': a decimal said digit by digit."""
_SHARES = {"tenth": 10, "fifth": 20, "quarter": 25, "third": 33, "half": 50}
_SHARE = "(?:a|one) (" + "|".join(_SHARES) + ")"
_SHARE_DOWN = re.compile(
    rf"\b(put(?:ting)?(?: down)?|pay(?:ing)?(?: down)?) {_SHARE}\b|\b{_SHARE}(?= down\b)"
)
"""A down payment said as a share of the price ('put down a fifth', 'a quarter down')."""
_NONE_DOWN = re.compile(r"\b(?:nothing|no money|zero) down\b|\bno down ?payment\b")


def _whole(word: str) -> float:
    return SPOKEN.get(word) or float(word)


def _fraction(m: re.Match[str]) -> str:
    part = _SAID_FRACTIONS[m.group(2)] if m.group(2) else _WRITTEN_FRACTIONS[m.group(3)]
    return f"{_whole(m.group(1)) + part:g}"


def _point(m: re.Match[str]) -> str:
    digits = "".join(_DIGITS[word] for word in m.group(2).split())
    return f"{_whole(m.group(1)):g}.{digits}"


def _share(m: re.Match[str]) -> str:
    share = f"{_SHARES[m.group(2) or m.group(3)]}%"
    return f"{m.group(1)} {share}" if m.group(1) else share


def loan_words(text: str) -> str:
    """Fractions of a rate and shares of a price written as numbers, no money down as 0."""
    text = _POINT.sub(_point, _WITH_FRACTION.sub(_fraction, text))
    return _NONE_DOWN.sub("0 down", _SHARE_DOWN.sub(_share, text))
