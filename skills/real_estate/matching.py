"""The match_saved_searches job: listing changes x the users' SEARCH and WATCH entries -> alerts.

A pure function of the job body (docs/protocol.md, "Jobs"): `trigger.result.changes` (what an
update changed) and each user's current entries (a deleted search is simply not there).
- A SEARCH alerts once per update with the homes that newly match it (a new listing, or a price
  change that brings a home inside the criteria), "3 new homes match your search for houses in
  78745", the homes as its items. Key `search_<slug>:update:<update version or run id>`.
- A WATCH alerts on its home's price changes (`price`, `any`; key `watch_<zpid>:price:<price>`)
  and status changes or removal (`status`, `any`; key `watch_<zpid>:status:<status>`).
Keys are stable, so the platform never alerts a user twice for the same thing. Criteria filter
as a search does on the listing's own fields; wishes and like_zpid only rank a search, so they
do not filter here either; a fact the listing lacks never meets a bound.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from criteria import Criteria, parse_criteria
from landmarks import LANDMARKS, haversine_miles
from planner.wording import criteria_phrase
from providers.austin_data import HIDDEN_TYPES
from real_estate.domain import NEW_MATCH, PRICE_CHANGE, PRICE_DROP, WATCH_PREFIX
from skill_runtime import ToolError

OFF_MARKET = ("SOLD", "OFF_MARKET", "RECENTLY_SOLD")
SHOWN = 3
"""Homes named in a grouped alert's text; all of them are its items."""
Listing = dict[str, Any]
Predicate = Callable[[Listing], bool]


@dataclass(frozen=True)
class Candidate:
    """A home that may newly match a search: a new listing, or a price change."""

    zpid: str
    listing: Listing
    before: Listing | None
    """The home as it was (the old price) for a price change; None for a new listing."""


def _bound(low: float | None, high: float | None, value: Any) -> bool:
    if low is None and high is None:
        return True
    if not isinstance(value, int | float):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def _facts_fit(c: Criteria, home: Listing) -> bool:
    facts = home.get("facts") if isinstance(home.get("facts"), dict) else {}
    return (
        _bound(c.school_rating_min, None, facts.get("school_rating"))
        and _bound(c.garage_spaces_min, None, facts.get("garage_spaces"))
        and _bound(c.stories_min, c.stories_max, facts.get("stories"))
        and _bound(c.lot_size_min, None, home.get("lot_size"))
        and _bound(c.year_built_min, None, home.get("year_built"))
        and not (c.no_hoa and (home.get("hoa_fee") or facts.get("hoa")))
    )


def _place_fit(c: Criteria, home: Listing) -> bool:
    if c.location:
        where = c.location.lower()
        field = home.get("zipcode") if where.isdigit() else home.get("city")
        if str(field or "").lower() != where:
            return False
    if c.near and c.radius_miles is not None:
        lat, lng = home.get("lat"), home.get("lng")
        if not isinstance(lat, int | float) or not isinstance(lng, int | float):
            return False
        if haversine_miles(lat, lng, *LANDMARKS[c.near]) > c.radius_miles:
            return False
    return True


def predicate(c: Criteria) -> Predicate:
    """Whether a listing meets every hard constraint of the criteria."""
    wanted, excluded = set(c.features), set(c.exclude_types) | (HIDDEN_TYPES - {c.property_type})

    def matches(home: Listing) -> bool:
        kind = home.get("property_type")
        return (
            kind not in excluded
            and (not c.property_type or kind == c.property_type)
            and _bound(c.price_min, c.price_max, home.get("price"))
            and _bound(c.beds_min, c.beds_max, home.get("beds"))
            and _bound(c.baths_min, c.baths_max, home.get("baths"))
            and (c.sqft_min is None or (home.get("sqft") or 0) >= c.sqft_min)
            and wanted <= set(home.get("features") or ())
            and _place_fit(c, home)
            and _facts_fit(c, home)
        )

    return matches


def candidates(changes: list[dict[str, Any]]) -> tuple[list[Candidate], dict[str, list[dict]]]:
    """(homes that may newly match a search, every change by zpid for the watches)."""
    found: list[Candidate] = []
    by_zpid: dict[str, list[dict[str, Any]]] = {}
    for change in changes:
        zpid = str(change.get("zpid") or "")
        by_zpid.setdefault(zpid, []).append(change)
        listing, new = change.get("listing"), change.get("new") or {}
        if not isinstance(listing, dict) or str(new.get("status") or "") in OFF_MARKET:
            continue
        if change.get("change") == "new":
            found.append(Candidate(zpid, listing, None))
        elif change.get("change") == "price":
            old_price = (change.get("old") or {}).get("price")
            found.append(Candidate(zpid, listing, {**listing, "price": old_price}))
    return found, by_zpid


class Pool:
    """The candidates, also by ZIP and by city: a search with a location reads only its own."""

    def __init__(self, found: list[Candidate]) -> None:
        self.all = found
        self.by_place: dict[str, list[Candidate]] = {}
        for cand in found:
            for place in (cand.listing.get("zipcode"), cand.listing.get("city")):
                if place:
                    self.by_place.setdefault(str(place).lower(), []).append(cand)

    def for_criteria(self, c: Criteria) -> list[Candidate]:
        return self.by_place.get(c.location.lower(), []) if c.location else self.all


