"""A home on screen named by its price ("the $424,000 one", "more on the house going for
515k"): that home's details, when exactly one shown home has that price."""

from __future__ import annotations

import re
from typing import Any

from .money import money_in
from .plans import Conversation, Plan, details

_HOME = r"(?:one|house|home|place|listing|condo|townhouse|townhome)"
_AMOUNT = r"\$?\d[\d,.]*\s*(?:k|grand|thousand)?"
_PRICED = re.compile(
    rf"\b(?:the|that) {_HOME} (?:that'?s |which is |listed |priced |going |selling |on sale )*"
    rf"(?:at|for) ({_AMOUNT})\s*[.!?]*\s*$|"
    rf"\bthe ({_AMOUNT}) {_HOME}\b"
)


def _said_price(home: dict[str, Any], amount: int) -> bool:
    """The home's price is the amount said, to the thousand when said in thousands."""
    price = home.get("price")
    if not isinstance(price, int | float):
        return False
    return price == amount or (amount % 1000 == 0 and abs(price - amount) < 500)


def priced_home(conv: Conversation) -> Plan | None:
    """The one shown home whose price the message names; None when none or several have it,
    so a price said for a search stays a search."""
    found = _PRICED.search(conv.norm)
    if found is None or not conv.last_results:
        return None
    amount = money_in(found.group(1) or found.group(2))
    if amount is None:
        return None
    homes = [home for home in conv.last_results if _said_price(home, amount)]
    return Plan([details(str(homes[0]["zpid"]))]) if len(homes) == 1 else None
