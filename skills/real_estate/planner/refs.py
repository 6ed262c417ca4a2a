"""Finds which property a message points at: a clicked card, a typed address, "the second one".

Ordinals, "#3", "number 2" and superlatives ("the cheapest one") resolve against the results
as they were shown, 1-based; "the last one" counts from the end.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from .parse import NUMW, normalize, to_number
from .positions import NOUN, ORD, ORDINALS, positions_said
from .wording import DATA_CITIES

_CARD_CLICK = re.compile(
    r"^\s*show me the details for (?P<address>.+?)\s*\(zpid:\s*(?P<zpid>[^)\s]+)\s*\)\s*[.!]?\s*$",
    re.I | re.S,
)

_SUFFIXES = (
    r"st|street|dr|drive|ln|lane|rd|road|ave|avenue|blvd|boulevard|ct|court|cv|cove|way|trl|"
    r"trail|pl|place|cir|circle|pkwy|parkway|loop|path|pass|bnd|bend|hwy|highway|ter|terrace|"
    r"xing|crossing|holw|hollow|run|rdg|ridge|vw|view|pt|point|sq|square|walk|row|cres|"
    r"crescent|gln|glen|spur|trce|trace|park|hts|heights"
)
_STREET = re.compile(
    rf"\b(?P<num>\d{{2,6}})(?P<words>(?:\s+[\w.'-]+){{1,5}}?)\s+(?:{_SUFFIXES})\b\.?", re.I
)
_KIND_AFTER = re.compile(rf"\s+(?:{_SUFFIXES})\b\.?", re.I)
"""A street's kind after a name that ends with a word that is one too ("3311 Oak Hollow Drive",
"12 Bear Creek Pass Rd")."""
_LETTER_STREET = re.compile(r"\b(?P<num>\d{2,6})\s+(?:avenue|ave\.?)\s+[a-z](?![\w'])", re.I)
"""A street named by a letter after its kind: "4511 Avenue B"."""
_HOME_AT = re.compile(
    r"\b(?:house|home|place|listing|property|condo|townhouse|townhome)\s+(?:at|on)\s+"
    r"(?P<num>\d{2,6})(?P<words>(?:\s+(?!(?:a|an|the|per|in|and|is|what|how)\b)[a-z][\w.'-]*){1,3})"
    r"(?=\s*(?:[,.?!]|$|\b(?:in|and|is|what|how|for|please|pls)\b))",
    re.I,
)
"""A home said to be at a number and a street's name without its kind ("the house at 1500
South Lamar", "a place on 910 Red River")."""
_ASKED_AT = re.compile(
    r"\b(?:(?:tell (?:me|us)|know|info(?:rmation)?|details?|more|anything|specs) (?:about|on|for)|"
    r"look up|pull up|bring up|check out|what(?:'s| is|s) (?:up )?with|"
    r"(?:zestimate|listing|value|taxes) (?:on|of|for|at))\s+"
    r"(?P<num>\d{2,6})(?P<words>(?:\s+(?!(?:a|an|the|per|in|and|is|what|how|or|to)\b)[a-z][\w.'-]*){1,3})"
    r"(?=\s*(?:[,.?!]|$|\b(?:in|and|is|what|how|for|please|pls)\b))",
    re.I,
)
"""A street said without its kind after words asking about one home ("tell me about 1600
Barton Springs", "details on 507 Oltorf", "the zestimate on 816 Banister")."""
_ROAD_NUMBER = re.compile(
    r"\b(?P<num>\d{2,6})\s+(?:fm|rr|cr|ranch road|county road|farm to market(?: road)?|"
    r"state highway|sh|us|hwy|highway|i-?35)(?:\s*\d{1,4})?\b(?!\s*(?:k\b|%|bed|bath|sq))",
    re.I,
)
"""A road named by its number ("9000 FM 1826", "12000 Hwy 290")."""
_NOT_A_STREET_NAME = re.compile(
    r"\b(?:month|mo|monthly|percent|down|acres?|sqft|sq|ft|thousand|grand|bucks|tops|less|more|ish)\b",
    re.I,
)
_NOT_STREET_WORDS = re.compile(
    r"\b(?:beds?|bedrooms?|br|baths?|bathrooms?|ba|sqft|sq|ft|square|feet|under|over|below|"
    r"above|with|in|near|and|or|for|homes?|houses?|condos?|miles?|mi|of|to|k|budget|max|min|"
    r"years?|built|acres?|lot|price|dollars|listings?|results|than|at|least|most)\b",
    re.I,
)
_UNIT = re.compile(r"\s*,?\s*(?:#|apt\.?|unit|ste\.?|suite)\s*[\w-]+", re.I)
_KNOWN_CITY = re.compile(r"\s*,?\s*(?:" + "|".join(DATA_CITIES) + r")\b", re.I)
_OTHER_CITY = re.compile(
    r"\s*,\s*[A-Za-z][A-Za-z.' -]{1,30}?(?=\s*,?\s*(?:tx|texas)\b|\s*,?\s*\d{5}\b)", re.I
)
_STATE = re.compile(r"\s*,?\s*(?:tx|texas)\b\.?", re.I)
_ZIP = re.compile(r"\s*,?\s*\d{5}(?:-\d{4})?\b")

