"""A known town said with a slip ("round rok", "georgetwon", "cedar prak", "san marcus"):
written as that town where a place goes (after "in", "near", "around", ...), when it is close
enough to one, so every reader of the message reads the town."""

from __future__ import annotations

import difflib
import re

from .wording import PLACES

TOWNS = PLACES
"""The towns people name (lower case -> as shown)."""
CLOSE = 0.85
"""The least similarity (difflib ratio) at which words are read as a town."""

_PLACE_BEFORE = re.compile(r"\b(?:in|near|around|to|at|from|of|by|location|area|town|city)\s+$")


def _town_meant(said: str) -> str | None:
    """The town of the data or nearby that `said` (lower case, as many words as the town) is
    a slip of: same first letter, close spelling (`CLOSE`), five letters or more."""
    if said in TOWNS or len(said) < 5:
        return None
    near = difflib.get_close_matches(said, TOWNS, n=1, cutoff=CLOSE)
    return near[0] if near and near[0][0] == said[0] else None


def towns_spelt(text: str) -> str:
    """`text` (lower case) with a town misspelt where a place goes ("in georgetwon", "near
    cedar prak") or said alone ("round rok") written as the town, so it is read as one."""
    for size in (2, 1):
        words = text.split(" ")
        for i in range(len(words) - size, -1, -1):
            said = " ".join(words[i : i + size]).strip(",.!?")
            alone = size == len(words)  # the message only names a place ("new yrok")
            if not alone and not _PLACE_BEFORE.search(" ".join(words[:i]) + " "):
                continue
            if (town := _town_meant(said)) is not None:
                words[i : i + size] = [
                    town + words[i + size - 1][len(words[i + size - 1].rstrip(",.!?")) :]
                ]
        text = " ".join(words)
    return text
