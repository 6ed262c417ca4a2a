"""match_saved_searches in-process: 10,000 saved searches (and 2,000 watches) of 1,000 users
against listing updates of growing size. The searches are SYNTHETIC: drawn with a fixed seed
from the places, sizes, prices, types and features of the shipped Austin rows; the changes are
real listings as new homes, price cuts of 5 % and status changes."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any

from bench.common import REPO, stats_ms

SKILL_DIR = REPO / "skills" / "real_estate"
USERS, SEARCHES_PER_USER, WATCHES_PER_USER = 1000, 10, 2


def _modules() -> tuple[Any, Any, Any]:
    for path in (SKILL_DIR, SKILL_DIR.parent):  # as the worker runs: cwd=skill, skills/ on path
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    import criteria
    import matching
    from providers import austin

    return criteria, matching, austin


def _listings(criteria: Any, austin: Any) -> list[dict[str, Any]]:
    provider = austin.AustinProvider()
    found: list[dict[str, Any]] = []
    for page in range(1, 60):
        items = provider.search(criteria.parse_criteria({"limit": 50, "page": page}))["items"]
        if not items:
            break
        found.extend(items)
    return found


def _searches(rng: random.Random, homes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    zips = sorted({h["zipcode"] for h in homes if h.get("zipcode")})
    cities = sorted({h["city"] for h in homes if h.get("city")})
    out = []
    for _ in range(USERS * SEARCHES_PER_USER):
        c: dict[str, Any] = {"location": rng.choice(zips if rng.random() < 0.7 else cities)}
        if rng.random() < 0.8:
            c["price_max"] = rng.choice(range(250_000, 1_500_001, 50_000))
        if rng.random() < 0.7:
            c["beds_min"] = rng.choice([2, 3, 3, 4])
        if rng.random() < 0.4:
            c["property_type"] = rng.choice(["house", "house", "condo", "townhouse"])
        if rng.random() < 0.2:
            c["features"] = [rng.choice(["pool", "garage", "view"])]
        out.append(c)
    return out


def _changes(rng: random.Random, homes: list[dict[str, Any]], size: int) -> list[dict[str, Any]]:
    changes = []
    for home in rng.sample(homes, size):
        roll, price = rng.random(), home.get("price") or 300_000
        if roll < 0.3:
            changes.append({"zpid": home["zpid"], "change": "new", "old": None,
                            "new": {"price": price, "status": "FOR_SALE"}, "listing": home})  # fmt: skip
        elif roll < 0.8:
            cut = round(price * 0.95)
            changes.append({"zpid": home["zpid"], "change": "price",
                            "old": {"price": price, "status": "FOR_SALE"},
                            "new": {"price": cut, "status": "FOR_SALE"},
                            "listing": {**home, "price": cut}})  # fmt: skip
        else:
            changes.append({"zpid": home["zpid"], "change": "status",
                            "old": {"price": price, "status": "FOR_SALE"},
                            "new": {"price": price, "status": "PENDING"}, "listing": home})  # fmt: skip
    return changes


def _body(
    searches: list[dict[str, Any]], watched: list[str], changes: list[dict[str, Any]]
) -> dict[str, Any]:
    users = []
    for u in range(USERS):
        mine = searches[u * SEARCHES_PER_USER : (u + 1) * SEARCHES_PER_USER]
        entries = [
            {"type": "SEARCH", "key": f"search_{i}", "value": json.dumps(c)}
            for i, c in enumerate(mine)
        ]
        entries += [
            {"type": "WATCH", "key": f"watch_{z}", "value": "any"}
            for z in watched[u * WATCHES_PER_USER : (u + 1) * WATCHES_PER_USER]
        ]
        users.append({"user": f"user{u}", "entries": entries})
    trigger = {"job": "apply_listings_update", "run_id": "bench", "result": {"changes": changes}}
    return {"job": "match_saved_searches", "run_id": "bench", "trigger": trigger, "users": users}


def run(sizes: tuple[int, ...] = (100, 1000), repeat: int = 3) -> dict[str, Any]:
    criteria, matching, austin = _modules()
    rng = random.Random(38)
    homes = _listings(criteria, austin)
    searches = _searches(rng, homes)
    watched = [h["zpid"] for h in rng.sample(homes, USERS * WATCHES_PER_USER)]
    out: dict[str, Any] = {
        "users": USERS,
        "searches": len(searches),
        "watches": len(watched),
        "loadavg_1m_at_start": round(os.getloadavg()[0], 2),
        "updates": [],
    }
    for size in sizes:
        body = _body(searches, watched, _changes(rng, homes, min(size, len(homes))))
        samples, result = [], {}
        for _ in range(repeat):
            started = time.perf_counter()
            result = matching.match_saved_searches(body)
            samples.append(time.perf_counter() - started)
        out["updates"].append(
            {"changes": size, "seconds": stats_ms(samples), "summary": result["summary"]}
        )
    out["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)
    return out
