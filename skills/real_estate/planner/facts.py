"""Reads what people say about the home itself: schools, garage spaces, stories, yard, age, HOA.

Thresholds for words without a number (documented in SKILL.md, the same the tool description
gives real models): "good schools" = an average rating of 7 of 10 (the top third of the
listings), "great / excellent / top schools" = 8; "big yard" / "large lot" = 10,000 sqft (the
top quarter of the houses). "Built after 2010" means 2011 or later; "built in/since 2010" and
"2010 or newer" mean 2010 or later.
"""

from __future__ import annotations

from typing import Any

from .reading import Words
from .words import WORD_NUMBERS

GOOD_SCHOOLS, GREAT_SCHOOLS, BIG_LOT_SQFT = 7, 8, 10_000
SQFT_PER_ACRE = 43_560
_NUMBER = r"\d{1,2}|" + "|".join(WORD_NUMBERS) + r"|single|double|triple"
_COUNT = rf"(?P<n>{_NUMBER})"
_COUNTS = {**WORD_NUMBERS, "single": 1, "double": 2, "triple": 3}


_NO_HOA = (
    r"\b(?:no|without(?: an?)?|not in an?|free of)\s+(?:hoa|home ?owners'? associations?)\b|"
    r"\bhoa[- ]free\b"
)


def _count(word: str) -> int:
    return _COUNTS[word] if word in _COUNTS else int(word)


def take_home_facts(words: Words, c: dict[str, Any]) -> str:
    """Fill `c` from the message; a question when it contradicts itself ("" when it doesn't)."""
    _schools(words, c)
    _garage(words, c)
    _lot(words, c)
    _year(words, c)
    if words.take(_NO_HOA):
        c["no_hoa"] = True
    return _stories(words, c)


def _schools(words: Words, c: dict[str, Any]) -> None:
    rated = words.take(
        r"\bschools?(?: rating| rated| (?:are|is) rated| (?:are|is))?\s*"
        r"(?:of\s+|at least\s+|above\s+|over\s+|>=?\s*)?"
        r"(?P<n>\d(?:\.\d)?)\s*(?:\+|/\s*10|out of 10|or (?:better|higher|more))?"
    )
    if rated and 1 <= float(rated[0].group("n")) <= 10:
        c["school_rating_min"] = float(rated[0].group("n"))
    elif words.take(
        r"\b(?:great|excellent|top(?:[- ]rated)?|best|highly[- ]rated|outstanding)\s+"
        r"(?:public\s+)?schools?(?: district)?\b"
    ):
        c["school_rating_min"] = GREAT_SCHOOLS
    elif words.take(
        r"\b(?:good|decent|nice|strong|solid)\s+(?:public\s+)?schools?(?: district)?\b"
    ):
        c["school_rating_min"] = GOOD_SCHOOLS


def _garage(words: Words, c: dict[str, Any]) -> None:
    spaces = words.take(
        rf"\b{_COUNT}[- ]?(?:car|vehicle)s?[- ]garage\b|"
        rf"\bgarage (?:for|with room for|that fits) (?P<m>{_NUMBER}) cars?\b"
    )
    if spaces:
        count = _count(spaces[0].group("n") or spaces[0].group("m"))
        if 0 < count <= 10:
            c["garage_spaces_min"] = count


def _lot(words: Words, c: dict[str, Any]) -> None:
    acres = words.take(
        r"\b(?P<n>\d+(?:\.\d+)?|half an?|a half|quarter|a quarter|an?)[- ]?acres?(?: lot| yard)?\b"
        r"|\b(?:lot|yard) of (?:at least )?(?P<m>\d+(?:\.\d+)?) acres?\b"
    )
    area = r"\d{1,3}(?:,\d{3})+|\d+"
    unit = r"\s*(?:sq\.?\s*ft|sqft|square feet|sf)"
    lot_sqft = words.take(
        rf"\b(?P<n>{area}){unit}\s+(?:lot|yard)\b|\b(?:lot|yard) of (?:at least )?(?P<m>{area}){unit}\b"
    )
    if acres:
        word = acres[0].group("n") or acres[0].group("m")
        share = {"half a": 0.5, "half an": 0.5, "a half": 0.5, "quarter": 0.25, "a quarter": 0.25}
        amount = share.get(word, 1.0 if word in ("a", "an") else None)
        c["lot_size_min"] = round((amount if amount is not None else float(word)) * SQFT_PER_ACRE)
    elif lot_sqft:
        c["lot_size_min"] = int((lot_sqft[0].group("n") or lot_sqft[0].group("m")).replace(",", ""))
    elif big := words.take(
        r"\b(?:big|large|huge|spacious|massive|giant|good[- ]sized|oversized)\s+"
        r"(?:back\s*|front\s*)?(?:yard|lot|garden)s?\b"
    ):
        c["lot_size_min"] = BIG_LOT_SQFT  # the lot, and what the description says of it
        c["wishes"] = [big[0].group()]


def _year(words: Words, c: dict[str, Any]) -> None:
    after = words.take(
        r"\b(?:built|constructed|made)?\s*(?:after|post)\s+(?P<y>(?:19|20)\d{2})\b"
        r"|\bnewer than (?P<z>(?:19|20)\d{2})\b"
    )
    since = words.take(
        r"\b(?:built|constructed)\s+(?:in\s+|since\s+|from\s+)?(?P<y>(?:19|20)\d{2})\s*"
        r"(?:or (?:later|newer|after)|\+|and (?:later|newer|up))?"
        r"|\b(?P<z>(?:19|20)\d{2})\s*(?:or (?:later|newer)|and newer)\b"
        r"|\bsince (?P<w>(?:19|20)\d{2})\b"
        r"|\b(?:nothing|none|no (?:homes?|houses?|ones?)|not)\s+(?:built\s+|constructed\s+)?"
        r"(?:before|prior to|older than)\s+(?P<v>(?:19|20)\d{2})\b"
    )
    if after:
        c["year_built_min"] = int(after[0].group("y") or after[0].group("z")) + 1
    elif since:
        found = since[0]
        year = found.group("y") or found.group("z") or found.group("w") or found.group("v")
        c["year_built_min"] = int(year)


def _stories(words: Words, c: dict[str, Any]) -> str:
    one = words.take(
        r"\b(?:single|one|1)[- ]?(?:stor(?:y|ey|ies)|level|floor)\b|\branch[- ]style\b|"
        r"\bno stairs\b|\ball on one (?:level|floor)\b"
    )
    more = words.take(
        rf"\b{_COUNT}[- ]?(?:stor(?:y|ey|ies)|levels|floors)\b|"
        r"\bmulti[- ]?(?:stor(?:y|ey)|level)\b"
    )
    counts = [_count(m.group("n")) if m.group("n") else 2 for m in more]
    if one and any(n > 1 for n in counts):
        many = max(counts)
        return f"Single story or {many} stories? Tell me which one and I'll search."
    if one:
        c["stories_max"] = 1
    elif counts:
        c["stories_min"] = max(counts)
    return ""
