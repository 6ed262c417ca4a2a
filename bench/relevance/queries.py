"""The labelled relevance set: what people type, and which listings a person would call a match.

Each query is run the way the offline model runs it (the skill's planner reads the words, the
Austin provider searches); a result counts as relevant when its label rule holds for the
listing's own data. The rules read the raw CSV columns and the description with plain keyword
patterns, written from reading listings, independently of how search works (search uses
derived features, MiniLM vectors and a ranking formula). README.md beside this file explains
each rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

Row = dict[str, str]
Rule = Callable[[Row, Row | None], bool]  # (listing, the target of a "homes like" query)


def _says(pattern: str) -> Rule:
    compiled = re.compile(pattern, re.IGNORECASE)
    return lambda row, _: bool(compiled.search(row["text"]))


def _num(row: Row, column: str) -> float:
    try:
        return float(row[column] or 0)
    except ValueError:
        return 0.0


def _all(*rules: Rule) -> Rule:
    return lambda row, target: all(rule(row, target) for rule in rules)


def _column(column: str, test: Callable[[float], bool]) -> Rule:
    return lambda row, _: test(_num(row, column))


def _flag(column: str, value: bool = True) -> Rule:
    return lambda row, _: (row[column] == "TRUE") is value


def _either(*rules: Rule) -> Rule:
    return lambda row, target: any(rule(row, target) for rule in rules)


def _home_type(*names: str) -> Rule:
    return lambda row, _: row["homeType"] in names


HOUSE = _home_type("Single Family", "Residential")
CONDO = _home_type("Condo")
# A pool that belongs to the home: a sentence that mentions a pool and none of the words
# listings use for a shared or possible one (community, HOA, park, "room for a pool", ...).
_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\s+[-•]\s+|\n+")
_SHARED = re.compile(
    r"communit|neighbo|hoa\b|amenit|subdivision|\bparks?\b|\bnear\b|walk|access|minutes|"
    r"club|shared|resort|public|olympic|steps|room for|space for|pool[- ]?(?:table|ready|size)|"
    r"\bcomm\b|playground|tennis|complex|\bclose\b",
    re.IGNORECASE,
)


def OWN_POOL(row: Row, _: Row | None) -> bool:
    return any(
        re.search(r"\bpool\b", sentence, re.IGNORECASE) and not _SHARED.search(sentence)
        for sentence in _SENTENCES.split(row["text"])
    )


FIREPLACE = _says(r"fire ?place|wood[- ]burning|gas logs")
WATERFRONT = _says(
    r"waterfront|lake ?front|\blake\b|\bcreek\b|\briver\b|\bpond\b|boat (dock|slip|lift)"
)
VIEW = _either(_flag("hasView"), _says(r"\bviews?\b"))
SPA = _either(_flag("hasSpa"), _says(r"\b(spa|hot tub|jacuzzi)\b"))
COMMUNITY_POOL = _says(
    r"\b(community|neighborhood|neighbourhood|hoa|amenity|resort[- ]style|shared|comm) "
    r"(swimming )?pools?\b|\bpools?,? (?:park|playground|trails|tennis)"
)
BIG_YARD = _says(
    r"\b(large|big|huge|spacious|oversized|expansive|deep|massive|enormous|sprawling|giant|"
    r"generous|ample|private|great|amazing|ultimate|park[- ]like)( [\w-]+){0,2} "
    r"(back ?yards?|yards?|lot)\b|\b(back ?yard|yard) (is|that is) (huge|large|big|massive)|"
    r"\b(acre|acreage)\b"
)
UPDATED_KITCHEN = _says(
    r"(updat|remodel|re-modeled|renovat|\bnew\b|upgrad|modern|gourmet|chef'?s)[^.!]{0,60}"
    r"kitchen|kitchen[^.!]{0,60}(updat|remodel|renovat|\bnew\b|upgrad|quartz|granite)"
)
OFFICE = _says(r"\boffice|\bstudy\b|work(ing)? from home")
CUL_DE_SAC = _says(r"cul[- ]?de[- ]?sac|culdesac|\bcove\b")
QUIET = _says(r"\bquiet\b|peaceful|tranquil|serene|low traffic|no through")
PARK = _says(r"\bparks?\b|greenbelt|trails?\b|nature preserve|playground")
WORKSHOP = _says(r"workshop|work shop|\bshop\b|studio|shed")
CEILINGS = _says(r"(high|vaulted|soaring|tall|cathedral|\d+ ?(ft|foot|')) ceilings?")
TREES = _says(r"(mature|shade|large|old|heritage|live|oak|pecan|majestic) (oak |shade )?trees?")
HARDWOOD = _says(r"hard ?wood|wood[- ]?(floor|flooring)|wood-look|engineered wood")
OPEN_PLAN = _says(
    r"open[^.!]{0,25}(floor ?plan|concept|layout|living|kitchen)|open-concept|open to the"
)
IN_LAW = _says(r"in[- ]law|guest (suite|house|quarters)|casita|second (primary|master)|mother")
PATIO = _says(r"(covered|screened|large|spacious|back) (patio|porch|deck)")
LIGHT = _says(r"natural light|light[- ]filled|bright|sun[- ]?(lit|filled|drenched)|windows")
GOOD_SCHOOLS = _column("avgSchoolRating", lambda v: v >= 7)
GREAT_SCHOOLS = _column("avgSchoolRating", lambda v: v >= 8)
SINGLE_STORY = _column("numOfStories", lambda v: v == 1)
NO_HOA = _flag("hasAssociation", False)


def LIKE(row: Row, target: Row | None) -> bool:
    """A home a buyer would weigh against the target: same type, price within 30%, bedrooms
    within one, living area within 35%, within 5 miles."""
    assert target is not None
    from math import asin, cos, radians, sin, sqrt

    def miles(a: Row, b: Row) -> float:
        la1, lo1, la2, lo2 = (radians(_num(r, c)) for r, c in (
            (a, "latitude"), (a, "longitude"), (b, "latitude"), (b, "longitude")))  # fmt: skip
        h = sin((la2 - la1) / 2) ** 2 + cos(la1) * cos(la2) * sin((lo2 - lo1) / 2) ** 2
        return 2 * 3958.8 * asin(sqrt(h))

    price, area = _num(target, "latestPrice"), _num(target, "livingAreaSqFt")
    return (
        row["homeType"] == target["homeType"]
        and abs(_num(row, "latestPrice") - price) <= 0.3 * price
        and abs(_num(row, "numOfBedrooms") - _num(target, "numOfBedrooms")) <= 1
        and (not area or abs(_num(row, "livingAreaSqFt") - area) <= 0.35 * area)
        and miles(row, target) <= 5
    )


@dataclass(frozen=True)
class Query:
    kind: str  # feature, wish, school, similar, combined
    text: str
    rule: Rule
    like: str | None = None  # "similar": the zpid of the home shown first


QUERIES: list[Query] = [
    Query("feature", "houses with a pool", _all(HOUSE, OWN_POOL)),
    Query("feature", "3 bed homes with a fireplace", FIREPLACE),
    Query("feature", "waterfront homes", WATERFRONT),
    Query("feature", "condos with a view", _all(CONDO, VIEW)),
    Query("feature", "houses with a hot tub", SPA),
    Query("feature", "homes with a community pool", COMMUNITY_POOL),
    Query("feature", "a house with a swimming pool in 78704", OWN_POOL),
    Query("wish", "3 bed house with a big backyard", BIG_YARD),
    Query("wish", "homes with an updated kitchen", UPDATED_KITCHEN),
    Query("wish", "a house with a home office", OFFICE),
    Query("wish", "houses on a quiet cul-de-sac", _all(CUL_DE_SAC)),
    Query("wish", "a quiet street near a park", _all(QUIET)),
    Query("wish", "walking distance to trails", PARK),
    Query("wish", "house with a workshop", WORKSHOP),
    Query("wish", "homes with high ceilings", CEILINGS),
    Query("wish", "a house with mature trees", TREES),
    Query("wish", "hardwood floors and an open floor plan", _all(HARDWOOD, OPEN_PLAN)),
    Query("wish", "house with a mother-in-law suite", IN_LAW),
    Query("wish", "covered patio and lots of natural light", _all(PATIO, LIGHT)),
    Query("school", "3 bed houses with good schools", GOOD_SCHOOLS),
    Query("school", "homes near great schools under 500k", GREAT_SCHOOLS),
    Query("school", "condos with good schools", _all(CONDO, GOOD_SCHOOLS)),
    Query("similar", "show me homes like the first one", LIKE, like="64872828"),
    Query("similar", "more like the first one", LIKE, like="2084491383"),
    Query("similar", "anything similar to the first one?", LIKE, like="80104481"),
    Query("similar", "homes like the first one", LIKE, like="124835862"),
    Query("combined", "3 bed house under 500k with a pool", _all(HOUSE, OWN_POOL)),
    Query("combined", "single story house with good schools", _all(SINGLE_STORY, GOOD_SCHOOLS)),
    Query(
        "combined",
        "big backyard and an updated kitchen under 400k",
        _all(BIG_YARD, UPDATED_KITCHEN),
    ),
    Query("combined", "no HOA house with a workshop", _all(NO_HOA, WORKSHOP)),
    Query("combined", "4 bed house with a home office and a pool", _all(OFFICE, OWN_POOL)),
    Query("combined", "quiet cul-de-sac with good schools", _all(CUL_DE_SAC, GOOD_SCHOOLS)),
]