_NOT_AFTER = (
    r"(?!\s+(?:\d|times?|page|search(?:es)?|query|results|listings|homes|houses|properties|"
    r"places|options|condos|few|couple|step|things?|message|question|floor|days?|weeks?|"
    rf"months?|years?|half|quarter|{NUMW})\b)"
)
_ORDINAL_REF = re.compile(
    rf"\bthe\s+(?P<a>{ORD})(?:\s+{NOUN})?\b{_NOT_AFTER}"
    rf"|(?<!our )(?<!my )(?<!a )(?<!your )\b(?P<b>{ORD})\s+"
    r"(?:one|listing|result|option|pick|choice|property|home|house|place)\b"
)
"""`the third`, `2nd one`, and, as people drop the article, `second house`; never "our first
home" or "a second home"."""
_NUMBER_REF = re.compile(
    rf"(?:#\s?|\b(?:number|no\.|num\.?|listing|option|result|property|choice|pick)\s*#?\s*)"
    rf"(?P<n>\d{{1,2}}|{NUMW})\b(?!\s*(?:k\b|%|,\d|\.\d|bed|bd|br\b|bath|ba\b|sq|mile|mi\b))"
    r"|^\s*#?\s*(?P<m>\d{1,2})\s*[.!?]?\s*$"
)
SUPERLATIVES: dict[str, tuple[str, bool]] = {
    "cheapest": ("price", False),
    "least expensive": ("price", False),
    "lowest priced": ("price", False),
    "most affordable": ("price", False),
    "most expensive": ("price", True),
    "priciest": ("price", True),
    "biggest": ("sqft", True),
    "largest": ("sqft", True),
    "smallest": ("sqft", False),
    "newest": ("year_built", True),
    "oldest": ("year_built", False),
    "closest": ("distance_miles", False),
    "nearest": ("distance_miles", False),
    "lowest price": ("price", False),
    "highest price": ("price", True),
    "most space": ("sqft", True),
}
COMPARATIVES: dict[str, tuple[str, bool]] = {
    "cheaper": ("price", False),
    "less expensive": ("price", False),
    "less pricey": ("price", False),
    "lower priced": ("price", False),
    "more affordable": ("price", False),
    "more expensive": ("price", True),
    "pricier": ("price", True),
    "more pricey": ("price", True),
    "higher priced": ("price", True),
    "bigger": ("sqft", True),
    "larger": ("sqft", True),
    "roomier": ("sqft", True),
    "smaller": ("sqft", False),
    "newer": ("year_built", True),
    "older": ("year_built", False),
}
"""A comparison word (comparative.py, than_home.py): what it compares, and whether the most of
it wins, as SUPERLATIVES."""
_SUP = "|".join(SUPERLATIVES)
_SUPERLATIVE_REF = re.compile(
    rf"\b(?P<s>{_SUP})\s+(?:one|listing|option|result|pick|choice|"
    r"of (?:them|those|these|all|the (?:bunch|lot|list|group|results|ones shown)))\b"
    rf"|\bwhich\b(?:\s+\w+){{0,3}}\s+(?P<t>{_SUP})\b(?!\s+first)"
    rf"|\b(?:one|home|house|place|listing) with the (?P<u>{_SUP})\b"
    rf"|\b(?:open(?: up)?|pull up|bring up|look at|check out) the (?P<v>{_SUP})"
    r"(?=\s*(?:$|[,.;!?]|and\b|then\b|plus\b|also\b))"
)
"""A superlative with "one" or "of them", or after a verb that opens one home, ending its wish
("pull up the cheapest and work out the mortgage", "open the priciest"); "show me the
cheapest" and "look at the cheapest first" sort."""


