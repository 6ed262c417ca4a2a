"""A question about the homes just compared ("which one is cheaper per square foot?", "which of
them is bigger", "which is the newest"): answered in words from the comparison, the home it
picks and the figures, never a new search ("cheaper" would otherwise refine the last search).

The homes compared are the comparison's while no search has come after it
(`Conversation.compared`)."""

from __future__ import annotations

import re
from typing import Any

from .home_detail import plain
from .parse import normalize
from .plans import Conversation, Plan
from .refs import COMPARATIVES, SUPERLATIVES
from .wording import money

_WAYS = {**COMPARATIVES, **SUPERLATIVES}
_WAY = "|".join(sorted(_WAYS, key=len, reverse=True))
_WHICH = re.compile(
    r"\bwhich(?: one| home| house| place| listing| of (?:them|the two|those|these|both|the \d))?"
    rf"(?: is| has| would be| one's|'s| was)? (?:the )?(?P<way>{_WAY})\b(?!\s+than\b)"
)
_PER_SQFT = re.compile(r"\b(?:per|a|each|by the)\s*(?:square (?:foot|feet|ft)|sq\.? ?ft|sqft)\b")


def compared_question(conv: Conversation) -> Plan | None:
    """The home of the comparison that the question's comparison word picks, in words."""
    homes = conv.compared
    norm = normalize(conv.text)
    asked = _WHICH.search(norm) if len(homes) >= 2 else None
    if asked is None:
        return None
    way = asked.group("way")
    field, most = _WAYS[way]
    per_sqft = field == "price" and _PER_SQFT.search(norm) is not None
    if per_sqft:
        field = "price_per_sqft"
    known = [home for home in homes if isinstance(home.get(field), int | float)]
    if len(known) < 2:
        return Plan([], "The comparison does not give that for every home.", no_tools=True)
    chosen = (max if most else min)(known, key=lambda home: float(home[field]))
    others = "; ".join(
        f"{_street(home)}: {_figure(field, home[field])}" for home in known if home is not chosen
    )
    how = f"{way} per square foot" if per_sqft else way
    among = "the two" if len(homes) == 2 else f"the {len(homes)} compared"
    said = f"{_street(chosen)} is the {how} of {among}: {_figure(field, chosen[field])}"
    return Plan([], f"{said} ({others}).", no_tools=True)


def _street(home: dict[str, Any]) -> str:
    """The street part of the home's address (listing text, made inert as every reply does)."""
    return plain(str(home.get("address") or "this home")).split(",")[0]


def _figure(field: str, value: float) -> str:
    if field == "price":
        return money(value)
    if field == "price_per_sqft":
        return f"{money(value)} a sqft"
    if field == "sqft":
        return f"{round(value):,} sqft"
    if field == "year_built":
        return f"built {round(value)}"
    return f"{value:g} mi"  # distance_miles
