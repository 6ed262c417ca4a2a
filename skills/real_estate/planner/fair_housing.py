"""Fair housing: requests that steer by who lives somewhere are declined, not searched.

The US Fair Housing Act protects race, colour, religion, national origin, sex, familial status
and disability. A request to filter or rank homes by one of them ("a white neighbourhood",
"an area without kids", "away from group homes") gets a polite refusal and no tool runs; the
home's own features stay searchable ("wheelchair accessible", "near a park", "good schools",
"room for my kids", "black granite counters").

A protected word counts only when it is about people in a place: right next to a place or
people word ("Jewish neighbourhood", "Hispanic families", "where Asians live"), or after a
composition word ("mostly white", "no kids", "fewer immigrants") in a message that names a
place or people at all. Used by the planner (the offline model) and by `search_properties`'
own argument check (every model).
"""

from __future__ import annotations

import re

__all__ = ["ALTERNATIVES", "decline", "protected_category"]

# Adjectives count only right before a people or place word ("white neighbourhood") or after a
# composition word ("mostly white"); nouns for groups of people count wherever they appear.
_ADJECTIVES: dict[str, str] = {
    "race or colour": "white|black|caucasian|african[- ]american|brown|racially",
    "national origin": "hispanic|latin[oa]|latinx|asian|mexican|chinese|indian|arab|african|"
    "foreign|immigrant|ethnic|ethnically",
    "religion": "christian|catholic|protestant|jewish|muslim|islamic|hindu|sikh|buddhist|"
    "mormon|religious|religiously",
}
_NOUNS: dict[str, str] = {
    "race or colour": "whites|blacks|caucasians|minorities|people of colou?r|poc",
    "national origin": "hispanics|latinos|latinas|asians|mexicans|indians|arabs|africans|"
    "immigrants|foreigners",
    "religion": "christians|catholics|protestants|jews|muslims|hindus|sikhs|buddhists|mormons|"
    "atheists",
}
# Words that also describe the user's own household or a home ("a room for my kids", "a
# wheelchair ramp") count only after a composition word ("no kids", "away from group homes").
_COMPOSED_ONLY: dict[str, str] = {
    "familial status": "kids|children|families|babies|toddlers|teenagers|teens|pregnant women",
    "sex": "women|men|single women|single men|ladies|females|males",
    "disability": "disabled(?: people)?|handicapped(?: people)?|wheelchair users|"
    "mentally ill|group homes?|halfway houses?|disabilities",
}
_PEOPLE_OR_PLACE = (
    r"neighbou?rhoods?|neighbou?rs?|areas?|communit(?:y|ies)|people|residents?|folks|families|"
    r"population|demographics?|parts? of (?:the )?[\w-]+|sides? of town|enclaves?|majority|"
    r"schools? district"
)
_COMPOSITION = (
    r"no|not many|without|fewer|few|less|free of|away from|avoid(?:ing)?|far from|"
    r"mostly|mainly|majority|predominantly|primarily|lots of|a lot of|many|full of|only|"
    r"more|mixed with"
)
_NEARBY_WORD = rf"(?:{_PEOPLE_OR_PLACE}|nearby|around|live|lives|living)"
_STANDALONE = (
    ("familial status", r"adults?[- ]only|child[- ]?free|kid[- ]?free|no[- ]kids? zone"),
    ("sex", r"(?:men|women|ladies|females|males)[- ]only"),
    ("religion", r"(?:christian|catholic|jewish|muslim|hindu|mormon)[- ]only"),
    ("race or colour", r"whites?[- ]only|(?:racially|ethnically) (?:diverse|mixed|homogeneous)"),
    ("religion", r"religiously (?:diverse|mixed|homogeneous)"),
    (
        "race or colour",
        r"(?:racial(?:ly)?|ethnic|religious) (?:makeup|make-up|mix|composition|breakdown)|"
        r"demographics? (?:of|in|for)",
    ),
    (
        "who lives there",
        r"who (?:lives|live) (?:next door|there|nearby|on the street|around|in (?:the|that|this))|"
        r"what kind of people live",
    ),
    (
        "familial status",
        r"(?:areas?|neighbou?rhoods?|parts? of (?:town|the city|[\w-]+)|zips?|suburbs?|communit(?:y|ies)"
        r"|where) (?:[\w'-]+ ){0,3}(?:best|good|great|ideal|better|right|suited) for (?:young )?"
        r"(?:families|kids|children|raising (?:a family|kids|children))|"
        r"(?:best|good|great|ideal|right) (?:areas?|neighbou?rhoods?|parts? of town|suburbs?) "
        r"(?:for|to raise) (?:young )?(?:families|kids|children|a family)",
    ),
    (
        "disability",
        r"(?:away from|far from|avoid(?:ing)?|no|without) (?:any )?(?:group|halfway) "
        r"(?:homes?|houses?)",
    ),
)
_GAP = r"(?:[\w'-]+ )?"  # at most one word between a composition word and the group
_WITHIN = r"(?:[\w'-]+ ){0,3}"  # a composed phrase counts with a people or place word this close


def _composed(group: str) -> re.Pattern[str]:
    """ "mostly <group>" with a people or place word at most three words before or after."""
    phrase = rf"(?:{_COMPOSITION}) {_GAP}(?:{group})"
    return re.compile(rf"\b{_NEARBY_WORD} {_WITHIN}{phrase}\b|\b{phrase} {_WITHIN}{_NEARBY_WORD}\b")


def _rules() -> list[tuple[str, re.Pattern[str]]]:
    rules = [(c, re.compile(rf"\b(?:{p})\b")) for c, p in _STANDALONE]
    for category, adjective in _ADJECTIVES.items():
        rules.append((category, re.compile(rf"\b(?:{adjective}) (?:{_PEOPLE_OR_PLACE})\b")))
        rules.append((category, _composed(adjective)))
    rules += [(c, re.compile(rf"\b(?:{noun})\b")) for c, noun in _NOUNS.items()]
    rules += [(c, _composed(noun)) for c, noun in _COMPOSED_ONLY.items()]
    return rules


_RULES = _rules()

ALTERNATIVES = (
    "I can search by price, bedrooms, bathrooms, size, home type, features (pool, garage, "
    "view…), school ratings, distance to places such as downtown, a park or UT, and what a "
    "listing says about the home (a quiet street, a big backyard)."
)


def protected_category(text: str) -> str | None:
    """The protected characteristic a request steers by, or None when it is lawful."""
    words = " ".join(re.sub(r"[^\w'+-]+", " ", text.lower()).split())
    return next((category for category, pattern in _RULES if pattern.search(words)), None)


def decline(category: str) -> str:
    """The polite refusal, naming the characteristic and what can be searched instead."""
    return (
        f"I can't search, filter or rank homes by {category} or any other characteristic the "
        "Fair Housing Act protects (race, colour, religion, national origin, sex, familial "
        f"status, disability), or say who lives in an area. {ALTERNATIVES}"
    )
