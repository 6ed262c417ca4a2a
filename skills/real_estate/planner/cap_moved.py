"""A price cap moved by an amount ("lower my budget by 50k", "bump the max up by another 25
grand", "knock 50k off", "30k higher"), read as the cap it makes ("lower my budget to $450,000", "raise the max to $475,000")
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
_AMOUNT = r"(?P<amount>\$?\d[\d,.]*\s?(?:k|thousand|grand)\b|\$\d{1,3}(?:,\d{3})+)"
_MOVED_BY = re.compile(
    rf"\b(?P<verb>{_DOWN}|{_UP})(?P<cap>(?: (?:it|that))?(?: down| up)? {_CAP}(?: down| up)?) "
    rf"by (?:another |an extra |a further |about |around |roughly )?{_AMOUNT}",
    re.IGNORECASE,
)
_AMOUNT_FIRST = re.compile(
    rf"\b(?:(?:knock|take|shave|trim) |go )?{_AMOUNT} (?P<down>off(?: (?:of )?{_CAP})?|less|"
    rf"lower|cheaper)\b(?! than\b)|\b(?:go|make it|add|spen[dt]|pay|paid) "
    rf"{_AMOUNT.replace('amount', 'more')} "
    rf"(?:more|higher|extra|(?:on)?to {_CAP})\b(?! than\b)",
    re.IGNORECASE,
)
"""The amount said before which way the cap moves ("knock 50k off the max", "50k less", "go
30k higher", "add 50 grand to the budget", "what if we spent 25k more")."""


def cap_moved_to(text: str, cap: int | None) -> str:
    """`text` with a cap moved by an amount said as the cap it makes; unchanged when no cap is
    in force or the words move none by an amount."""
    found = (_MOVED_BY.search(text) or _AMOUNT_FIRST.search(text)) if cap else None
    amount = money_in(found.group("amount") or found.group("more")) if found else None
    if found is None or cap is None or amount is None:
        return text
    if "verb" in found.groupdict():
        down = re.fullmatch(_DOWN, found.group("verb").lower()) is not None
        noun = re.sub(r"\s+(?:down|up)\b", "", found.group("cap"))  # "bump it up": "raise it"
    else:
        down, noun = found.group("down") is not None, " the max"
    moved = cap - amount if down else cap + amount
    if moved <= 0:
        return text
    said = f"{'lower' if down else 'raise'}{noun} to {money(moved)}"
    return f"{text[: found.start()]}{said}{text[found.end() :]}"
