"""The detail paragraph for one home (facts, market history, the listing's words), and listing
text made inert: external data is stripped of markdown and quoted, never followed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .wording import money, number, type_name

_MOJIBAKE = {"â€™": "'", "â€˜": "'", "â€œ": '"', "â€\x9d": '"', "â€“": "-", "â€”": "-", "Â": ""}


def plain(text: str) -> str:
    """External text made inert: mis-encodings fixed, markdown and line breaks removed."""
    for bad, good in _MOJIBAKE.items():
        text = text.replace(bad, good)
    text = re.sub(r"[*_`#\[\]<>|\\]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def room_facts(item: Mapping[str, Any]) -> list[str]:
    """The rooms and size the listing gives, e.g. ["3 bd", "2 ba", "1,800 sqft"]."""
    facts = []
    if item.get("beds") is not None:
        facts.append(f"{number(item['beds'])} bd")
    if item.get("baths") is not None:
        facts.append(f"{number(item['baths'])} ba")
    if item.get("sqft"):
        facts.append(f"{item['sqft']:,} sqft")
    return facts


_EVENTS = {
    "recorded": "on record at", "listed": "listed at", "price_change": "price changed to",
    "pending": "pending at", "sold": "sold at", "back_on_market": "back on the market at", "relisted": "relisted at",
    "removed": "taken off the market at",
}  # fmt: skip


def _market(item: Mapping[str, Any]) -> str:
    """ " On the market 12 days (listed 2026-11-14). Price history: listed at $X (date); …"."""
    text = ""
    if isinstance(days := item.get("days_on_market"), int):
        listed = (item.get("facts") or {}).get("listed_date")
        since = f" (listed {listed})" if listed else ""
        status = {"PENDING": " Sale pending.", "SOLD": " Sold."}.get(str(item.get("status")), "")
        text += f" On the market {days:,} day{'s' * (days != 1)}{since}.{status}"
    elif "facts" in item and item.get("status") in (None, "FOR_SALE"):  # a detail, still for sale
        text += " Listing date unknown: the data does not say when it was listed."
    history = item.get("price_history") or []
    if len(history) > 1:
        events = [
            f"{_EVENTS.get(e['event'], e['event'])} {money(e['price'])} ({e['date']})"
            for e in history
        ]
        text += " Price history: " + "; ".join(events) + "."
    return text


def describe_detail(item: Mapping[str, Any]) -> str:
    """What a home is, its facts and market history, and an excerpt of its description."""
    address = plain(str(item.get("address") or "This property"))
    if item.get("status") == "REMOVED":  # opened from an alert or a link after it went
        history = item.get("price_history") or []
        when = next((e["date"] for e in reversed(history) if e["event"] == "removed"), None)
        since = f" since {when}" if when else ""
        return f"**{address}** is no longer listed: it has been off the market{since}."
    price = f"listed at {money(item['price'])}" if item.get("price") else "with no listed price"
    kind = type_name(item["property_type"], 1) if item.get("property_type") else "home"
    article = "an" if kind[0] in "aeiou" else "a"
    facts = " · ".join(room_facts(item))
    text = f"**{address}** is {article} {kind} {price}" + (f": {facts}." if facts else ".")
    lot = item.get("lot_size")
    lot_text = "not listed"
    if isinstance(lot, int | float) and lot > 0:
        lot_text = (
            f"{lot / 43_560:.2f} acres ({lot:,.0f} sqft)" if lot >= 43_560 else f"{lot:,.0f} sqft"
        )
    hoa = item.get("hoa_fee")
    known = {
        "Year built": str(item["year_built"]) if item.get("year_built") else "not listed",
        "Lot size": lot_text,
        "HOA": f"${hoa:,.0f}/month" if isinstance(hoa, int | float) else "not listed",
        "Zestimate": money(item["zestimate"]) if item.get("zestimate") else "not listed",
    }
    text += " " + " ".join(f"{label}: {value}." for label, value in known.items())
    text += _market(item)
    if description := plain(str(item.get("description") or "")):
        excerpt = (
            description
            if len(description) <= 220
            else (description[:220].rsplit(" ", 1)[0].rstrip(",;:") + "…")
        )
        text += f' The listing says: "{excerpt}"'
    return text
