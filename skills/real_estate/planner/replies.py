"""Answer text for real-estate tool results: an intro line, a short list, a detail paragraph.

Listing text (addresses, descriptions) is external data: it is stripped of markdown and
quoted, never followed (`home_detail.plain`). The detail paragraph is in `home_detail.py`,
the ways to widen a search that found nothing in `relaxations.py`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from real_estate.domain import (
    ACCOUNT_CONTACT,
    DETAILS,
    DETAILS_BY_ADDRESS,
    HOME_PREFIX,
    SAVE_CRITERIA,
    SEARCH,
)

from .home_detail import describe_detail, plain, room_facts
from .relaxations import relaxations
from .wording import criteria_phrase, join_words, landmark_label, money

_TOP = {
    "relevance": "{n} best matches",
    "price": "{n} cheapest",
    "price_desc": "{n} most expensive",
    "size": "{n} largest",
    "newest": "{n} newest",
    "distance": "{n} closest to {near}",
}
_FIRST = {
    "relevance": "best matches first",
    "price": "cheapest first",
    "price_desc": "most expensive first",
    "size": "largest first",
    "newest": "newest first",
    "distance": "closest to {near} first",
}
_ERRORS = {
    SEARCH: "The property search didn't work",
    DETAILS: "I couldn't load that property's details",
    DETAILS_BY_ADDRESS: "I couldn't look up that address",
    SAVE_CRITERIA: "I couldn't save that preference",
}


def describe_results(result: Mapping[str, Any], note: str = "") -> str:
    """Answer text for a listings or detail result, preceded by the plan's note."""
    items = [i for i in result.get("items") or [] if isinstance(i, Mapping)]
    kind = result.get("type")
    if kind == "detail":
        body = describe_detail(items[0]) if items else "I couldn't find that property."
    elif kind == "listings":
        body = _listings(result, items)
    elif kind == "memory_write":
        body = _memory_write(result)
    elif kind == "comparison":
        body = describe_comparison(result)
    elif kind == "handoff":
        body = _handoff(result)
    else:
        body = "Done."
    return f"{note} {body}" if note else body


def describe_error(tool: str, message: str) -> str:
    """A readable sentence for a failed tool call."""
    reason = plain(message).rstrip(".!") or "no reason given"
    lowered = reason.lower()
    if tool == DETAILS_BY_ADDRESS and re.search(r"not found|no listing|404", lowered):
        return (
            "I couldn't find a listing at that address. Check the street number and name, "
            "or pick a home from the search results."
        )
    if outside := re.search(r"no listings for location '([^']+)'", reason):
        areas = re.search(r"cities (.+?) or a 5-digit ZIP", reason)
        covered = f" ({areas.group(1)}, or a ZIP code such as 78704)" if areas else ""
        return (
            f"I don't have any listings in {outside.group(1)}: the homes I can search are in "
            f"the Austin, TX area{covered}. I haven't saved anything; try one of those areas."
        )
    if re.search(r"not found|404", lowered):
        return "I couldn't find that property; it may have been taken off the market."
    if lowered.startswith("cancelled"):
        return "OK, I've left it as it was: nothing was changed."
    if re.search(r"time(?:d)? ?out", lowered):
        reason = "it took too long to answer"
    what = _ERRORS.get(tool, f"The {tool} tool failed")
    return f"{what} ({reason[:200]}). Please try again in a moment."


def _memory_write(result: Mapping[str, Any]) -> str:
    key = str(result.get("key", ""))
    value = plain(str(result.get("value") or ""))
    if result.get("entry_type") == "SAVED":
        home = value or f"home {result.get('zpid') or key.removeprefix(HOME_PREFIX)}"
        if result.get("op") == "delete":
            return f"Removed {home} from your saved homes."
        return f"Saved {home} to your saved homes."
    if result.get("entry_type") in ("SEARCH", "WATCH"):
        return _watch_write(result)
    if result.get("op") == "delete":
        return f"Done: I've forgotten your saved {key.replace('_', ' ')}."
    return f"Saved your {key.replace('_', ' ')}: {value}."


def _watch_write(result: Mapping[str, Any]) -> str:
    """A saved search or a watch, kept or stopped (never by its entry key)."""
    if result.get("op") == "delete":
        what = "saved search" if result.get("entry_type") == "SEARCH" else "watch on this home"
        return f"Done: I've stopped your {what}."
    if result.get("entry_type") == "SEARCH":
        criteria = result.get("criteria") if isinstance(result.get("criteria"), Mapping) else {}
        total = result.get("total")
        now = f" {total} match today." if isinstance(total, int) else ""
        return (
            f"Saved your search for {criteria_phrase(criteria or {}, 2)}: I'll tell you when "
            f"new homes match it.{now}"
        )
    home = result.get("address") or f"home {result.get('zpid')}"
    what = {"price": "its price changes", "status": "it sells or its status changes"}.get(
        str(result.get("value")), "its price or status changes"
    )
    return f"I'm watching {home}: I'll tell you when {what}."


