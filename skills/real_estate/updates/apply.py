"""Comparing an update with the current listings and applying it.

Each listing of the update is new, changed in price, changed in status, changed otherwise
(applied, counted as `updated`) or unchanged; a listing the update lacks (a whole snapshot) or
gives an off-market status is removed. Changes are dated when applied. Every changed listing
keeps its price and status history; only the homes that changed are re-derived.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections import Counter
from datetime import UTC, datetime
from typing import Any

from providers.austin import price_history, to_listing
from providers.austin_data import Home, apply_changes, home_of, index_of, load_homes, wish_index
from providers.features import clauses
from providers.textfix import fix_text

from updates import live, store

MAX_REMOVED_SHARE = 0.10  # LISTINGS_MAX_REMOVED_SHARE: more removed than this asks first
STATUS_EVENTS = {"FOR_SALE": "back_on_market", "PENDING": "pending", "SOLD": "sold"}
_SAME_FIELDS = (
    "street", "city", "zipcode", "description", "lat", "lng", "property_type", "year_built",
    "lot_size", "sqft", "baths", "beds", "stories", "garage_spaces", "has_association",
    "school_rating", "tax_rate", "features", "sale_date", "zestimate",
)  # fmt: skip


@dataclasses.dataclass
class Plan:
    changed: dict[int, Home] = dataclasses.field(default_factory=dict)
    changes: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    counts: Counter[str] = dataclasses.field(default_factory=Counter)
    described: set[int] = dataclasses.field(default_factory=set)


def max_removed_share() -> float:
    return float(os.environ.get("LISTINGS_MAX_REMOVED_SHARE") or MAX_REMOVED_SHARE)


def apply_rows(
    rows: list[dict[str, str]], source: str, *, confirm: bool = False, partial: bool = False
) -> dict[str, Any]:
    """The job result of docs (SKILL.md, contract section 4): summary and changes, or
    needs_confirmation when more than the allowed share would be removed (nothing applied)."""
    started = time.monotonic()
    live.ensure_current()
    at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    plan = _plan(rows, at, partial)
    listed = sum(1 for h in load_homes() if h.status != "REMOVED")
    summary: dict[str, Any] = {k: plan.counts[k] for k in ("new", "price", "status", "removed")}
    summary |= {"updated": plan.counts["updated"], "unchanged": plan.counts["unchanged"]}
    share = plan.counts["removed"] / max(1, listed)
    if share > max_removed_share() and not confirm:
        summary["seconds"] = round(time.monotonic() - started, 3)
        return {
            "needs_confirmation": f"this update would remove {plan.counts['removed']} of "
            f"{listed} listings ({share:.0%}, more than {max_removed_share():.0%}); run it "
            "again with confirm to apply it",
            "summary": summary,
        }
    described = _describe(plan)
    with store.opened(create=True) as db:
        assert db is not None
        version = store.version(db) + 1
        homes = sorted(plan.changed.items())
        summary["version"] = version
        store.write(db, store.Applied(version, at, source, summary, homes, described))
    apply_changes(plan.changed, described)
    live.applied(version)
    summary["seconds"] = round(time.monotonic() - started, 3)
    return {"summary": summary, "changes": plan.changes}


def _plan(rows: list[dict[str, str]], at: str, partial: bool) -> Plan:
    homes, plan, seen = load_homes(), Plan(), set()
    appended = len(homes)
    for row in rows:
        seen.add(row["zpid"])
        position = index_of(row["zpid"])
        old = homes[position] if position is not None else None
        if row["homeStatus"] == "REMOVED":
            if old is not None and position is not None and old.status != "REMOVED":
                _remove(plan, position, old, at)
            continue
        if old is None or old.status == "REMOVED":
            if position is None:
                position, appended = appended, appended + 1
            _add(plan, position, old, home_of(row), row.get("onMarketDate", ""), at)
        elif _unchanged(row, old):
            plan.counts["unchanged"] += 1
        else:
            _change(plan, position, old, home_of(row), at)
    if not partial:
        for position, home in enumerate(homes):
            if home.status != "REMOVED" and home.zpid not in seen:
                _remove(plan, position, home, at)
    return plan


def _unchanged(row: dict[str, str], old: Home) -> bool:
    """A cheap look at the raw row: nothing a search or a detail shows has moved."""
    return (
        int(float(row["latestPrice"])) == old.price
        and row["homeStatus"] == old.status
        and row["description"] == old.description
        and row["streetAddress"].strip() == old.street
        and row["zipcode"] == old.zipcode
        and int(float(row["numOfBedrooms"] or 0)) == old.beds
        and float(row["numOfBathrooms"] or 0) == old.baths
        and float(row["latitude"]) == old.lat
        and float(row["longitude"]) == old.lng
    )


def _event(at: str, price: int, event: str) -> dict[str, Any]:
    return {"date": at[:10], "price": price, "event": event}


def _record(plan: Plan, kind: str, home: Home, old: Home | None, at: str) -> None:
    plan.counts[kind] += 1
    removed = home.status == "REMOVED"
    plan.changes.append(
        {
            "zpid": home.zpid,
            "change": kind,
            "old": {"price": old.price, "status": old.status} if old else None,
            "new": None if removed else {"price": home.price, "status": home.status},
            "listing": None if removed else to_listing(home),
            "at": at,
        }
    )


def _add(plan: Plan, position: int, old: Home | None, new: Home, on_market: str, at: str) -> None:
    listed = on_market and _iso(on_market)
    new.listed_date = listed or at[:10]
    event = "relisted" if old is not None else "listed"
    new.history = (price_history(old) if old else []) + [_event(new.listed_date, new.price, event)]
    plan.changed[position] = new
    plan.described.add(position)
    _record(plan, "new", new, None, at)


def _change(plan: Plan, position: int, old: Home, new: Home, at: str) -> None:
    new.listed_date, new.price_cut_at = old.listed_date, old.price_cut_at
    history = price_history(old)
    if new.price != old.price:
        history.append(_event(at, new.price, "price_change"))
        if new.price < old.price:
            new.price_cut_at = at[:10]
    if new.status != old.status:
        history.append(_event(at, new.price, STATUS_EVENTS[new.status]))
    new.history = history
    plan.changed[position] = new
    if new.description != old.description:
        plan.described.add(position)
    moves = (("price", new.price != old.price), ("status", new.status != old.status))
    kinds = [kind for kind, moved in moves if moved]
    for kind in kinds:
        _record(plan, kind, new, old, at)
    if not kinds:
        same = all(getattr(old, f) == getattr(new, f) for f in _SAME_FIELDS)
        plan.counts["unchanged" if same else "updated"] += 1


def _remove(plan: Plan, position: int, old: Home, at: str) -> None:
    history = [*price_history(old), _event(at, old.price, "removed")]
    plan.changed[position] = dataclasses.replace(old, status="REMOVED", history=history)
    _record(plan, "removed", plan.changed[position], old, at)


def _iso(us_date: str) -> str:
    month, day, year = (int(part) for part in us_date.split("/"))
    return f"{year:04d}-{month:02d}-{day:02d}"


def _describe(plan: Plan) -> store.Described:
    """Wish vectors for the homes the update added or re-described (none without an index)."""
    positions = sorted(p for p in plan.described if plan.changed[p].status != "REMOVED")
    if not positions or wish_index() is None:
        return {}
    from wishes.index import build, split

    homes = [plan.changed[p] for p in positions]
    texts = [clauses(fix_text(h.description), h.street, lower=False) for h in homes]
    return dict(zip(positions, split(build(texts)), strict=True))
