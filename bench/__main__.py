"""Run the whole benchmark suite and write bench/results/results.json and results.md.

.venv/bin/python -m bench            # full run (several minutes, 2 cores)
.venv/bin/python -m bench --smoke    # tiny counts, no Docker, < 60 s; non-zero exit on a crash
.venv/bin/python -m bench --only orchestration api
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from bench.common import REPO, RESULTS

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

PARTS = (
    "orchestration",
    "dispatch",
    "api",
    "memory",
    "search",
    "matching",
    "relevance",
    "web",
    "reach",
    "runs",
    "tracing",
    "understanding",
    "auth",
    "local_start",
)


def plan(smoke: bool) -> dict[str, Callable[[], Any]]:
    from bench import (
        api_load,
        auth,
        dispatch,
        local_start,
        matching,
        memory,
        orchestration,
        reach,
        relevance,
        runs,
        search,
        tracing,
        understanding,
        web,
    )

    if smoke:
        return {
            "orchestration": lambda: asyncio.run(orchestration.run(conversations=1, profile=False)),
            "dispatch": lambda: asyncio.run(dispatch.run(calls=5, docker=False)),
            "api": lambda: api_load.compare([1, 2], seconds=40, conversations=1),
            "memory": lambda: memory.run([200], queries=10, unique=50),
            "search": lambda: search.run(repeat=2),
            "matching": lambda: matching.run(sizes=(100,), repeat=1),
            "relevance": relevance.run,
            "web": lambda: web.run(loads=1),
            "reach": lambda: reach.run(rounds=2),
            "runs": lambda: runs.run(rounds=2),
            "tracing": lambda: tracing.run(conversations=1, rounds=2),
            "understanding": lambda: understanding.run(sample=40),
            "auth": lambda: auth.run(signins=2, checks=50),
        }
    return {
        "orchestration": lambda: asyncio.run(orchestration.run(conversations=12)),
        "dispatch": lambda: asyncio.run(dispatch.run(calls=60, docker=True)),
        "api": lambda: api_load.compare([1, 10, 50], seconds=20, conversations=None),
        "memory": lambda: memory.run([1000, 10000], queries=100, unique=300),
        "search": lambda: search.run(repeat=20),
        "matching": lambda: matching.run(sizes=(100, 1000), repeat=3),
        "web": lambda: web.run(loads=10),
        "reach": lambda: reach.run(rounds=15),
        "runs": lambda: runs.run(rounds=15),
        "tracing": lambda: tracing.run(conversations=3, rounds=16),
        "understanding": understanding.measure,
        "auth": lambda: auth.run(signins=20, checks=1000),
        "local_start": local_start.run,  # needs `make llm`
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="tiny counts, no Docker (CI)")
    parser.add_argument("--only", nargs="+", choices=PARTS, help="run only these parts")
    args = parser.parse_args()
    results: dict[str, Any] = {
        "mode": "smoke" if args.smoke else "full",
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "machine": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "loadavg_at_start": os.getloadavg(),
        },
        "seconds": {},
    }
    suffix = "-smoke" if args.smoke else ""
    previous = RESULTS / f"results{suffix}.json"
    if args.only and previous.is_file():  # re-running some parts keeps the others' results
        kept = json.loads(previous.read_text())
        results = {**kept, **{k: results[k] for k in ("date", "machine")}}
        results["seconds"] = kept.get("seconds", {})
    failed = []
    for name, part in plan(args.smoke).items():
        if args.only and name not in args.only:
            continue
        print(f"[bench] {name} ...", flush=True)
        started = time.perf_counter()
        try:
            results[name] = part()
        except Exception as exc:
            failed.append(name)
            results[name] = {"crashed": repr(exc), "traceback": traceback.format_exc()}
            print(traceback.format_exc(), file=sys.stderr)
        results["seconds"][name] = round(time.perf_counter() - started, 1)
        print(f"[bench] {name} done in {results['seconds'][name]} s", flush=True)
    results["machine"]["loadavg_at_end"] = os.getloadavg()
    results["crashed"] = failed
    from bench.report import markdown

    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"results{suffix}.json").write_text(json.dumps(results, indent=2) + "\n")
    text = markdown(results)
    (RESULTS / f"results{suffix}.md").write_text(text)
    print(text)
    if failed:
        print(f"[bench] crashed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
