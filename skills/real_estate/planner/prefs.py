"""Preferences: which words ask to be remembered, and how saved ones fill a new search.

A message is cut into clauses (at , ; . ! ? "but" "also"); a clause is a lasting preference
when it says so: "my budget is $450k" (budget_max), "we're looking in Pflugerville" / "my zip is
78704" (location), "I only want houses" / "we prefer condos" (property_type), "never show me
condos" (a DECISION: exclude_property_type). One-off filters ("3-bed houses in Austin", "we
need 3 bedrooms", "must have a garage") are not saved unless the message asks for it:
"remember", "always", "from now on", "by default", "never"... then every criterion it states
is saved (a price as the budget). A place outside the data saves nothing at all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from real_estate.domain import FEATURE_WORDS, TYPE_WORDS

from .parse import normalize, parse
from .wording import (
    AUSTIN_AREA_TOWNS,
    DATA_CITIES,
    money,
    number,
)
from .words import REQUEST, TURNED_DOWN, canonical_type, type_alternation

_CLAUSES = r"[;!?]|,(?!\d{3})|\.(?!\d)|\bbut\b|\balso\b"
_BUDGET = (
    r"\b(?:budget|budgit|afford|can (?:only |just )?spend|spend up to|price range|our max|my max|"
    r"(?:we|i) can (?:go|pay|stretch) (?:up )?to|price (?:ceiling|cap|limit)|ceiling|"
    r"(?:top|highest) price|(?:our|my) (?:limit|cap)|spending (?:cap|limit)|"
    r"(?:we|i) (?:can'?t|cannot|won'?t) (?:go|spend|pay) (?:above|over|more than|more of|more then)|"
    r"(?:go|going|gonna go|decided|decide|settled?) (?:with|for|on)(?= \$?\d))\b"
)
_LOCATION = (
    r"\b(?<!market )(?:looking|searching|shopping|house[- ]hunting|interested)\s+"
    r"(?:only\s+)?(?:in|around)\b|"
    r"\b(?:live|move|moving|relocat\w*|settle|stay)\s+(?:in|to)\b|\bprefer\b|\bonly want\b|"
    r"\bonly care about\b|\b(?:want|like|need|hope|plan) to be\s+(?:in|around)\b|"
    r"\bfocus(?:ed|ing)? on\b|"
    r"\b(?:would|'d) rather (?:be|live|look|buy|stay|settle)\s+(?:out\s+|over\s+)?(?:in|around)\b|"
    r"\bis where (?:we|i) (?:want|would like|'d like|plan|hope) to (?:live|be|look|buy)\b|"
    r"\bis (?:our|my) (?:place|spot|area|town|city)\b"
)
_TYPE = (
    r"\b(?:only want|want only|only interested in|interested only in|prefer|"
    r"only looking (?:at|for)|(?:we|i)(?:'re| are|'m| am) only (?:looking|interested))\b"
)
_NAMED: list[tuple[str, tuple[str, ...]]] = [
    (r"budget|price range|max(?:imum)? price", ("budget_max", "budget_min")),
    (r"location|area|city|zip(?: ?code)?|neighbou?rhood|town", ("location",)),
    (r"(?:property |home )?type", ("property_type",)),
    (r"bed(?:room)?s?", ("beds_min",)),
    (r"bath(?:room)?s?", ("baths_min",)),
    (r"must[- ]haves?|features?|amenities", ("features",)),
]
"""'remember my budget' names what to keep: only those keys are saved from the message."""
_MADE_MINE = r"make [^,;.!?]{1,30}? (?:my|our) (?:default |usual |preferred |new |search )?"
"""Made ours: "make manor my area", "make 425 my budget"."""
_PLACE_NOW = (
    r"\b(?:area|location|town|city|zip(?: ?code)?|neighbou?rhood)\s+(?:is|=|:)\s+"
    r"(?:now\b|[^,;.!?]+\bnow\b)|^\W*(?:and |but |so )?(?:it'?s )?now (?:it'?s |in )?[^,;.!?]+$|"
    r"\b(?:change|update|set|switch|move|put|modify)\s+(?:(?:the|my|our|your)\s+)?"
    r"(?:saved |search |default |home )?(?:area|location|town|city|zip(?: ?code)?|"
    r"neighbou?rhood)(?: (?:you|u) (?:have|keep|saved?|know|remember)\w*(?: (?:for|of) (?:me|us))?)?"
    r"\s+(?:to|as|=|:|into)|\bnew (?:area|location|town|zip)(?: for (?:me|us))?\s*(?:is|=|:)|"
    r"\bthe (?:area|location|town) (?:we|i) (?:want|like|need|prefer) (?:now )?is\b|"
    r"\bmake (?:the|my|our) (?:area|location) (?=[a-z0-9])(?!bigger|smaller|wider)"
)
"""A place said to be the area now ("area is now Round Rock", "not Austin anymore, now Manor"):
a change of a remembered area."""
_MY_PLACE = (
    r"\b(?:my|our)\s+(?:preferred |favou?rite |target |ideal |chosen |default |usual |new )?"
    r"(?:zip(?: ?code)?|area|neighbou?rhood|location|town|city|home base)\s+"
    r"(?:is|=|:|will be|should be|shall be|has to be|must be|becomes)|"
    r"\b(?:we|i) (?:live|work|are based|'re based|'m based) in\b|"
    rf"\b{_MADE_MINE}(?:zip(?: ?code)?|area|neighbou?rhood|location|town|city|home base)\b"
)


_KEEP = (
    r"\b(?:(?:change|update|set|switch|move|swap|replace) (?:my |our )?(?:saved )?(?:home type|property type|type|"
    r"budget|location|area)|remember|rember|remeber|memori[sz]e|keep (?:that |this |it )?in (?:your |ur )?(?:mind|memory|head)|"
    r"(?:please )?note (?:that|this|it|my|our|down)|(?:please|pls|plz) note|note(?=\s*:)|for (?:future reference|the record)|just so you know|fyi|"
    r"bear (?:that |this |it )?in mind|make a note|take note|"
    r"for (?:all |any |every )?(?:the |my |our )?future(?: search(?:es)?)?|"
    r"for (?:the )?next (?:time|search)(?:e?s)?|"
    r"from now on|from now(?=,? (?:we|i|only|just|please)\b|\W*$)|from here on(?: out)?|going forward|for good(?=\W*$)|(?:save|store|update) (?:that|this|it)|"
    r"save (?:my |our |a |the )?(?:preference|choice)s?|"
    r"(?:save|store|set|keep) (?:my|our) (?:area|location|town|city|zip(?: ?code)?|budget|max(?:imum)?|"
    r"(?:home |property )?type) (?:as|to)(?= \S)|"
    r"don'?t forget|(?:hold|hang) on ?to (?:that|this|it)|on file|"
    r"(?:in|to|into) (?:my|our) (?:saved )?(?:preferences|prefs|settings|profile)|"
    r"stick (?:with|to) (?:that|this|it)|whenever (?:you|we) (?:look|search)|"
    r"as (?:my|our) (?:default|usual|area|location|city|town|budget|max(?:imum)?|(?:home )?type|preferences?)|"
    r"(?:for|in) (?:all|every|each|any) (?:of )?(?:my |our |the )?(?:future )?search(?:es)?|"
    r"(?:set|settled|decided) on|keep (?:my|our) (?:location|area|zip|town|city|type) (?:as|at|to)|"
    r"(?:please )?keep (?:that|this)(?=\W*$)|always(?=\W*$)|"
    rf"{_MADE_MINE}(?:area|location|town|city|zip(?: ?code)?|budget|max(?:imum)?|(?:home )?type)|"
    r"(?:my|our) (?:default|usual) (?:area|location|town|city|zip|budget|max|(?:home )?type))\b"
)
"""Words that ask to keep what the message states."""
_LASTING = (
    rf"{_KEEP}|\b(?:save (?:my|our)|by default|in general|always|never|every time|each time)\b"
)
"""A lasting wish: asked to be kept, or said of every search."""
LASTING = re.compile(_LASTING)
_ASKS_YOU_TO = r"\b(?:i'd like|i would like|i want|i need) you(?: to)?\b"
_KEEP_AT_END = re.compile(rf"(?:{_KEEP})\W*$")
_KEEP_FIRST = re.compile(rf"^\W*(?:please )?(?:you )?(?:{_KEEP})")
_SEEKS = r"\b(?:i|we)(?:'m|'re| am| are)? (?:only )?(?:search|look)\w*\b"
"""What the person seeks, said as a fact after a leading "remember": it asks no search."""
_YOU_SHOW_LATER = (
    r"\b(?:anything|everything|whatever|all|what|homes|houses|places|listings|stuff|ones|that|"
    r"which) (?:you|u) (?:show|find|send|give|search)\w* (?:me|us|for (?:me|us))\b"
)
"""What you show us later ("in anything you show us"): said of future searches, no ask now."""
_JUST_BUDGET = {"price_max", "price_min"}
_SHOW = r"\b(?:show|find|search|look(?:ing)? for|list|give me|get me)\b"
"""Asking to see homes: a message with these searches even when it ends "keep that in mind"."""
_THEN_ASKED = rf"{_CLAUSES}|\band (?:then |now |also )?(?={_SHOW})"
"""Where a wish after a leading keep word starts: a new clause, or "and" then homes asked for
("change my area to kyle and show me what's there")."""


_CHANGE_IT = re.compile(
    r"\b(?:can|could|would|will) (?:you|u|we) (?:please |maybe |just )?"
    r"(?:bump|raise|push|increase|lift|move|nudge|up) (?:it|that|the (?:budget|price|max))\b"
)
"""Asked to change a budget just said: the homes on screen are searched again with it."""
_MOVE_THE_CAP = re.compile(
    r"\b(?:bump|raise|push|increase|lift|nudge|up|stretch|extend|lower|reduce|decrease|cut|drop|"
    r"bring|move|set|make|change|adjust|update|put|switch)(?: (?:it|that))?(?: down| up)? "
    r"(?:my |our |the )?(?:budget|ceiling|cap|max(?:imum)?|(?:max(?:imum)?|top) price|"
    r"price (?:limit|cap|ceiling)|limit)\b|"
    r"\b(?:go|come|drop|bring it|take it|knock it|get it) down to\b|"
    r"\b(?:budget|ceiling|cap|max(?:imum)?|limit)\b(?: \w+){0,2} (?:is|'s) now\b|"
    r"\b(?:can'?t|cannot|couldn'?t) afford (?:any of )?(?:these|those|them)\b|"
    r"\b(?:these|those|they)(?:'re| are)\b.*\b(?:over (?:our |my |the )?budget|too (?:expensive|pricey))\b"
)
"""Asked to move the price cap ("set the top price to 390k"), or said to have moved ("my
limit of money is now 395 thousand"), or the homes shown said to be past it."""


def moves_the_cap(text: str) -> bool:
    """ "raise the ceiling to 500", "lower the budget a bit, 400": asked to move the price cap,
    so homes on screen are searched again with it (a budget only stated is kept, no search)."""
    return bool(_MOVE_THE_CAP.search(normalize(text)))


def only_remembers(text: str) -> bool:
    """A message that asks to remember what it states, not to search with it: each clause that
    states something says so ("remember we need 3 bedrooms", "my max is 600k, remember that"),
    or it states only a budget ("budget is 450")."""
    norm = re.sub(_YOU_SHOW_LATER, " ", normalize(text))
    keep_first = bool(_KEEP_FIRST.search(norm))
    if keep_first:
        norm = re.sub(_SEEKS, " ", norm)  # "remember: I search only condos" states a fact
    kept = re.sub(_KEEP, " ", re.sub(_ASKS_YOU_TO, " ", norm))
    # "from now on only show me Hutto", "don't forget we want Manor": the wish that follows a
    # leading keep word is what to keep; only a later clause asks to see homes now
    asked = re.split(_THEN_ASKED, kept, maxsplit=1)[1:] if keep_first else [kept]
    asks = any(re.search(REQUEST, part) for part in asked)
    if asks and (not _KEEP_AT_END.search(norm) or re.search(_SHOW, norm)):
        return False  # "i need 4 bedrooms, keep that in mind" only remembers
    stated = [c for c in re.split(_CLAUSES, norm) if parse(c).criteria and not _JUDGED.match(c)]
    if not stated:
        return False
    if _KEEP_AT_END.search(norm) or all(re.search(_KEEP, clause) for clause in stated):
        return True
    if any(re.search(_KEEP, c) and not parse(c).criteria for c in re.split(_CLAUSES, norm)):
        return True  # "for future searches, stick to Leander": one clause says keep the rest
    criteria = parse(text).criteria
    if _CHANGE_IT.search(norm):
        return False  # "could you bump it up to 525?": the search changes too
    return set(criteria) <= _JUST_BUDGET and bool(re.search(_BUDGET, norm))


def replaces_saved(text: str, writes: list[PreferenceWrite], saved: Mapping[str, str]) -> bool:
    """Each preference the message states replaces one already saved, and nothing asks to see
    homes ("Austin is wrong, we're moving to Manor instead"): a correction, kept, not searched."""
    asks = re.search(REQUEST, _SEARCH_AREA.sub(" ", normalize(text)))
    return bool(writes) and not asks and all(w.key in saved for w in writes)


_SEARCH_AREA = re.compile(r"\bsearch (?=area|location|zip|town|city)")
""""my search area" names the area kept, and asks no search."""


@dataclass(frozen=True)
class PreferenceWrite:
    """One save_search_criteria call."""

    entry_type: str
    key: str
    value: str


def kinds_in(value: str, vocabulary: list[tuple[str, str]]) -> list[str]:
    """Types or features named in a saved value such as 'condo, townhouse'."""
    text = normalize(value)
    found = [(m.start(), k) for k, rx in vocabulary for m in re.finditer(rf"\b(?:{rx})\b", text)]
    return list(dict.fromkeys(canonical_type(kind) for _, kind in sorted(found)))


def preference_writes(text: str, saved: Mapping[str, str]) -> list[PreferenceWrite]:
    """The preferences a message states, merged with saved exclusions and must-haves."""
    writes: dict[str, PreferenceWrite] = {}

    def save(key: str, value: str, entry_type: str = "PREFERENCE") -> None:
        writes[key] = PreferenceWrite(entry_type, key, value)

    norm = _REPLACED.sub(r"\1 \2", _CHANGED_FROM.sub(r"\1 \2", normalize(text)))
    norm = turned_down(_changed_saved(norm, saved), saved)
    if outside_data(parse(text).criteria.get("location")):
        return []  # "3 bedrooms in Seattle": answered honestly, nothing remembered
    kept, shown = _kept_then_shown(norm)
    swapped = _swaps_saved(normalize(text), saved)
    lasting = bool(re.search(_LASTING, kept))
    named = {
        key
        for words, keys in _NAMED
        if re.search(rf"\b(?:remember|save|keep) (?:my|our|the) (?:{words})\b", norm)
        for key in keys
    }
    budget_said = False  # "my budget changed, it's now 425k": said before its amount
    kept_clauses = re.split(_CLAUSES, kept)
    for n, clause in enumerate(kept_clauses + shown):
        lasting = lasting and n < len(kept_clauses)
        parsed = parse(clause)
        c = parsed.criteria
        budget_said = budget_said or bool(re.search(_BUDGET, clause))
        if budget_said or lasting:
            if c.get("price_max"):
                save("budget_max", money(c["price_max"]))
            if c.get("price_min"):
                save("budget_min", money(c["price_min"]))
            budget_said = budget_said and not (c.get("price_max") or c.get("price_min"))
        place_said = re.search(_LOCATION, clause) or re.search(_MY_PLACE, clause)
        place_said = place_said or ("location" in saved and re.search(_PLACE_NOW, clause))
        place_said = place_said or swapped
        if c.get("location") and (lasting or place_said):
            save("location", str(c["location"]))
            named |= {"location"} if named and place_said else set()  # "...and we live in X"
        kind = c.get("property_type") and not parsed.generic_type  # "homes" is any kind
        by_lasting = lasting and _a_type(clause) and "property_type" not in writes
        by_lasting = by_lasting or swapped  # "swap houses for townhomes": the kind kept
        if kind and (re.search(_TYPE, clause) or by_lasting):  # not "houses are too much work"
            save("property_type", str(c["property_type"]))
        if lasting:
            for key in ("beds_min", "baths_min"):
                if c.get(key):
                    save(key, number(c[key]))
            if c.get("features"):
                features = kinds_in(saved.get("features", ""), FEATURE_WORDS) + c["features"]
                save("features", ", ".join(dict.fromkeys(features)))
        if parsed.exclude_forever and c.get("exclude_types"):
            excluded = kinds_in(saved.get("exclude_property_type", ""), TYPE_WORDS)
            excluded += c["exclude_types"]
            save("exclude_property_type", ", ".join(dict.fromkeys(excluded)), "DECISION")
    return [w for w in writes.values() if not named or w.key in named]


_KEEP_THEN_SHOW = re.compile(
    rf"(?:(?:{_KEEP}) (?:it|that|this)|(?:{_KEEP})(?<!\bkeep)(?<!\bremember)(?<!\bnote))"
    rf"\W*\s(?:and |& )?(?:then |now |also )?(?={_SHOW})"
)
"""A keep word said of what came before, then homes asked for ("budget went down to 410, keep
it in mind and show me condos in round rock"): what is shown after it is no lasting wish."""


def _kept_then_shown(norm: str) -> tuple[str, list[str]]:
    """`norm` up to the end of a keep word said of what came before it, and the clauses of
    what it asks to be shown after it."""
    found = _KEEP_THEN_SHOW.search(norm)
    if found is None or not norm[: found.start()].strip(" ,"):
        return norm, []
    return norm[: found.end()], re.split(_CLAUSES, norm[found.end() :])


_CHANGED_FROM = re.compile(
    r"(\b(?:switch|chang|mov|go|went|turn)\w*(?:\s+\w+){0,2}?)\s+from\s+[^,;.!?]+?\s+(to|into)\b"
)
"""What a change leaves behind goes: "we switched from houses to condos" keeps condos."""
_REPLACED = re.compile(
    r"\b(replac\w*|swap\w*)\s+(?!(?:my|our|the|it|that)\b)[^,;.!?]+?\s+(with|for)\b"
)
"""...as does what is replaced: "replace austin with manor in my preferences" keeps Manor."""


_CHANGED_TO = re.compile(
    r"(\b(?:switch|chang|updat|turn|set)\w*)\s+(?:the|my|our)\s+([^,;.!?]+?)\s+(to|into)\b"
)
"""A remembered value named as what changes: "change the house preference to townhouse"."""


def _saved_value(said: str, saved: Mapping[str, str]) -> bool:
    """`said` names a remembered area or kind ("austin", "houses")."""
    values = [v.lower() for k, v in saved.items() if k in ("location", "property_type") and v]
    return any(re.search(rf"\b{re.escape(v)}(?:e?s)?\b", said) for v in values)


def _changed_saved(norm: str, saved: Mapping[str, str]) -> str:
    """ "switch the austin filter to kyle" read as "switch from austin to kyle" when what
    changes names a remembered value, so only the new one is kept."""
    found = _CHANGED_TO.search(norm)
    if found is None or not _saved_value(found.group(2), saved):
        return norm
    return f"{norm[: found.start()]}{found.group(1)} to{norm[found.end() :]}"


def _swaps_saved(norm: str, saved: Mapping[str, str]) -> bool:
    """A remembered area or kind said to be replaced ("swap houses for townhomes", "we
    switched from Austin to Manor", "change the house setting to condo"), or turned down for
    another ("no more houses, condos now"): what it is replaced by is kept, as a change of it."""
    rxs = (_REPLACED, _CHANGED_FROM, _CHANGED_TO)
    if any(_saved_value(m.group(0), saved) for rx in rxs for m in rx.finditer(norm)):
        return True
    return turned_down(norm, saved) != norm


_TURNED_DOWN = (
    rf"\b(?:{TURNED_DOWN}|not|no more|no longer|never|scratch|forget(?: about)?|drop|ditch|"
    r"scrap|(?:gone|went) off|changed? (?:my|our) minds? (?:on|about))(?: (?:a|an|the|any))? "
)
"""Words that turn a remembered value down ("not a house", "done with houses", "changed our
minds about Austin"): said with another value, that one replaces it."""


def turned_down(norm: str, saved: Mapping[str, str]) -> str:
    """`norm` without the remembered area or kind it turns down, when what remains names
    another value for it ("scratch houses, townhomes now" -> ", townhomes now"); else as is."""
    for key in ("location", "property_type"):
        value = saved.get(key, "").lower()
        said = re.compile(rf"{_TURNED_DOWN}{re.escape(value)}(?:e?s)?\b") if value else None
        if said is None or not said.search(norm):
            continue
        rest = said.sub(" ", norm)
        other = str(parse(rest).criteria.get(key) or "").lower()
        if other and other != value and not parse(rest).generic_type and not _AS_WELL.search(rest):
            return rest
    return norm


_AS_WELL = re.compile(r"\b(?:too|as well|also|either|both)\b")
"""Another value said to do as well ("scratch the house thing, condo is fine too"): the
remembered one is dropped, none replaces it."""


_JUDGED = re.compile(rf"^\W*(?:the )?(?:{type_alternation()}) (?:are|is|seem|feel|get)\b")
"""A clause said of a kind of home ("houses are too much upkeep"): a reason, no criterion."""
_TYPE_SAID = re.compile(rf"(?:\b(the) )?\b(?:{type_alternation()})\b")


def _a_type(clause: str) -> bool:
    """The clause names a kind of home, not only "the house" it speaks of ("the house must
    have 4 bedrooms, keep that" keeps the bedrooms, not a type)."""
    return any(m.group(1) is None for m in _TYPE_SAID.finditer(clause))


def outside_data(location: Any) -> bool:
    """True for a place far from the bundled data (not a known city, a town around Austin or
    an Austin ZIP)."""
    if not isinstance(location, str) or not location:
        return False
    if re.fullmatch(r"7[86]\d{3}", location):
        return False
    return location.lower() not in DATA_CITIES and location.lower() not in AUSTIN_AREA_TOWNS
