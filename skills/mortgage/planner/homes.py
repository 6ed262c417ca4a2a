"""Which shown home a mortgage question is about: by position ("the second", "#4", "the
second to last"), by superlative ("the cheapest"), "this one", or the detail on screen; and the
payment arguments a home gives (its price, HOA and tax rate)."""

from __future__ import annotations

import re
from typing import Any

_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10,
}  # fmt: skip
_BEFORE_LAST = r"second[- ](?:to[- ])?last|next[- ]to[- ]last|penultimate"
ORDINAL = re.compile(
    rf"(?<![\w$.,])((?:{_BEFORE_LAST}|{'|'.join(_ORDINALS)}|last)\b|\d{{1,2}}(?=(?:st|nd|rd|th)\b)|"
    r"(?<=#)\d{1,2}\b|(?<=# )\d{1,2}\b|(?<=number )\d{1,2}\b|(?<=no\. )\d{1,2}\b)"
)
"""A home by its position: "the second", "the 7th", "#4", "number 4", "the second to last"."""


def _index(word: str, count: int) -> int:
    """The 1-based position `word` names among `count` homes."""
    if re.fullmatch(_BEFORE_LAST, word):
        return count - 1
    return count if word == "last" else _ORDINALS.get(word) or int(word)


_SUPERLATIVES = {
    "cheapest": ("price", False), "least expensive": ("price", False),
    "most expensive": ("price", True), "priciest": ("price", True),
    "biggest": ("sqft", True), "largest": ("sqft", True), "smallest": ("sqft", False),
    "lowest priced": ("price", False), "most affordable": ("price", False),
    "newest": ("year_built", True), "oldest": ("year_built", False),
}  # fmt: skip
SUPERLATIVE = re.compile(rf"\b({'|'.join(_SUPERLATIVES)})\b")
_THIS = re.compile(r"\b(it|this|that)(?: one| home| house| place| property)?\b")


def _homes(earlier: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The items of the latest listings result and the latest detail item."""
    items: list[dict[str, Any]] = []
    focused = None
    for result in earlier:
        if result.get("type") == "listings":
            items = [i for i in result.get("items") or [] if isinstance(i, dict)]
        elif result.get("type") == "detail" and result.get("items"):
            focused = result["items"][0]
    return items, focused


def on_screen(earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The home whose detail was the last homes result shown (estimates since do not count):
    what "what would the payment be?" is about when it names no home."""
    for result in reversed(earlier):
        if result.get("type") == "listings":
            return None
        if result.get("type") == "detail" and result.get("items"):
            home = result["items"][0]
            return home if isinstance(home, dict) else None
    return None


def names_a_home(text: str, earlier: list[dict[str, Any]]) -> bool:
    """The message points at a home shown ("the second one", "this house")."""
    return _referenced_home(text, earlier) is not None or bool(
        ORDINAL.search(text) or SUPERLATIVE.search(text)
    )


def _most(word: str, items: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The home with the most or least of what a superlative names ("the cheapest")."""
    key, highest = _SUPERLATIVES[word]
    known = [i for i in items if isinstance(i.get(key), int | float)]
    return (max if highest else min)(known, key=lambda i: i[key]) if known else None


def _street(home: dict[str, Any]) -> re.Pattern[str] | None:
    """A shown home's street as people type it: its number and the first word of its name
    ("2509 cockburn" of "2509 Cockburn Dr, Austin, TX 78745")."""
    found = re.match(r"\s*(\d+)\s+([a-z]\w+)", str(home.get("address") or "").lower())
    return re.compile(rf"\b{found[1]}\s+{found[2]}\b") if found else None


def by_street(text: str, earlier: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """The shown homes the message names by their street ("the monthly on 2509 Cockburn Dr"),
    each with where it is named."""
    items, focused = _homes(earlier)
    named: dict[str, tuple[int, dict[str, Any]]] = {}
    for home in [*items, *([focused] if focused else [])]:
        street = _street(home)
        if street is not None and (m := street.search(text)):
            named.setdefault(str(home.get("zpid")), (m.start(), home))
    return list(named.values())


def _referenced_home(text: str, earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    items, focused = _homes(earlier)
    if streets := by_street(text, earlier):
        return streets[0][1]
    if (m := SUPERLATIVE.search(text)) and items:
        return _most(m.group(1), items)
    if m := ORDINAL.search(text):
        word = m.group(1)
        index = _index(word, len(items))
        return items[index - 1] if 0 < index <= len(items) else None
    if _THIS.search(text):
        return focused or (items[0] if len(items) == 1 else None)
    return None


def _at(position: int, items: list[dict[str, Any]]) -> dict[str, Any] | None:
    return items[position - 1] if 0 < position <= len(items) else None


def home_args(home: dict[str, Any]) -> dict[str, Any]:
    args = {"price": home.get("price"), "label": str(home.get("address") or "")}
    if home.get("hoa_fee"):
        args["hoa_monthly"] = home["hoa_fee"]
    if home.get("tax_rate_percent"):  # the listing's own rate; else the skill's estimate
        args["property_tax_rate_percent"] = home["tax_rate_percent"]
    return args


def referenced_homes(text: str, earlier: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every home the message names by position ("the first one and the third one"), else the
    one it points at."""
    items, _ = _homes(earlier)
    named: list[tuple[int, dict[str, Any] | None]] = [
        (m.start(), _at(_index(m.group(1), len(items)), items)) for m in ORDINAL.finditer(text)
    ]
    named += [(m.start(), _most(m.group(1), items)) for m in SUPERLATIVE.finditer(text)]
    named += by_street(text, earlier)
    if len(named) > 1:  # "the first one and the third one", "the cheapest and the priciest"
        homes = {str(h.get("zpid")): h for _, h in sorted(named, key=lambda n: n[0]) if h}
        return list(homes.values())
    home = _referenced_home(text, earlier)
    return [home] if home is not None else []
