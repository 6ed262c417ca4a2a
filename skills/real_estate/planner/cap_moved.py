"""A price cap moved by an amount ("lower my budget by 50k", "bump the max up by another 25
grand"), read as the cap it makes ("lower my budget to $450,000", "raise the max to $475,000")
from the cap in force: the search's on screen, else the remembered budget."""

from __future__ import annotations

import re

from .money import money_in
from .wording import money

_DOWN = r"lower|drop|reduce|cut|decrease|bring|knock|take|trim|shave"
_UP = r"raise|increase|bump|up|lift|push|stretch|extend|boost"
_CAP = (
    r"(?:it|that|(?:my|our|the) (?:budget|max(?:imum)?(?: price)?|price (?:limit|cap|ceiling)|"
    r"ceiling|cap|limit|top price|price range))"
)
_MOVED_BY = re.compile(
    rf"\b(?P<verb>{_DOWN}|{_UP})(?P<cap>(?: (?:it|that))?(?: down| up)? {_CAP}(?: down| up)?) "
    r"by (?:another |an extra |a further |about |around |roughly )?"
    r"(?P<amount>\$?\d[\d,.]*\s?(?:k|thousand|grand)\b|\$\d{1,3}(?:,\d{3})+)",
    re.IGNORECASE,
)


def cap_moved_to(text: str, cap: int | None) -> str:
    """`text` with a cap moved by an amount said as the cap it makes; unchanged when no cap is
    in force or the words move none by an amount."""
    found = _MOVED_BY.search(text) if cap else None
    amount = money_in(found.group("amount")) if found else None
    if found is None or cap is None or amount is None:
        return text
    down = re.fullmatch(_DOWN, found.group("verb").lower()) is not None
    moved = cap - amount if down else cap + amount
    if moved <= 0:
        return text
    noun = re.sub(r"\s+(?:down|up)\b", "", found.group("cap"))  # "bump it up": "raise it"
    said = f"{'lower' if down else 'raise'}{noun} to {money(moved)}"
    return f"{text[: found.start()]}{said}{text[found.end() :]}"
