"""A known town said with a slip ("round rok", "georgtown", "cedarpark", "san marcus"): read as
that town where a place goes (after "in", "near", "around"), when it is close enough to one."""

from __future__ import annotations

import difflib
import re

from .wording import DATA_CITIES, NEARBY_CITIES

TOWNS = {**DATA_CITIES, **NEARBY_CITIES}
"""The towns people name (lower case -> as shown)."""
CLOSE = 0.85
"""The least similarity (difflib ratio) at which words are read as a town."""
_AFTER_IN = re.compile(r"(?<!not )\b(?:in|near|around)\s+([a-z]+(?:\s+[a-z]+){0,2})")


def misspelt_town(text: str) -> str | None:
    """The town the words after "in" mean, said with a slip, or None when none is close."""
    for match in _AFTER_IN.finditer(text.lower()):
        words = match.group(1).split()
        for n in range(len(words), 0, -1):
            if found := _closest(" ".join(words[:n])):
                return found
    return None


def _closest(said: str) -> str | None:
    if len(said.replace(" ", "")) < 5:
        return None
    best, score = None, CLOSE
    for name, shown in TOWNS.items():
        if name[0] != said[0]:
            continue
        ratio = difflib.SequenceMatcher(None, said, name).ratio()
        if said.replace(" ", "") == name.replace(" ", ""):
            ratio = 1.0
        if ratio >= score:
            best, score = shown, ratio
    return best
