"""search_properties in-process over the shipped dataset, and over 10x the rows (SYNTHETIC:
the real rows replicated 9 more times with offset zpids)."""

from __future__ import annotations

import dataclasses
import sys
import time
from typing import Any

from bench.common import REPO, ratio, stats_ms

SKILL_DIR = REPO / "skills" / "real_estate"
QUERIES: list[dict[str, Any]] = [
    {"location": "Austin", "beds_min": 3, "price_max": 500000},
    {"near": "downtown", "radius_miles": 5, "property_type": "condo"},
    {"features": ["pool"], "sort": "newest", "limit": 20},
    {"location": "78704", "price_min": 300000, "sort": "price_desc"},
    {},
]
ZPID_OFFSET = 10_000_000_000


def _modules() -> tuple[Any, Any, Any]:
    for path in (SKILL_DIR, SKILL_DIR.parent):  # as the worker runs: cwd=skill, skills/ on path
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    import criteria
    from providers import austin, austin_data

    return criteria, austin, austin_data


def _time(provider: Any, parse: Any, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        for query in QUERIES:
            started = time.perf_counter()
            provider.search(parse(dict(query)))
            samples.append(time.perf_counter() - started)
    return samples


def run(repeat: int) -> dict[str, Any]:
    criteria, austin, data = _modules()
    provider = austin.AustinProvider()
    started = time.perf_counter()
    provider.warm()
    warm_s = time.perf_counter() - started
    homes = data.load_homes()
    full = stats_ms(_time(provider, criteria.parse_criteria, repeat))
    real = list(homes)
    synthetic = real + [
        dataclasses.replace(h, zpid=str(int(h.zpid) + copy * ZPID_OFFSET))
        for copy in range(1, 10)
        for h in real
    ]
    try:
        data._homes, data._distances, data._orders = synthetic, {}, {}
        started = time.perf_counter()
        provider.warm()
        warm10_s = time.perf_counter() - started
        tenfold = stats_ms(_time(provider, criteria.parse_criteria, repeat))
    finally:
        data._homes, data._distances, data._orders = real, {}, {}
    return {
        "rows": len(real),
        "synthetic_rows": len(synthetic),
        "queries": QUERIES,
        "warm_up_s": round(warm_s, 3),
        "full_dataset": full,
        "warm_up_10x_s": round(warm10_s, 3),
        "synthetic_10x": tenfold,
        "ratio_10x_over_1x_median": ratio(tenfold["median_ms"], full["median_ms"]),
    }