@dataclass(frozen=True)
class Reference:
    """A pointer into the shown results: a 1-based position (negative: from the end) or a
    superlative such as 'cheapest'."""

    position: int | None = None
    superlative: str | None = None


def card_click(text: str) -> str | None:
    """The zpid of the web UI's card-click message, whatever the address text."""
    match = _CARD_CLICK.match(text)
    return match.group("zpid") if match else None


def typed_address(text: str) -> str | None:
    """A street address in the user's words ('4506 Mattie Ln, Austin TX 78745'), as typed."""
    for match in [
        *_STREET.finditer(text),
        *_LETTER_STREET.finditer(text),
        *_HOME_AT.finditer(text),
        *_ROAD_NUMBER.finditer(text),
        *_ASKED_AT.finditer(text),
    ]:
        words = match.groupdict().get("words") or ""
        if _NOT_STREET_WORDS.search(words) or _NOT_A_STREET_NAME.search(words):
            continue
        end = match.end()
        if match.re is _STREET and (kind := _KIND_AFTER.match(text, end)):
            end = kind.end()
        for tail in (_UNIT, _KNOWN_CITY, _OTHER_CITY, _STATE, _ZIP):
            if found := tail.match(text, end):
                end = found.end()
        return text[match.start("num") : end].strip(" ,.")
    return None


