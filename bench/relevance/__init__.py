"""Relevance of home search, measured: precision@10 of a labelled query set (queries.py, labels
explained in README.md), and the precision of the derived feature "pool" on a hand-judged
sample (pool_sample.json).

precision@10 = relevant results among the first k, k = 10, or the number of relevant listings
in the whole dataset when that is smaller (a query with 6 relevant homes is perfect when its
first 6 are those). Run: `.venv/bin/python -m bench --only relevance`."""

from __future__ import annotations

import csv
import gzip
import importlib
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.common import REPO
from bench.relevance.queries import QUERIES, Query

SKILL_DIR = REPO / "skills" / "real_estate"
HERE = Path(__file__).resolve().parent
TOP = 10


def _skill() -> tuple[Any, Any, Any]:
    """The skill's planner, criteria parser and provider, in process as the worker runs them;
    the wish index is built first (prepare.py, as `make skills-env` does)."""
    subprocess.run(["bash", str(REPO / "scripts" / "skills" / "env.sh")], check=True)
    for path in (SKILL_DIR, SKILL_DIR.parent):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    from agent_graph.planning.host import load_planner, planner_file

    source = planner_file(SKILL_DIR)
    assert source is not None
    package = load_planner(source, "bench_real_estate_planner")
    assert package is not None
    conversation = importlib.import_module(f"{package.__name__}.conversation")
    criteria = importlib.import_module("criteria")
    austin = importlib.import_module("providers.austin")
    return conversation, criteria.parse_criteria, austin.AustinProvider()


def _rows() -> dict[str, dict[str, str]]:
    with gzip.open(SKILL_DIR / "data" / "austin_listings.csv.gz", "rt", encoding="utf-8") as fh:
        rows = {row["zpid"]: row for row in csv.DictReader(fh)}
    for row in rows.values():
        row["text"] = row["description"].replace(row["streetAddress"], " ")
    return rows


def _run_query(
    query: Query, conversation: Any, parse: Any, provider: Any
) -> tuple[dict[str, Any], list[Any]]:
    shown = []
    if query.like:
        shown = provider.details(query.like)["items"]
    conv = conversation.Conversation(text=query.text, last_results=shown)
    plan = conversation.plan_for(conv)
    calls = [c for c in plan.calls if c.name == "search_properties"] if plan else []
    if not calls:
        return {}, []
    args = {**calls[-1].args, "limit": TOP}
    return args, provider.search(parse(args))["items"]


def run() -> dict[str, Any]:
    conversation, parse, provider = _skill()
    provider.warm()
    rows = _rows()
    per_query: list[dict[str, Any]] = []
    by_kind: defaultdict[str, list[float]] = defaultdict(list)
    started = time.perf_counter()
    for query in QUERIES:
        args, items = _run_query(query, conversation, parse, provider)
        target = rows[query.like] if query.like else None
        hits = [query.rule(rows[i["zpid"]], target) for i in items]
        # Fewer than 10 relevant listings in the whole data: the best possible top 10 holds
        # them all, so precision is taken over that many places.
        available = sum(query.rule(r, target) for z, r in rows.items() if z != query.like)
        places = min(TOP, available, len(items)) or 1
        precision = min(1.0, sum(hits[:places]) / places) if items else 0.0
        by_kind[query.kind].append(precision)
        per_query.append(
            {
                "kind": query.kind,
                "text": query.text,
                "criteria": {k: v for k, v in args.items() if k != "limit"},
                "returned": len(items),
                "relevant_in_data": available,
                "precision_at_10": round(precision, 2),
                "misses": [i["zpid"] for i, hit in zip(items, hits, strict=True) if not hit],
            }
        )
    seconds = time.perf_counter() - started
    kinds = {k: round(sum(v) / len(v), 3) for k, v in by_kind.items()}
    every = [q["precision_at_10"] for q in per_query]
    return {
        "queries": len(QUERIES),
        "precision_at_10": round(sum(every) / len(every), 3),
        "by_kind": kinds,
        "pool_feature_precision": _pool_precision(provider),
        "seconds_for_all_queries": round(seconds, 2),
        "per_query": per_query,
    }


def _pool_precision(provider: Any) -> dict[str, Any]:
    """Of the hand-judged sample of homes the skill says have a pool, how many really do."""
    judged = json.loads((HERE / "pool_sample.json").read_text())["judged"]
    still = [j for j in judged if "pool" in provider.details(j["zpid"])["items"][0]["features"]]
    right = [j for j in still if j["own_pool"]]
    return {
        "judged": len(judged),
        "still_flagged": len(still),
        "precision": round(len(right) / len(still), 3) if still else None,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
