"""The place on screen kept by a word that points at it ("this zip is where we want to be,
remember it", "save this neighborhood for future searches"): the place said as the open
home's ZIP, else the searched place ("... in 78745 ..."), so the preference reads it as the
area to keep. Only when the message asks to keep something (prefs.py `LASTING`)."""

from __future__ import annotations

import re
from typing import Any

from .market import place_of
from .prefs import LASTING

_THIS_PLACE = re.compile(
    r"\b(?:this|that|the same|these|those) (?:area|neighbou?rhood|part of town|zip(?: ?code)?|"
    r"location|town|city|spot|side of town|community|suburb)s?\b"
)


def this_place_kept(text: str, home: dict[str, Any] | None, searched: str | None) -> str:
    """`text` with "this area" written as the place it points at, when the message keeps it."""
    if not LASTING.search(text.lower()) or not (found := _THIS_PLACE.search(text.lower())):
        return text
    place = place_of(home) if home is not None else str(searched or "")
    if not place:
        return text
    return f"{text[: found.start()]}in {place}{text[found.end() :]}"
