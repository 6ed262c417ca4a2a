"""Criteria people say no longer matter: "the price doesn't really matter", "bedrooms are not
important anymore", "we don't care about the size" drop the criterion named from the search,
and "anymore" after a negation says since when, not "any more homes"."""

from __future__ import annotations

import re

from .reading import Words

_LOOSENED = (
    ("price", r"(?:price|budget|cost)(?: limit| cap| range)?"),
    ("beds_min", r"(?:number of |how many )?(?:bed(?:room)?s?|bdrms?)"),
    ("baths_min", r"(?:number of |how many )?bath(?:room)?s?"),
    ("property_type", r"(?:property |home |house )?type(?: of (?:home|house|property))?"),
    ("sqft_min", r"size|square footage|sq ?ft"),
)
"""Each criterion that can be loosened, by the words that name it."""
_MATTERS = (
    r"(?:(?:is|are|'s|'re)\s+)?(?:not|no longer)\s+(?:so |that |really |very |too )?"
    r"(?:important|a (?:must|priority|requirement|big deal)|needed|necessary|relevant)|"
    r"(?:is|are)n'?t\s+(?:so |that |really |very |too )?"
    r"(?:important|a (?:must|priority|requirement|big deal)|needed|necessary|relevant)|"
    r"(?:doesn'?t|does not|don'?t|do not)\s+(?:really |actually |much |even )?matter"
)
_CARE = r"(?:don'?t|do not|doesn'?t|does not)\s+(?:really |actually )?care (?:about|for|what)"
_NEGATED = re.compile(r"\b(?:not|no longer|never|\w+n'?t)\b")


def take_loosened(words: Words) -> set[str]:
    """The criteria the message says no longer matter, their words taken (so "the type of
    house is not important" names no house); a negated "anymore" is taken too."""
    dropped, negated = set(), _NEGATED.search(words.s)
    for kind, said in _LOOSENED:
        rx = rf"\b(?:(?:the\s+)?(?:{said})\s+(?:{_MATTERS})|{_CARE}\s+(?:the\s+)?(?:{said}))\b"
        if words.take(rx):
            dropped.add(kind)
    if negated:  # "we don't need a pool anymore": no next page
        words.take(r"\banymore\b")
    return dropped
