"""Reads search criteria out of what people type ("3-bed house in Austin under $500k").

Works on a lower-cased copy of the user's words. Each extractor blanks the span it understood,
so later ones never read the same words twice: the "3" of "3 bedrooms" is never a price, the
"Austin" of "UT Austin" never a location, the "pool" of "no pool" never a required feature.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from real_estate.domain import FEATURE_WORDS, LANDMARK_WORDS, SORT_WORDS, TYPE_WORDS

from .facts import take_home_facts
from .loosened import take_loosened
from .market import take_market
from .money import budget_restated, take_prices
from .reading import Words
from .shorthand import expanded
from .spoken import digits
from .towns import towns_spelt
from .wishes import PLACES as WISH_PLACES
from .wishes import take_wishes
from .wording import PLACES
from .words import (
    BROWSE,
    DROPS,
    GENERAL_QUESTION,
    MODIFIERS,
    NEW_SEARCH,
    OTHER_DOMAIN,
    PAGING,
    REAL_ESTATE,
    REFINE_STRONG,
    REQUEST,
    TURNED_DOWN,
    WORD_NUMBERS,
    canonical_type,
    feature_alternation,
    type_alternation,
)

NUMW = r"\d{1,2}|" + "|".join(WORD_NUMBERS)
_CITY_NAMES = PLACES
_CITY_ALT = "|".join(sorted(map(re.escape, _CITY_NAMES), key=len, reverse=True))


@dataclass
class Parsed:
    """What one message asks for; `criteria` uses the search_properties parameter names."""

    criteria: dict[str, Any] = field(default_factory=dict)
    removed_features: list[str] = field(default_factory=list)
    drop: set[str] = field(default_factory=set)
    modifiers: set[str] = field(default_factory=set)
    exclude_forever: bool = False
    replace_features: bool = False
    refine: bool = False
    new_search: bool = False
    browse: bool = False
    rerun: bool = False
    page_step: int = 0
    page: int | None = None
    real_estate: bool = False
    other_domain: bool = False
    guessed_location: bool = False
    generic_type: bool = False  # "homes": a house only because no other type was named
    general: bool = False  # a question about a concept ("what is a condo?"), not a request
    question: str = ""  # the message contradicts itself ("single story with 3 stories")

    def asks_anything(self) -> bool:
        return bool(
            self.criteria or self.removed_features or self.drop or self.modifiers or self.browse
        )


def normalize(text: str) -> str:
    t = text.lower().translate(
        {0x2019: "'", 0x2018: "'", 0x201C: '"', 0x201D: '"', 0x2013: "-", 0x2014: "-", 0xA0: " "}
    )
    t = budget_restated(digits(towns_spelt(expanded(t))))
    t = re.sub(r"\bhalf an? (?:million|mill?)\b", "500k", t)
    t = re.sub(r"\b(?:a|one) (?:million|mill?)\b", "1 million", t)  # "under a mil"
    return re.sub(r"\s+", " ", t).strip()


def to_number(word: str) -> float:
    return float(WORD_NUMBERS[word]) if word in WORD_NUMBERS else float(word)


def whole(value: float) -> int | float:
    return int(value) if value == int(value) else value


def parse(text: str) -> Parsed:
    """Everything a message says about a search, in search_properties terms."""
    norm = normalize(text)
    words = Words(norm)
    p = Parsed()
    c = p.criteria
    p.drop = take_loosened(words)
    _take_landmarks(words, c)
    p.question = take_home_facts(words, c)
    take_market(words, c)
    _take_exclusions(words, p)
    _take_features(words, p, norm)
    _take_sizes(words, c)
    _take_limit_and_page(words, p)
    if zips := words.take(r"(?<![\d$,.])\b78\d{3}\b(?!\s*k\b|,\d|\.\d)"):
        c["location"] = zips[0].group()
    take_prices(words, c)
    _take_location(words, p, text)
    take_wishes(words, c)
    found = [(m.start(), kind) for kind, rx in TYPE_WORDS for m in words.take(rf"\b(?:{rx})\b")]
    if found:
        named = sorted(found, key=lambda hit: (hit[1] == "home", hit[0]))[0][1]
        c["property_type"] = canonical_type(named)
        p.generic_type = named == "home"
    sorts = [(m.start(), kind) for kind, rx in SORT_WORDS for m in words.take(rf"\b(?:{rx})\b")]
    if sorts:
        c["sort"] = min(sorts)[1]
    p.modifiers = {kind for kind, rx in MODIFIERS if words.take(rf"\b(?:{rx})\b")}
    if re.search(rf"\b(?:{dict(MODIFIERS)['similar']})", norm):  # "like the first one": "first
        p.modifiers.add("similar")  # one" may have been read as a page size already
    p.drop |= {kind for kind, rx in DROPS if words.take(rf"\b(?:{rx})\b")}
    p.refine = bool(re.search(REFINE_STRONG, norm))
    p.new_search = bool(re.search(NEW_SEARCH, norm))
    p.browse = bool(re.search(BROWSE, norm))
    p.rerun = bool(re.search(r"\b(?:same|again|refresh|rerun|redo)\b", norm))
    p.real_estate = bool(re.search(REAL_ESTATE, norm))
    p.other_domain = bool(re.search(OTHER_DOMAIN, norm))
    p.general = bool(re.search(GENERAL_QUESTION, norm)) and not re.search(REQUEST, norm)
    p.replace_features = bool(re.search(r"\b(?:instead|rather|just|switch|change)\b", norm))
    return p


def _take_landmarks(words: Words, c: dict[str, Any]) -> None:
    radius = words.take(
        rf"\b(?:(?:within|inside|under|less than|no more than|up to|at most)\s+)?"
        rf"(?P<n>\d+(?:\.\d+)?|{NUMW})\s*-?\s*(?:miles?|mi)\b(?:\s+(?:radius|of|from|to))?"
    )
    if radius:
        c["radius_miles"] = whole(to_number(radius[0].group("n")))
    elif words.take(rf"\bwalking distance\b(?! (?:to|of|from) (?:an? |the )?(?:{WISH_PLACES})\b)"):
        c["radius_miles"] = 1
    found = [(m.start(), name) for name, rx in LANDMARK_WORDS for m in words.take(rx)]
    if found:
        c["near"] = min(found)[1]


def _take_exclusions(words: Words, p: Parsed) -> None:
    types = type_alternation()
    forever = (
        r"never(?: (?:show|want|suggest|recommend|see))?(?: me)?|(?:don'?t|do not) (?:ever )?"
        r"(?:want|like)|hate|not interested in|no interest in"
    )
    transient = (
        r"no more|no|not|without|exclude|excluding|except(?: for)?|other than|anything but|"
        r"but not|(?:don'?t|do not) (?:ever )?(?:show|need|suggest|recommend)(?: me| us)?|avoid|skip|"
        r"(?:leave|rule|filter|cut|keep) (?:out|off)|"
        r"(?:stop|quit) (?:showing|sending|suggesting|giving)(?: me| us)?|enough(?: of)?|"
        rf"(?:i'?m|we'?re|i am|we are) (?:{TURNED_DOWN})(?: the)?|"
        r"not looking (?:for|at)|(?:that|which) (?:isn'?t|is not|aren'?t|are not)"
    )
    article = r"(?:any\s+|a\s+|an\s+)?"  # a type after a comma and then wanted is no exclusion:
    pattern = (  # "no condos, houses only"
        rf"\b(?P<kw>{forever}|{transient})\s+(?:(?:any|more|a|an|the|me)\s+)*"
        rf"(?P<types>(?:{types})(?:\s*(?:/|or|and|nor)\s*{article}(?:{types})|"
        rf"\s*,\s*{article}(?:{types})(?!\s+(?:only|instead|please|in)\b))*)\b"
    )
    for match in words.take(pattern):
        named = match.group("types")
        found = [
            (m.start(), k) for k, rx in TYPE_WORDS for m in re.finditer(rf"\b(?:{rx})\b", named)
        ]
        if any(kind != "home" for _, kind in found):  # "mobile homes": no house turned down
            found = [(at, kind) for at, kind in found if kind != "home"]
        excluded = p.criteria.setdefault("exclude_types", [])
        for _, kind in sorted(found):
            if canonical_type(kind) not in excluded:
                excluded.append(canonical_type(kind))
        kw = match.group("kw")
        if re.fullmatch(forever, kw) or re.search(r"\b(?:ever|again|always|for good)\b", words.s):
            p.exclude_forever = True


def _take_features(words: Words, p: Parsed, norm: str) -> None:
    alt = feature_alternation()
    negated = words.take(
        r"\b(?:no|without|w/o|minus|drop(?:ping)?|remove|forget(?: about)?|skip|ditch|lose|"
        r"(?:don'?t|do not|doesn'?t|does not) (?:need|want|care about|have to have)|"
        r"not necessarily)\s+(?:(?:a|an|the|to have|with)\s+)*"
        rf"(?P<f>{alt})(?:\s+(?:requirement|filter|one))?\b"
    )
    for match in negated:
        p.removed_features += [k for k, rx in FEATURE_WORDS if re.fullmatch(rx, match.group("f"))]
    found = [(m.start(), kind) for kind, rx in FEATURE_WORDS for m in words.take(rf"\b(?:{rx})\b")]
    features = list(dict.fromkeys(kind for _, kind in sorted(found)))
    if features:
        p.criteria["features"] = features


def _take_sizes(words: Words, c: dict[str, Any]) -> None:
    sqft = words.take(
        r"(?:\b(?P<kw>under|below|less than|smaller than|max(?:imum)?(?: of)?|up to|at most)\s+)?"
        r"(?<![\w.,])(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?P<k>k)?\s*\+?\s*"
        r"(?:sq\.?\s*(?:ft|feet|foot)\b\.?|sqft\b|square\s*(?:feet|foot|ft)\b|sf\b)"
    )
    for match in sqft:
        value = float(match.group("n").replace(",", "")) * (1000 if match.group("k") else 1)
        if not match.group("kw") and "sqft_min" not in c:
            c["sqft_min"] = round(value)
    _take_count_ranges(words, c)
    beds = words.take(
        rf"\b(?P<n>{NUMW})\s*\+?\s*-?\s*(?:or more\s+|plus\s+)?{_BEDS}\b"
        r"|\bbed(?:room)?s?\s*(?:[:=]|min(?:imum)?(?: of)?|at least|(?:down |up )?to)\s*"
        r"(?P<m>\d{1,2})\b(?![\d,.%k])"
    )
    three_two = words.take(r"\b(?P<b>[1-9])\s*/\s*(?P<ba>[1-9](?:\.5)?)\b(?!\s*(?:/|acre))")
    baths = words.take(
        rf"\b(?P<n>\d{{1,2}}(?:\.\d)?|{NUMW})(?P<half>\s*-?\s*and\s*-?\s*a\s*-?\s*half)?\s*\+?"
        r"\s*-?\s*(?:or more\s+|plus\s+)?(?:full\s+)?(?:bath(?:room)?s?|ba)\b"
    )
    if "beds_min" in c:
        pass
    elif beds:
        count = to_number(beds[0].group("n") or beds[0].group("m"))
        if count <= 20:
            c["beds_min"] = int(count)
    elif three_two:
        c["beds_min"] = int(three_two[0].group("b"))
    if "baths_min" in c:
        pass
    elif baths:
        count = to_number(baths[0].group("n")) + (0.5 if baths[0].group("half") else 0)
        if count <= 20:
            c["baths_min"] = whole(count)
    elif three_two:
        c["baths_min"] = whole(float(three_two[0].group("ba")))


_BEDS = r"(?:bed(?:room)?s?|bdrms?|brs?|bds?|rooms? (?:for|to) sleep(?:ing)?|sleeping rooms?)"
_BATHS = r"(?:full\s+)?(?:bath(?:room)?s?|ba)"


def _take_count_ranges(words: Words, c: dict[str, Any]) -> None:
    """ "3 to 4 bedrooms", "2-3 baths", "3 or 4 beds", "between 2 and 3 bathrooms": min and max."""
    for unit, low_key, high_key in (
        (_BEDS, "beds_min", "beds_max"),
        (_BATHS, "baths_min", "baths_max"),
    ):
        found = words.take(
            rf"\b(?:between\s+)?(?P<lo>\d{{1,2}}(?:\.5)?|{NUMW})\s*(?:-|to|or|and)\s*"
            rf"(?P<hi>\d{{1,2}}(?:\.5)?|{NUMW})\s*-?\s*{unit}\b"
        )
        if not found:
            continue
        low, high = to_number(found[0].group("lo")), to_number(found[0].group("hi"))
        if low < high <= 20:
            c[low_key], c[high_key] = whole(low), whole(high)


def _take_limit_and_page(words: Words, p: Parsed) -> None:
    unit = (
        r"(?!\s*(?:k\b|m\b|mil|million|thousand|grand|%|miles?\b|mi\b|\.\d|,\d|st\b|nd\b|"
        r"rd\b|th\b|\+|-?\s*(?:bed|bd|br\b|bath|ba\b|sq|square|stor|car\b)))"
    )
    limit = words.take(
        rf"\b(?:show(?: me)?|give me|list|see|get|find(?: me)?|just|only)\s+(?:the\s+)?"
        rf"(?:(?:top|first|best)\s+(?!one\b))?(?P<n>(?<!just )(?<!only )\d{{3}}|{NUMW})\b{unit}"
        rf"|\b(?:top|first|best)\s+(?!one\b)(?P<m>{NUMW})\b{unit}"
        rf"|\b(?<!next )(?<!following )(?P<o>{NUMW})\s+(?:results|listings|options|homes|houses|properties|places|"
        r"condos|townhouses|townhomes|apartments|picks|choices|matches)\b"
    )
    if limit:
        n = limit[0].group("n") or limit[0].group("m") or limit[0].group("o")
        p.criteria["limit"] = max(1, min(50, int(to_number(n))))
    if page := words.take(rf"\bpage (?:number )?(?P<n>\d{{1,3}}|{NUMW})\b"):
        p.page = max(1, int(to_number(page[0].group("n"))))
    elif words.take(PAGING):
        p.page_step = 1
    elif words.take(r"\b(?:previous|prev|last) page\b|\bgo back a page\b|\bpage back\b"):
        p.page_step = -1


def _take_location(words: Words, p: Parsed, original: str) -> None:
    c = p.criteria
    words.take(
        rf"\b(?:{TURNED_DOWN}|not|except|outside(?: of)?|anywhere but|"
        rf"(?:moving|relocating|coming|transferring|moved|relocated)(?: down| up| over)? from)\s+"
        rf"(?:in\s+)?(?:{_CITY_ALT})\b|"
        rf"\b(?:{_CITY_ALT})(?:'s| is| got| has gotten| seems| feels)(?: (?:way|much|just|a bit|"
        rf"a little|far|getting|gotten))? (?:too|out of (?:our|my) (?:range|budget|league))\b"
    )  # "not Austin", "moving from Denver", "Austin's way too pricey": a town turned down
    cities = words.take(rf"\b(?:{_CITY_ALT})\b(?:,?\s+(?:tx|texas)\b)?")
    if "location" in c:
        return
    if cities:
        said = re.sub(r",?\s+(?:tx|texas)$", "", cities[0].group())
        state = re.search(rf"(?i:{re.escape(said)}),?\s+(?P<st>[A-Z]{{2}})\b", original)
        name = _CITY_NAMES[said]
        c["location"] = f"{name}, {state['st']}" if state and state["st"] != "TX" else name
        return
    match = re.search(
        r"(?<!not )\b[Ii]n\s+(?P<name>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}?)(?:,?\s+(?P<st>[A-Z]{2}))?\b",
        original,
    )
    if match and _plausible_place(match.group("name")):
        state = match.group("st")
        name = match.group("name")
        c["location"] = f"{name}, {state}" if state and state != "TX" else name
        p.guessed_location = True


_NOT_PLACES = re.compile(
    r"^(?:the|a|an|my|our|your|this|that|it|i|me|us|usa|tx|texas|january|february|march|april|"
    r"may|june|july|august|september|october|november|december|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|spring|summer|fall|autumn|winter|general|total|order|"
    r"case|mind|addition|particular|zillow|ut|downtown|zilker|domain)\b",
    re.I,
)


def _plausible_place(name: str) -> bool:
    lowered = name.lower()
    if _NOT_PLACES.match(lowered) or lowered in _CITY_NAMES:
        return False
    return not any(re.search(rx, lowered) for _, rx in LANDMARK_WORDS) and not re.search(
        rf"\b(?:{type_alternation()}|{feature_alternation()})\b", lowered
    )
