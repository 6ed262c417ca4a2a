"""Applying a listings update of 1 % and of 20 % changed listings to the shipped data, against a
full reload (issue 38).

Each figure is measured in a fresh process (the skill keeps its listings in module caches):
- reload: parse the shipped file and build every sort order and landmark distance table, what
  a worker does at start-up (`AustinProvider.warm` without the model);
- index rebuild: embed every clause of every description again (prepare.py), what new or
  re-described listings would cost without the incremental index (`--with-index`);
- apply: read the snapshot `data/make_update.py` derives with that share, compare it with the
  listings, embed only the new listings' clauses, write the store and follow in memory;
- catch-up: what every other worker then pays once: read the store and put the changed homes
  in place (distances, orders, wish vectors of those homes only).

.venv/bin/python -m bench.listings_update [--with-index]   # writes bench/results/listings_update.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

from bench.common import REPO, RESULTS

SKILL_DIR = REPO / "skills" / "real_estate"
SHARES = (0.01, 0.20)


def _paths() -> None:
    for path in (SKILL_DIR, SKILL_DIR.parent):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    os.chdir(SKILL_DIR)


def _warm_base() -> None:
    from landmarks import LANDMARKS
    from providers.austin_data import load_homes, sorted_indices, wish_index

    load_homes()
    for sort in ("relevance", "price", "price_desc", "newest", "size"):
        sorted_indices(sort, None)
    for landmark in LANDMARKS:
        sorted_indices("distance", landmark)
    wish_index()


def _child(phase: str, share: float, state: str) -> dict[str, Any]:
    os.environ["SKILL_STATE_DIR"] = state
    _paths()
    started = time.perf_counter()
    if phase == "reload":
        _warm_base()
        return {"seconds": time.perf_counter() - started}
    if phase == "index":
        from providers.austin_data import description_clauses
        from wishes.index import build

        build(description_clauses(), threads=len(os.sched_getaffinity(0)))
        return {"seconds": time.perf_counter() - started}
    _warm_base()
    if phase == "apply":
        spec = importlib.util.spec_from_file_location("mu", SKILL_DIR / "data/make_update.py")
        make_update = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(make_update)  # type: ignore[union-attr]
        data, _ = make_update.derive(share)
        from updates.apply import apply_rows
        from updates.read import read_update

        started = time.perf_counter()
        _, rows = read_update(data)
        result = apply_rows(rows, "bench", confirm=True)
        return {"seconds": time.perf_counter() - started, "summary": result["summary"]}
    from updates.live import ensure_current

    started = time.perf_counter()
    ensure_current()
    return {"seconds": time.perf_counter() - started}


def _measure(phase: str, share: float, state: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "bench.listings_update", "--child", phase, str(share), state],
        cwd=REPO, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def run(with_index: bool = False) -> dict[str, Any]:
    reload_s = _measure("reload", 0, tempfile.mkdtemp())["seconds"]
    result: dict[str, Any] = {"reload_s": round(reload_s, 3), "loadavg": os.getloadavg()[0]}
    full_s = reload_s
    if with_index:
        result["index_rebuild_s"] = round(_measure("index", 0, tempfile.mkdtemp())["seconds"], 1)
        full_s += result["index_rebuild_s"]
        result["full_rebuild_s"] = round(full_s, 1)
    for share in SHARES:
        with tempfile.TemporaryDirectory() as state:
            applied = _measure("apply", share, state)
            caught = _measure("catch_up", share, state)
        result[f"{share:.0%}"] = {
            "changes": {k: applied["summary"][k] for k in ("new", "price", "status", "removed")},
            "apply_s": round(applied["seconds"], 3),
            "apply_vs_reload": round(applied["seconds"] / reload_s, 2),
            "apply_vs_full_rebuild": round(applied["seconds"] / full_s, 3) if with_index else None,
            "catch_up_s": round(caught["seconds"], 3),
            "catch_up_vs_reload": round(caught["seconds"] / reload_s, 2),
        }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--with-index", action="store_true", help="also time a full index build")
    parser.add_argument("--child", nargs=3, metavar=("PHASE", "SHARE", "STATE"))
    args = parser.parse_args()
    if args.child:
        phase, share, state = args.child
        print(json.dumps(_child(phase, float(share), state)))
        return
    result = run(args.with_index)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "listings_update.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
