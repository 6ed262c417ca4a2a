"""The home a comparison word picks among those a message names: "save the cheaper of 2 and 3",
"compare 4 and 9 and watch the bigger one", "watch whichever is cheaper, 4 or 8" read as that
home's position ("save number 2"), so the wish names one home. Not "cheaper than" (a bound,
than_home.py) nor "the cheaper ones" (a search)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .parse import normalize
from .picked import FIRST_N, LAST_N, picked
from .positions import ORDINALS
from .refs import COMPARATIVES, all_positions

_PART = (
    r"(?:back ?)?yard|lot|garden|kitchen|garage|pool|patio|deck|porch|(?:bed|bath)?rooms?|"
    r"closets?|hoa(?: fees?)?|tax(?:es)?|commute|windows|views?"
)
"""A part of a home, which "the bigger yard" measures, not the home's own size or price."""
_WAY = "|".join(sorted(COMPARATIVES, key=len, reverse=True))
_PICK = re.compile(
    rf"\b(?:the|whichever(?: one)?(?: is)?|which ?ever(?: one)? is) (?P<way>{_WAY})"
    r"(?: (?:one|house|home|place|listing)| of (?:the two|both|them|those|these|the 2))?\b"
    r"(?!\s+(?:ones|homes|houses|places|listings|options|than)\b)"
    rf"(?!\s+(?:{_PART})\b)"
)
_ONE = rf"(?:(?:the |number |#)?(?:\d{{1,2}}(?:st|nd|rd|th)?|{'|'.join(ORDINALS)})(?: one)?)"
_LISTED = re.compile(
    rf",?\s*\b(?:of|between|from|out of|among)\s+(?:the )?(?:(?:first|top|last) two|"
    rf"{_ONE}(?:\s*(?:,|and|or|&|vs)\s*{_ONE})+)|,\s*{_ONE}\s+or\s+{_ONE}(?=\s*[?.!]*\s*$)"
)
"""The homes to choose from, said only to name them ("of 2 and 3", ", 4 or 8")."""
_BARE_PAIR = re.compile(
    r"(?<![\d$.])\b(\d{1,2})\b(\s*(?:,|and|or|&|vs)\s*)(\d{1,2})\b(?!\s*(?:k\b|%|bed|bath))"
)


def picked_by_comparison(
    text: str, shown: list[dict[str, Any]], compared: Sequence[dict[str, Any]] = ()
) -> str:
    """`text` with "the cheaper (one)" among the homes it names (else those just compared, when
    they are shown) written as that home's position; the text itself when it names fewer than
    two shown homes or their amounts are unknown."""
    norm = normalize(text)
    pick = _PICK.search(norm)
    if pick is None:
        return text
    rest = norm[: pick.start()] + " " + norm[pick.end() :]
    homes = _named(rest, shown) or _shown(compared, shown)
    key, most = COMPARATIVES[pick.group("way")]
    known = [home for home in homes if isinstance(home.get(key), int | float)]
    if len(homes) < 2 or len(known) != len(homes):
        return text
    chosen = (max if most else min)(known, key=lambda home: float(home[key]))
    said = f"{norm[: pick.start()]}number {shown.index(chosen) + 1}{norm[pick.end() :]}"
    return _LISTED.sub("", said).strip(" ,;")


def _named(norm: str, shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown homes a message names besides its comparison word: "the first two", or two
    positions or more ("2 and 6", "the 4th or the 8th")."""
    if FIRST_N.search(norm) or LAST_N.search(norm):
        return picked(norm, shown)
    said = _BARE_PAIR.sub(r"number \1\2number \3", norm)
    positions = [p for p in all_positions(said, len(shown)) if 1 <= p <= len(shown)]
    return [shown[p - 1] for p in positions]


def _shown(compared: Sequence[dict[str, Any]], shown: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The shown homes that were just compared, in the comparison's order."""
    by_zpid = {str(home.get("zpid")): home for home in shown}
    return [by_zpid[z] for home in compared if (z := str(home.get("zpid"))) in by_zpid]
