"""Forgetting a remembered preference in the user's words: by its name ("forget my budget",
"we're flexible on the area", "no more price limit" with nothing on screen), all at once
("clear my preferences"), or by its value ("we're no longer set on Austin, drop that")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from real_estate.domain import ENTRY_WORDS, FORGET_CRITERIA

from .prefs import turned_down
from .words import REQUEST

_FORGET = re.compile(
    r"(?<!before i )(?<!before we )(?<!lest i )(?<!so i don't )(?<!in case i )"
    r"\b(?:forget|clear|reset|delete|remove|drop|erase|scratch|scrap|wipe|ditch|toss|ignore|lose)\b|"
    r"\b(?:no longer|don'?t|do not) (?:care about|need|want|have (?:a|an|any)|set on|fixed on|sold on)\b|"
    r"\bno more\b|\bno\b.*\bany ?(?:more|longer)\b|"
    r"\b(?:don'?t|do not|not|stop|no longer|no need to) (?:remember|remembering|keep)\b|"
    r"\b(?:flexible|open) (?:on|about|regarding) (?:the )?(?:price|budget|location|area|type)\b|"
    r"\b(?:don'?t|do not) (?:mind|care) (?:which|what|where(?= any ?(?:more|longer)))\b|"
    r"\b(?:doesn'?t|does not|don'?t|do not) (?:matter|count)(?: (?:to (?:me|us) )?any ?(?:more|longer))\b|"
    r"\bstop (?:filtering|limiting|restricting)\b|"
    r"\b(?:open to|fine with|ok with|okay with) any (?:price|budget|location|area|place|city|"
    r"type|kind)\b|\bany (?:price|budget|location|area|place|city|type|kind)\b[\w ]{0,25}? "
    r"(?:is|are|would be)(?: \w+)? (?:fine|ok|okay|good|great)\b"
)
"""A wish to forget: a word that says so, or any value of a criterion said to do ("we're open
to any area now", "any type of home is fine")."""
_KEPT = re.compile(
    r"\b(?:my|our|the saved|the (?:type|kind))\b|\b(?:i|we) (?:gave|told|said|set|mentioned)\b|"
    r"\byou (?:remember(?:ed)?|saved|kept|noted|know)\b|\byou(?:'ve| have)(?: got)? (?:for|on) (?:me|us)\b|"
    r"\b(?:i|we) (?:no longer|don'?t|do not) (?:care|need|want|have)\b|\bon file\b|"
    r"\b(?:flexible|open|easy) (?:on|about|with|regarding)\b"
)
"""What was remembered, not a filter of the search on screen ("drop the price limit")."""
_FORGET_KEYS: list[tuple[str, tuple[str, ...]]] = [
    (r"budget|price(?: limit| range| cap)?|max(?:imum)? price", ("budget_max", "budget_min")),
    (
        r"location|area|city|zip(?: ?code)?|neighbou?rhood|town|(?<=care )where|"
        r"where (?:i|we) (?:said (?:i|we) )?(?:want(?:ed)?|would like|'d like) to (?:live|be|move)",
        ("location",),
    ),
    (
        r"(?:property |home )?type(?: of (?:house|home|property))?|kind of (?:home|property)",
        ("property_type",),
    ),
    (r"bed(?:room)?s?(?: count)?", ("beds_min",)),
    (r"bath(?:room)?s?(?: count)?", ("baths_min",)),
    (r"must[- ]haves?|features?|amenities", ("features",)),
    (r"exclusions?|excluded types|never list", ("exclude_property_type",)),
    (
        r"(?:search )?preferences|criteria|"
        r"(?:everything|all|what(?:ever)?) you(?:'ve)? (?:remember|know|kept|saved|have)"
        r"(?! about (?:my|our|the)\b)",
        tuple(ENTRY_WORDS),
    ),
]


def forget(
    norm: str,
    shown: list[dict[str, Any]],
    focused: dict[str, Any] | None,
    prefs: Mapping[str, str],
    near: str | None,
    asked: bool = False,
) -> tuple[list[tuple[str, dict[str, Any]]], str] | None:
    """ "forget my budget", "we're open on the area", "no longer set on Austin, drop that":
    forget_search_criteria for each remembered key named (the graph asks to confirm); words
    when none is kept. `asked`: the nearest intent is this wish."""
    if not (asked or _FORGET.search(norm)):
        return None
    alone = not shown and not re.search(REQUEST, norm)  # no search on screen or asked for
    named = _named_keys(norm) if _KEPT.search(norm) or alone else []
    if not named:
        by_value = _named_by_value(norm, prefs)
        if by_value:
            return [(FORGET_CRITERIA, {"key": k}) for k in by_value], ""
        if _SET_ON.search(norm) and not re.search(REQUEST, norm):
            return [], "There is nothing saved for that, so there is nothing to forget."
        return None
    present = [k for keys in named for k in keys if k in prefs]
    if not present:
        return [], "There is nothing saved for that, so there is nothing to forget."
    return [(FORGET_CRITERIA, {"key": k}) for k in present], ""


def _named_keys(norm: str) -> list[tuple[str, ...]]:
    """The remembered keys a wish to forget names by their words ("my budget", "the area")."""
    return [
        keys
        for words, keys in _FORGET_KEYS
        if re.search(rf"\b(?:my|our|the saved|the|no more|no)\s+(?:saved\s+)?(?:{words})\b", norm)
        or re.search(rf"\b(?:my|our)\b.*\band (?:my |our |the )?(?:{words})\b", norm)
        or re.search(rf"\b(?:flexible|open|easy) (?:on|about|with|regarding) (?:{words})\b", norm)
        or re.search(
            rf"\b(?:open to|fine with|ok with|okay with|^|[,;] ?)\s*any (?:{words})\b", norm
        )
        or re.search(rf"\b(?:mind|care) (?:which|what) (?:{words})\b", norm)
        or re.search(rf"\bhave (?:a|an|any) (?:{words})\b", norm)
        or re.search(rf"\bcare (?:about )?(?:{words})\b", norm)
        or re.search(
            rf"^\W*(?:{words}) (?:doesn'?t|does not|don'?t|do not) (?:matter|count)\b", norm
        )
        or re.search(rf"{_DROPPING.pattern}\s+(?:about\s+)?(?:{words})\b", norm)
    ]


_SET_ON = re.compile(r"\b(?:set|fixed|sold|hung up|stuck) on\b")
"""A wish about what one wants, not a home: "no longer set on Austin" forgets a preference,
and says so when none is saved by that value (never a saved home's removal)."""

_DROPPING = re.compile(
    r"\b(?:forget|clear|delete|remove|drop|erase|scratch|scrap|wipe|ditch|toss|ignore|lose|no longer|"
    r"no more|"
    r"stop (?:filtering|limiting|restricting)(?: (?:by|to|on|for))?|"
    r"(?:no need to|stop|(?:don'?t|do not)(?: need(?: you)? to)?) (?:remember(?:ing)?|keep(?:ing)?))\b"
)
"""Words that drop what was kept, "no need to remember the house thing" among them."""


def _named_by_value(norm: str, prefs: Mapping[str, str]) -> list[str]:
    """The saved preferences a wish to forget names by their value ("we're no longer set on
    Austin, drop that", "no longer only houses, forget it": a kind said in the plural), when it
    asks no search ("drop Austin, show me Manor" is one), nor another value in its place
    ("drop Austin, Manor now" changes it: prefs.py)."""
    if not _DROPPING.search(norm) or re.search(REQUEST, norm) or turned_down(norm, prefs) != norm:
        return []
    return [
        key
        for key, value in prefs.items()
        if key in ENTRY_WORDS
        and value
        and re.search(rf"\b{re.escape(value.lower())}(?:e?s)?\b", norm)
    ]