def _handoff(result: Mapping[str, Any]) -> str:
    details = result.get("details") if isinstance(result.get("details"), Mapping) else {}
    home = result.get("address") or f"home {details.get('zpid')}"
    contact = details.get("contact")
    reach = (
        "through your PropSearch account" if contact in (None, ACCOUNT_CONTACT) else f"at {contact}"
    )
    return (
        f"I've sent your tour request for {home} ({details.get('times')}) to an agent; they "
        f"will contact you {reach}."
    )


_BEST_WORDS = {
    "price": "lowest price",
    "price_per_sqft": "lowest price per sqft",
    "sqft": "most living area",
    "beds": "most bedrooms",
    "year_built": "newest",
    "lot_size": "biggest lot",
    "price_vs_zestimate": "best price against its Zestimate",
    "distance_miles": "closest",
}


def describe_comparison(result: Mapping[str, Any]) -> str:
    """One line per compared home, then which home is best on what (the table shows the rest)."""
    items = [i for i in result.get("items") or [] if isinstance(i, Mapping)]
    lines = [f"{n}. {_line(item)}" for n, item in enumerate(items, start=1)]
    best: dict[int, list[str]] = {}
    for row in result.get("rows") or []:
        index = row.get("best")
        if isinstance(index, int) and row.get("field") in _BEST_WORDS:
            best.setdefault(index, []).append(_BEST_WORDS[row["field"]])
    verdicts = [f"#{i + 1} has the {join_words(words)}" for i, words in sorted(best.items())]
    summary = ("; ".join(verdicts) + ".") if verdicts else "They are evenly matched."
    return f"Here are {len(items)} homes side by side:\n\n" + "\n".join(lines) + f"\n\n{summary}"


def _listings(result: Mapping[str, Any], items: list[Mapping[str, Any]]) -> str:
    criteria = result.get("criteria") or {}
    if result.get("saved"):
        if not items:
            return "You haven't saved any homes yet."
        lines = [f"{i}. {_line(item)}" for i, item in enumerate(items, start=1)]
        return f"Your {len(items)} saved homes:\n\n" + "\n".join(lines)
    shown = len(items)
    total = max(int(result.get("total") or shown), shown)
    page = int(result.get("page") or criteria.get("page") or 1)
    if not items:
        return _no_results(criteria, page)
    sort, near = criteria.get("sort"), landmark_label(criteria.get("near") or "downtown")
    intro = f"I found {total:,} " + criteria_phrase(criteria, total, sort != "distance")
    if page > 1:
        start = (page - 1) * int(criteria.get("limit") or 10) + 1
        intro += f"; here are results {start}–{start + shown - 1}"
        intro += f", {_FIRST[sort].format(near=near)}." if sort in _FIRST else "."
    elif total > shown:
        top = _TOP.get(sort or "", "first {n}").format(n=shown, near=near)
        intro += f"; here are the {top}."
    elif sort in _FIRST and shown > 1:
        intro += f", {_FIRST[sort].format(near=near)}."
    else:
        intro += "."
    lines = [f"{i}. {_line(item)}" for i, item in enumerate(items, start=1)]
    return intro + "\n\n" + "\n".join(lines)


def _line(item: Mapping[str, Any]) -> str:
    facts = [money(item["price"]) if item.get("price") else "price not listed"]
    facts += room_facts(item)
    line = f"**{plain(str(item.get('address') or 'Address not listed'))}** — " + " · ".join(facts)
    distance = item.get("distance_miles")
    line += f" ({distance:.1f} mi)" if isinstance(distance, int | float) else ""
    if "price_implausible" in (item.get("flags") or []) and item.get("zestimate"):
        line += f" ⚠ price far from its Zestimate of {money(item['zestimate'])}"
    if (drop := item.get("price_drop")) and drop.get("from"):
        line += f" — down from {money(drop['from'])} on {drop['date']}"
    if item.get("status") == "PENDING":
        line += " (pending)"
    return line


def _no_results(criteria: Mapping[str, Any], page: int) -> str:
    phrase = criteria_phrase(criteria, 2)
    if page > 1:
        return f"That's the end of the results for {phrase}."
    advice = [r.advice for r in relaxations(criteria)[:2]]
    tip = f"Try {join_words(advice, 'or')}." if advice else "Try a different area or budget."
    return f"I couldn't find any {phrase}. {tip}"
