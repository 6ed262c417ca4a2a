"""The shown homes a few words name: "the first two", "1 and 3", "the second and fourth",
"the cheapest and the priciest", "the two cheapest ones", "them" (saved homes, comparison and
the clauses that only name homes read them)."""

from __future__ import annotations

import re
from typing import Any

from .parse import NUMW, WORD_NUMBERS, normalize, to_number
from .refs import ORDINALS, SUPERLATIVES, Reference, resolve

MAX_COMPARED = 5
FIRST_N = re.compile(
    rf"\b(?:first|top)\s+(?!one\b)(?P<n>{NUMW})\b|\b(?!one\b)(?P<m>{NUMW})\s+first\b"
)
LAST_N = re.compile(rf"\b(?:last|bottom)\s+(?!one\b)(?P<n>{NUMW})\b")
_BEFORE_LAST = r"(?:second|next)[- ](?:to[- ])?last|penultimate"
_POSITIONS = re.compile(
    rf"(?<![\d$])(?:#\s?)?\b(?P<n>{_BEFORE_LAST}|\d{{1,2}}(?=(?:st|nd|rd|th)\b)|\d{{1,2}}|{NUMW}|"
    rf"{'|'.join(ORDINALS)}|last)(?:st|nd|rd|th)?\b(?!\s*(?:k\b|%))"
)
SUPERLATIVE = re.compile(
    rf"(?<!has )(?<!is )(?<!which )(?<!'s )\bthe (?P<s>{'|'.join(SUPERLATIVES)})"
    r"(?= one\b| home\b| house\b| place\b| listing\b| of\b|\s*(?:and\b|&|,|vs\b|versus\b|"
    r"with\b|to\b|against\b|side\b|$))"
)
"""A shown home named by what it has most or least of, among others ("the cheapest and the
biggest"); not a question about them ("which is the closest")."""
CHEAPEST_N = re.compile(
    rf"\b(?P<n>{NUMW}) (?:cheapest|least expensive|lowest priced)\b|"
    rf"\b(?:cheapest|least expensive|lowest priced) (?!one\b)(?P<m>{NUMW})\b(?!\s*(?:bed|bd|br\b|bath|k\b|%))"
)


def picked(norm: str, pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The listings "the first two", "1 and 3", "the second and fourth", "them" point at."""
    if match := FIRST_N.search(norm):
        n = int(to_number(match.group("n") or match.group("m")))
        return pool[:n]
    if match := LAST_N.search(norm):  # "the last two"
        return pool[-int(to_number(match.group("n"))) :]
    if match := CHEAPEST_N.search(norm):  # "the two cheapest ones", "the cheapest two"
        n = int(to_number(match.group("n") or match.group("m")))
        priced = [item for item in pool if isinstance(item.get("price"), int | float)]
        return sorted(priced, key=lambda item: item["price"])[:n]
    named: list[tuple[int, dict[str, Any]]] = []
    for match in _POSITIONS.finditer(norm):
        word = match.group("n")
        if word == "one" and not _one_is_a_position(norm, match):
            continue  # "this one", "the second one": a noun, not a position
        counted = word in WORD_NUMBERS and match.group().endswith(word)  # "two", not "fourth"
        if counted and _COUNTED.search(norm[: match.start()]):
            continue  # "which of the two, 4 or 6": both homes, not the second
        if 1 <= (position := _position(word, len(pool))) <= len(pool):
            named.append((match.start(), pool[position - 1]))
    for match in SUPERLATIVE.finditer(norm):  # "the cheapest and the priciest"
        if (home := resolve(Reference(superlative=match.group("s")), pool)[0]) is not None:
            named.append((match.start(), home))
    if named:
        picked = {str(home["zpid"]): home for _, home in sorted(named, key=lambda n: n[0])}
        return list(picked.values())
    return pool[:MAX_COMPARED] if re.search(r"\b(?:them|these|those|all|saved)\b", norm) else []


_COUNTED = re.compile(r"\b(?:of|all|both|between) the\s*$")
"""Before a count word that counts the homes named ("of the two", "all the three"), not a
position ("the second")."""
_LISTED_NEXT = re.compile(rf",?\s*(?:and |& |or |plus )?(?:number |#\s?)?(?:\d{{1,2}}|{NUMW})\b")
_NOUN_BEFORE = re.compile(rf"\b(?:this|that|the|which|each|any|every|a|{'|'.join(ORDINALS)})\s*$")


def _one_is_a_position(norm: str, match: re.Match[str]) -> bool:
    """ "number one", "#1", or "one" leading a list of numbers ("line up one three and five");
    not the noun of "this one", "the second one and 4"."""
    before = norm[: match.start()]
    if re.search(r"(?:number|#|no\.?)\s*$", before):
        return True
    return not _NOUN_BEFORE.search(before) and _LISTED_NEXT.match(norm, match.end()) is not None


def named_homes(text: str, shown: list[dict[str, Any]]) -> list[str]:
    """The zpids of the shown homes a few words name ("the top two", "1 and 3", "the first
    one")."""
    return [str(home["zpid"]) for home in picked(normalize(text), shown)]


def _position(word: str, count: int) -> int:
    """The 1-based position a word names among `count` homes ("second to last": count - 1)."""
    if re.fullmatch(_BEFORE_LAST, word):
        return count - 1
    return count if word == "last" else ORDINALS.get(word) or int(to_number(word))
