"""Answer text for real-estate tool results: an intro line, a short list, a detail paragraph.

Listing text (addresses, descriptions) is external data: it is stripped of markdown and
quoted, never followed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from real_estate.domain import DETAILS, DETAILS_BY_ADDRESS, SAVE_CRITERIA, SEARCH

from .wording import (
    DATA_CITIES,
    criteria_phrase,
    join_words,
    landmark_label,
    minimum_phrases,
    money,
    number,
    short_money,
    type_name,
)

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
_RARE_FEATURES = {"waterfront": 3.5, "spa": 3.0, "pool": 2.5, "view": 2.5, "garage": 1.0}
_RARE_TYPES = {"house": 0.5, "condo": 2.0, "townhouse": 2.5}
_MOJIBAKE = {"â€™": "'", "â€˜": "'", "â€œ": '"', "â€\x9d": '"', "â€“": "-", "â€”": "-", "Â": ""}
_ERRORS = {
    SEARCH: "The property search didn't work",
    DETAILS: "I couldn't load that property's details",
    DETAILS_BY_ADDRESS: "I couldn't look up that address",
    SAVE_CRITERIA: "I couldn't save that preference",
}


@dataclass(frozen=True)
class Relaxation:
    """One way to widen a search that found nothing: advice for the answer, a hint chip."""

    score: float
    advice: str
    hint: str
    """A chip to send instead ("" for none)."""


def describe_results(result: Mapping[str, Any], note: str = "") -> str:
    """Answer text for a listings or detail result, preceded by the plan's note."""
    items = [i for i in result.get("items") or [] if isinstance(i, Mapping)]
    kind = result.get("type")
    if kind == "detail":
        body = _detail(items[0]) if items else "I couldn't find that property."
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