def search_alerts(user: str, key: str, value: str, pool: Pool, update: str) -> list[dict]:
    """One alert for the homes this update made match the saved search `key` (none: none)."""
    try:
        raw = json.loads(value)
        criteria = parse_criteria(raw)
    except (ToolError, ValueError, TypeError):
        return []  # an entry the core kept is valid; one from an older schema is skipped
    fits = predicate(criteria)
    homes = [
        cand.listing
        for cand in pool.for_criteria(criteria)
        if fits(cand.listing) and (cand.before is None or not fits(cand.before))
    ]
    if not homes:
        return []
    words = criteria_phrase(raw, 2)
    many = f"{len(homes)} new homes match" if len(homes) > 1 else "A new home matches"
    shown = "; ".join(_line(home) for home in homes[:SHOWN])
    more = f"; and {len(homes) - SHOWN} more" if len(homes) > SHOWN else ""
    alert = {
        "user": user,
        "key": f"{key}:update:{update}",
        "kind": NEW_MATCH,
        "title": f"{many} your search for {words}",
        "body": shown + more,
        "items": homes,
        "entry": {"type": "SEARCH", "key": key},
    }
    return [alert]


def watch_alerts(user: str, key: str, what: str, changes: list[dict[str, Any]]) -> list[dict]:
    """Alerts for the watched home's own changes, as the watch asks (price, status or any)."""
    alerts = []
    for change in changes:
        alert = _watch_alert(key, what, change)
        if alert is not None:
            alerts.append({"user": user, **alert, "entry": {"type": "WATCH", "key": key}})
    return alerts


def _watch_alert(key: str, what: str, change: dict[str, Any]) -> dict[str, Any] | None:
    kind, old, new = change.get("change"), change.get("old") or {}, change.get("new") or {}
    listing = change.get("listing") if isinstance(change.get("listing"), dict) else None
    address = (listing or {}).get("address") or f"Home {change.get('zpid')}"
    items = [listing] if listing else []
    if kind == "price" and what in ("price", "any"):
        before, after = old.get("price"), new.get("price")
        if not isinstance(before, int | float) or not isinstance(after, int | float):
            return None
        drop = after < before
        return {
            "key": f"{key}:price:{after:.0f}",
            "kind": PRICE_DROP if drop else PRICE_CHANGE,
            "title": f"{'Price drop' if drop else 'Price change'}: {address}",
            "body": f"${before:,.0f} → ${after:,.0f} ({_change(after - before)}, "
            f"{(after - before) / before:+.0%})",
            "items": items,
        }
    if kind in ("status", "removed") and what in ("status", "any"):
        status = "REMOVED" if kind == "removed" else str(new.get("status") or "UNKNOWN")
        shown = "off the market" if kind == "removed" else status.replace("_", " ").lower()
        return {
            "key": f"{key}:status:{status}",
            "kind": "status_change",
            "title": f"{address} is now {shown}",
            "body": f"It was {str(old.get('status') or 'listed').replace('_', ' ').lower()}.",
            "items": items,
        }
    return None


def _change(amount: float) -> str:
    """−$25,000 / +$10,000."""
    return f"{'−' if amount < 0 else '+'}${abs(amount):,.0f}"


def _update_of(trigger: dict[str, Any], run_id: str) -> str:
    """What names the update: its version (updates/apply.py), else the run that applied it."""
    summary = (trigger.get("result") or {}).get("summary") or {}
    version = summary.get("version") if isinstance(summary, dict) else None
    return str(version if version is not None else trigger.get("run_id") or run_id)


def _line(home: Listing) -> str:
    price = home.get("price")
    money = f"${price:,.0f}" if isinstance(price, int | float) else "price not listed"
    beds, baths = home.get("beds"), home.get("baths")
    size = f" · {beds} bd / {baths:g} ba" if beds is not None and baths is not None else ""
    return f"{home.get('address') or home.get('zpid')} · {money}{size}"


def match_saved_searches(body: dict[str, Any]) -> dict[str, Any]:
    """The job: alerts for every user's searches and watches, and counts for the run record."""
    trigger = body.get("trigger") or {}
    changes = ((trigger.get("result") or {}).get("changes")) or []
    if not isinstance(changes, list):
        raise ToolError("trigger.result.changes must be a list of listing changes")
    found, by_zpid = candidates([c for c in changes if isinstance(c, dict)])
    pool, update = Pool(found), _update_of(trigger, str(body.get("run_id") or ""))
    alerts: list[dict[str, Any]] = []
    searches = watches = 0
    for user in body.get("users") or []:
        who = str(user.get("user") or "")
        for entry in user.get("entries") or []:
            kind, key, value = entry.get("type"), str(entry.get("key")), entry.get("value")
            if kind == "SEARCH" and isinstance(value, str):
                searches += 1
                alerts.extend(search_alerts(who, key, value, pool, update))
            elif kind == "WATCH" and key.startswith(WATCH_PREFIX):
                watches += 1
                found = by_zpid.get(key.removeprefix(WATCH_PREFIX), [])
                alerts.extend(watch_alerts(who, key, str(value), found))
    summary = {"changes": len(changes), "searches": searches, "watches": watches}
    return {"summary": {**summary, "alerts": len(alerts)}, "alerts": alerts}
