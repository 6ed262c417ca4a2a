"""The saved homes as people name them: the list itself ("my favourites", "our keepers") and
one saved home by its place in that list ("my first saved house", "the second of our
favourites"), read as its position on screen when it is shown ("number 3"), so every wish
(details, a visit, a payment, a removal) reads it as it reads a position."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from real_estate.domain import HOME_PREFIX

from .picked import picked
from .positions import NOUN, ORD

SAVED_WORDS = (
    r"(?:saved|favou?rites?|faves?|favs|short ?list(?:ed)?|bookmark(?:ed|s)?|keepers|wish ?list|"
    r"hearted|starred|pinned|(?:my|our) (?:list|picks))"
)
"""The list of saved homes, in the words people call it by ("my keepers", "our wishlist")."""

_NTH_SAVED = re.compile(
    rf"\b(?:the|my|our) (?P<at>{ORD})(?: {NOUN})? (?:of|on|in|from|among) (?:my|our|the) "
    rf"{SAVED_WORDS}(?: (?:homes|houses|places|ones|properties|listings|list))?(?! search)\b|"
    rf"\b(?:my|our) (?P<own>{ORD}) (?:saved|favou?rite|fave|fav|bookmarked|shortlisted|hearted|"
    rf"starred|pinned)(?: {NOUN})?(?! search)\b"
)
"""A saved home named by its place in the saved list ("the second of our favourites", "my
first saved house")."""


def saved_zpids(preferences: Mapping[str, str]) -> list[str]:
    """Zpids of the SAVED home_<zpid> entries, in the order they were saved."""
    return [
        key.removeprefix(HOME_PREFIX)
        for key in preferences
        if re.fullmatch(rf"{HOME_PREFIX}\d+", key)
    ]


def nth_saved(norm: str, prefs: Mapping[str, str]) -> str | None:
    """The zpid of the saved home the words name by its place in the saved list, if any."""
    return _named(_NTH_SAVED.search(norm), prefs)


def said_by_position(text: str, preferences: Mapping[str, str], shown: list[dict[str, Any]]) -> str:
    """`text` with a saved home named by its place in the saved list written as its position
    on screen; unchanged when it names none or that home is not shown."""
    found = _NTH_SAVED.search(text.lower())
    zpid = _named(found, preferences)
    at = next((n for n, home in enumerate(shown, 1) if str(home.get("zpid")) == zpid), 0)
    if found is None or not at:
        return text
    return f"{text[: found.start()]}number {at}{text[found.end() :]}"


def _named(found: re.Match[str] | None, prefs: Mapping[str, str]) -> str | None:
    """The zpid of the saved home at the place `found` names in the saved list."""
    saved = [{"zpid": z} for z in saved_zpids(prefs)]
    if found is None or not saved:
        return None
    chosen = picked(f"the {found.group('at') or found.group('own')} one", saved)
    return str(chosen[0]["zpid"]) if len(chosen) == 1 else None