def _address_words(address: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", address.lower()))


def shown_at(address: str, listings: list[dict[str, Any]]) -> str | None:
    """The zpid of the shown listing at `address` (the whole address or its street line, as a
    card click or a person names it), or None."""
    words = _address_words(address)
    for listing in listings:
        shown = _address_words(str(listing.get("address") or ""))
        if words and (shown == words or shown.startswith(f"{words} ")):
            return str(listing["zpid"])
    return None


def find_reference(text: str) -> Reference | None:
    norm = positions_said(normalize(text))
    if match := _ORDINAL_REF.search(norm):
        word = re.sub(r"[- ]", " ", match.group("a") or match.group("b"))
        if word == "last":
            return Reference(position=-1)
        if word in ("second to last", "second last", "next to last", "penultimate"):
            return Reference(position=-2)
        number = ORDINALS.get(word)
        return Reference(position=number if number else int(re.sub(r"\D", "", word)))
    if match := _NUMBER_REF.search(norm):
        return Reference(position=int(to_number(match.group("n") or match.group("m"))))
    if match := _SUPERLATIVE_REF.search(norm):
        found = match.group("s") or match.group("t") or match.group("u") or match.group("v")
        return Reference(superlative=found)
    return None


_THE_LAST = re.compile(
    r"(?:the |and )last\b(?! (?:week|weekend|time|month|year|night|day|few|couple)s?\b)"
)


def all_positions(text: str, count: int = 0) -> list[int]:
    """Every position a message names ("the first and the third", "number one and number
    two", "#2 and #5"; "the first and the last" among `count` homes), in order; [] when it
    names fewer than two."""
    norm = positions_said(normalize(text))
    found: list[tuple[int, int]] = []
    for match in re.finditer(rf"\b(?P<a>{ORD})\b(?: {NOUN}\b)?{_NOT_AFTER}", norm):
        word = match.group("a")
        number = ORDINALS.get(word) or (int(re.sub(r"\D", "", word)) if word[0].isdigit() else 0)
        if word == "last":  # "the first and the last", not "last weekend"
            number = count if _THE_LAST.match(norm[max(0, match.start() - 4) :]) else 0
        if number:
            found.append((match.start(), number))
    for match in _NUMBER_REF.finditer(norm):
        found.append((match.start(), int(to_number(match.group("n") or match.group("m")))))
    positions = list(dict.fromkeys(n for _, n in sorted(found)))
    return positions if len(positions) > 1 else []


def resolve(ref: Reference, results: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, str]:
    """The listing a reference points at, or (None, a sentence saying why not)."""
    count = len(results)
    if count == 0:
        return None, "There are no results to pick from yet; try a search first."
    if ref.superlative:
        key, highest = SUPERLATIVES[ref.superlative]
        known = [item for item in results if isinstance(item.get(key), int | float)]
        if not known:
            return None, f"I can't tell which is the {ref.superlative}: the results don't say."
        pick = max if highest else min
        return pick(known, key=lambda item: float(item[key])), ""
    position = ref.position or 0
    if 1 <= position <= count or -count <= position <= -1:
        return results[position - 1 if position > 0 else position], ""
    shown = f"#{position}" if position > 0 else "such result"
    if count == 1:
        shown = f"#{position}" if position > 0 else "such result"
        return None, f"There is only 1 result, so there is no {shown}."
    return None, f"There are only {count} results, so there is no {shown}; pick 1 to {count}."


_STREET_SUFFIX = re.compile(rf"^(?:{_SUFFIXES})\.?$", re.I)


def _street(address: str) -> tuple[str, list[str], str] | None:
    """("3312", ["western"], "dr") of "3312 Western Dr, Austin, TX 78745"."""
    words = address.split(",", 1)[0].lower().split()
    if len(words) < 2 or not words[0].isdigit():
        return None
    names = words[1:]
    suffix = names.pop() if len(names) > 1 and _STREET_SUFFIX.match(names[-1]) else ""
    return words[0], names, suffix


def _mention(norm: str, number: str, names: list[str], suffix: str) -> re.Match[str] | None:
    name = r"\s+".join(map(re.escape, names))
    tail = rf"(?:\s+{re.escape(suffix)}\w*\.?)?" if suffix else ""
    home = r"(?:the\s+)?(?:one|house|home|place|property|listing)"
    for pattern in (
        rf"\b(?:{home}\s+(?:on|at)\s+)?{number}\s+{name}{tail}(?:\s+house|\s+home)?\b",
        rf"\b{home}\s+(?:on|at)\s+{name}{tail}\b",
        rf"\b(?:on|at)\s+{name}\s+{re.escape(suffix)}\w*\b" if suffix else "$^",
    ):
        if found := re.search(pattern, norm):
            return found
    first = re.search(rf"\b{number}\s+(\w+)", norm)  # "7806 lowdes": the number, a near name
    if first and difflib.SequenceMatcher(None, first.group(1), names[0]).ratio() >= 0.7:
        return first
    return None


def with_positions(text: str, shown: list[dict[str, Any]]) -> str:
    """`text` with each shown home named by its street written as its position (lower case
    then): "more about 3312 Western Dr" -> "more about #3" (the references read the rest)."""
    norm = normalize(text)
    for position, item in enumerate(shown, start=1):
        street = _street(str(item.get("address") or ""))
        if street is not None and (found := _mention(norm, *street)):
            norm = f"{norm[: found.start()]}#{position}{norm[found.end() :]}"
    return norm if norm != normalize(text) else text