def plain(text: str) -> str:
    """External text made inert: mis-encodings fixed, markdown and line breaks removed."""
    for bad, good in _MOJIBAKE.items():
        text = text.replace(bad, good)
    text = re.sub(r"[*_`#\[\]<>|\\]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def relaxations(criteria: Mapping[str, Any]) -> list[Relaxation]:
    """Ways to widen a search, the most restrictive criterion first."""
    found = [way for widen in _WIDENINGS for way in widen(criteria)]
    return sorted(found, key=lambda r: -r.score)


def _higher_budget(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (high := criteria.get("price_max")):
        return []
    score = 3.0 if high < 200_000 else 2.0 if high < 400_000 else 1.0
    wider = -(-high * 1.5 // 50_000) * 50_000
    advice = f"raising the budget above {money(high)}"
    return [Relaxation(score, advice, f"Show options under {short_money(wider)}")]


def _lower_minimum_price(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (low := criteria.get("price_min")):
        return []
    advice = f"lowering the minimum price below {money(low)}"
    hint = f"Show options over {short_money(low * 0.7)}"
    return [Relaxation(2.0 if low > 1_000_000 else 1.0, advice, hint)]


def _fewer_features(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (features := list(criteria.get("features") or [])):
        return []
    top = max(features, key=lambda f: _RARE_FEATURES.get(f, 2.0))
    plural = "requirements" if len(features) > 1 else "requirement"
    advice = f"dropping the {join_words(features)} {plural}"
    return [Relaxation(_RARE_FEATURES.get(top, 2.0), advice, f"Without the {top} requirement")]


def _fewer_rooms(criteria: Mapping[str, Any]) -> list[Relaxation]:
    found = []
    for key, label, high_at in (("beds_min", "bedrooms", 5), ("baths_min", "bathrooms", 3)):
        count = criteria.get(key) or 0
        if count > 1:
            score = 3.0 if count >= high_at else 2.0 if count >= high_at - 1 else 0.5
            fewer = number(count - 1)
            advice, hint = f"asking for {fewer}+ {label}", f"At least {fewer} {label}"
            found.append(Relaxation(score, advice, hint))
    return found


def _any_size(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (size := criteria.get("sqft_min")):
        return []
    advice = f"lowering the minimum size below {size:,} sqft"
    return [Relaxation(2.5 if size >= 3000 else 1.0, advice, "Any size")]


def _other_minimums(criteria: Mapping[str, Any]) -> list[Relaxation]:
    """A school rating, garage, stories, year or lot asked for: few listings say them (advice
    only: no hint chip, as the planner reads no words that lift one of these alone)."""
    return [
        Relaxation(3.5, f"allowing {widening}", "")
        for _phrase, widening in minimum_phrases(criteria)
    ]


def _wider_area(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (place := criteria.get("location")) or place == "Austin":
        return []
    known = place in DATA_CITIES.values() or re.fullmatch(r"78\d{3}", str(place))
    if known:
        advice = f"searching all of Austin instead of {place}"
    else:
        advice = f"widening the area beyond {place}"
    return [Relaxation(3.0 if known else 4.0, advice, "What about Austin?")]


def _other_types(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (kind := criteria.get("property_type")):
        return []
    advice = f"including other types than {type_name(kind)}"
    return [Relaxation(_RARE_TYPES.get(kind, 3.0), advice, "Any property type")]


def _wider_radius(criteria: Mapping[str, Any]) -> list[Relaxation]:
    if not (radius := criteria.get("radius_miles")):
        return []
    advice = f"widening the radius beyond {number(radius)} miles"
    hint = f"Within {number(radius * 2)} miles instead"
    return [Relaxation(3.0 if radius <= 3 else 1.5, advice, hint)]


_WIDENINGS: tuple[Callable[[Mapping[str, Any]], list[Relaxation]], ...] = (
    _higher_budget,
    _lower_minimum_price,
    _fewer_features,
    _fewer_rooms,
    _any_size,
    _other_minimums,
    _wider_area,
    _other_types,
    _wider_radius,
)
"""Each criterion's way to widen a search, in the order ties are listed."""


def _memory_write(result: Mapping[str, Any]) -> str:
    key = str(result.get("key", ""))
    value = plain(str(result.get("value") or ""))
    if result.get("entry_type") == "SAVED":
        home = value or f"home {result.get('zpid') or key.removeprefix('home_')}"
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
    return (
        f"I've sent your tour request for {home} ({details.get('times')}) to an agent; they "
        f"will contact you at {details.get('contact')}."
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
    facts += _facts(item)
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


def _facts(item: Mapping[str, Any]) -> list[str]:
    facts = []
    if item.get("beds") is not None:
        facts.append(f"{number(item['beds'])} bd")
    if item.get("baths") is not None:
        facts.append(f"{number(item['baths'])} ba")
    if item.get("sqft"):
        facts.append(f"{item['sqft']:,} sqft")
    return facts


def _no_results(criteria: Mapping[str, Any], page: int) -> str:
    phrase = criteria_phrase(criteria, 2)
    if page > 1:
        return f"That's the end of the results for {phrase}."
    advice = [r.advice for r in relaxations(criteria)[:2]]
    tip = f"Try {join_words(advice, 'or')}." if advice else "Try a different area or budget."
    return f"I couldn't find any {phrase}. {tip}"


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


def _detail(item: Mapping[str, Any]) -> str:
    address = plain(str(item.get("address") or "This property"))
    if item.get("status") == "REMOVED":  # opened from an alert or a link after it went
        history = item.get("price_history") or []
        when = next((e["date"] for e in reversed(history) if e["event"] == "removed"), None)
        since = f" since {when}" if when else ""
        return f"**{address}** is no longer listed: it has been off the market{since}."
    price = f"listed at {money(item['price'])}" if item.get("price") else "with no listed price"
    kind = type_name(item["property_type"], 1) if item.get("property_type") else "home"
    article = "an" if kind[0] in "aeiou" else "a"
    facts = " · ".join(_facts(item))
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
