"""A question whether a home is kept: saved ("is number 3 already in my favourites?", "did we
save the third one?") or watched ("am I tracking #2?"). It is answered from what is kept, in
words: asking is not saving, nor watching."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from real_estate.domain import HOME_PREFIX, WATCH_PREFIX

from .refs import find_reference, resolve
from .saved import asks_to_save

_OPENS = (
    r"^\W*(?:(?:so|and|ok(?:ay)?|wait|hey|hmm+|um+|quick question|just checking|remind me)\W+)*"
    r"(?:(?:can you |could you )?(?:check|tell me|see) (?:if|whether) |"
    r"(?:i'?m )?(?:wondering|not sure) (?:if|whether) )?"
)
"""How the question opens: "so", "just checking", "can you check if", "wondering whether"."""
_LIST = (
    r"(?:(?:my|our|the) (?:saved(?: homes| houses| ones| list)?|favou?rites?|faves|favs|"
    r"short ?list|bookmarks|keepers|wish ?list)|(?:my|our) (?:list|picks))"
)
_SAVED = re.compile(
    rf"{_OPENS}(?:is|was|are)\b.*\b(?:in|on|among|part of) {_LIST}\b|"
    rf"{_OPENS}(?:is|was|are)\b.*\b(?:saved|bookmarked|favou?rited|shortlisted|hearted|starred|"
    r"pinned)\b(?! (?:homes?|houses?|ones|list|search))|"
    rf"{_OPENS}(?:did|have|had) (?:i|we|you) (?:already |ever |even |still )?(?:save|saved|"
    r"bookmark(?:ed)?|favou?rited?|shortlist(?:ed)?|keep|kept|heart(?:ed)?|star(?:red)?)\b"
)
"""Whether a home is saved: "is #3 in my favourites", "is it saved", "did we save the 3rd"."""
_WATCHED = re.compile(
    rf"{_OPENS}(?:am|are|is|was|were|did|have|do) (?:i|we|you)\b.*\b(?:watch(?:ing)?|"
    r"track(?:ing)?|monitor(?:ing)?|follow(?:ing)?|keeping (?:an eye|tabs) on)\b|"
    rf"{_OPENS}(?:is|was)\b.*\b(?:(?:being|still|already) )+(?:watch|track|monitor)(?:ed)?\b|"
    rf"{_OPENS}(?:is|was)\b.*\b(?:watched|tracked|monitored)\b"
)
"""Whether a home is watched: "am I tracking #2", "is the 2nd one being watched" (its past
tense read as the spelling corrector leaves it: "being watch")."""
_WEIGHED = re.compile(r"\bthan\b|\bcompar|\bvs\.?(?!\w)|\bversus\b|\bwhich\b")
"""A question that weighs a home against the saved ones is a comparison."""
_THIS = re.compile(r"\b(?:it|this|that)(?: one| home| house| place| listing)?\b")
_OR_ELSE = re.compile(r"\b(?:if not|otherwise|else|and if|then)\b")
"""A wish said after the question ("..., if not save it"): not a question alone."""


def asked_if_kept(
    norm: str,
    shown: list[dict[str, Any]],
    focused: dict[str, Any] | None,
    preferences: Mapping[str, str],
) -> str | None:
    """The answer to whether the home the words name is saved or watched; None when the words
    ask no such question (or ask for something besides)."""
    saved, watched = _SAVED.search(norm), _WATCHED.search(norm)
    if not (saved or watched) or _OR_ELSE.search(norm) or _WEIGHED.search(norm):
        return None
    if asks_to_save(norm):
        return None
    home = _named(norm, shown, focused)
    if home is None:
        return None
    zpid, address = str(home.get("zpid")), str(home.get("address") or "that home")
    if watched and not saved:
        what = preferences.get(f"{WATCH_PREFIX}{zpid}")
        if what:
            change = {"price": "its price", "status": "its status"}.get(what, "any change")
            return f"Yes, I'm watching {address} for {change}."
        return (
            f"No, I'm not watching {address}. Say \"watch it\" and I'll tell you when it changes."
        )
    if f"{HOME_PREFIX}{zpid}" in preferences:
        return f"Yes, {address} is in your saved homes."
    return f'No, {address} isn\'t in your saved homes yet. Say "save it" to keep it.'


def _named(
    norm: str, shown: list[dict[str, Any]], focused: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The one home the question names: a shown one by its place, else the open one."""
    ref = find_reference(norm)
    if ref is not None:
        return resolve(ref, shown)[0]
    return focused if focused is not None and _THIS.search(norm) else None
