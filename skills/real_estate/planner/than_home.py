"""A search bounded by a home on screen: "anything cheaper than the 3rd?", "any houses less
expensive than number 5", "ones bigger than this" read as the amount that home has ("anything
under $423,999?"), so the search refines the last one with that bound. Not when the message
sets two homes against each other ("is the 2nd bigger than the 3rd": a comparison)."""

from __future__ import annotations

import re
from typing import Any

from .money import money_in
from .parse import normalize
from .refs import COMPARATIVES, find_reference, resolve


def _words(key: str, most: bool) -> str:
    return "|".join(word for word, way in COMPARATIVES.items() if way == (key, most))


_LESS, _MORE, _BIGGER = _words("price", False), _words("price", True), _words("sqft", True)
_BY = (
    r"(?:(?:about|around|roughly|some|like|maybe|say|at least) )?(?P<by>\$\d[\d,]*|"
    r"\$?\d+(?:\.\d+)?\s?(?:k|grand|thousand)\b) "
)
"""An amount said before the comparative ("50k cheaper than the 1st"): the bound moves by it."""
_THAN = re.compile(
    rf"(?:{_BY})?\b(?P<way>{_LESS}|{_MORE}|{_BIGGER})(?P<what>(?: \w+){{0,2}}?) than (?P<home>"
    r"(?:(?:all|any|each|every one) (?:of )?)?(?:these|those|them)(?: ones| homes| houses)?|"
    r"(?:the |number |#)?[\w-]+(?: (?:one|home|house|place|listing))?)(?=\W|$)"
)
_ALL_SHOWN = re.compile(r"\b(?:these|those|them)\b")
_OPEN = re.compile(r"^(?:it|this|that|this one|that one|this (?:home|house|place))$")
_SUBJECT = re.compile(
    r"\b(?:it|this|that|which|number|#|the \w+ (?:one|home|house|place)|is the \w+)\b"
)
"""A home named before the comparative: it is compared, not a bound."""


def bounded_by_home(text: str, shown: list[dict[str, Any]], focused: dict[str, Any] | None) -> str:
    """`text` with "cheaper than <a home>" written as the amount that home has; the text itself
    when it names no home so, or that home's amount is unknown."""
    norm = normalize(text)
    match = _THAN.search(norm)
    if match is None or _SUBJECT.search(norm[: match.start()]):
        return text
    way = match.group("way")
    key = "sqft" if re.fullmatch(_BIGGER, way) else "price"
    home = _home(match.group("home"), shown, focused, (key, not re.fullmatch(_LESS, way)))
    if home is None:
        return text
    amount = home.get(key)
    by = money_in(match.group("by") or "")
    if not isinstance(amount, int | float):
        return text
    if key == "sqft":
        bound = f"at least {int(amount) + 1} sqft"
    elif re.fullmatch(_LESS, way):
        bound = f"under ${int(amount) - (by or 1):,}"
    else:
        bound = f"over ${int(amount) + (by or 1):,}"
    return f"{norm[: match.start()]}{match.group('what').strip()} {bound}{norm[match.end() :]}"


def _home(
    said: str, shown: list[dict[str, Any]], focused: dict[str, Any] | None, way: tuple[str, bool]
) -> Any:
    """The home "the 3rd", "number 5" or "this one" names, None when it names none; "all of
    these" names the shown home at the end `way` points to (the cheapest for "cheaper")."""
    if _OPEN.match(said):
        return focused
    if _ALL_SHOWN.search(said):
        known = [home for home in shown if isinstance(home.get(way[0]), int | float)]
        return (max if way[1] else min)(known, key=lambda h: h[way[0]]) if known else None
    ref = find_reference(said)
    return resolve(ref, shown)[0] if ref is not None else None
