"""Memory benchmark: cold start, embedding latency, L3/L2 query latency at 1k and 10k stored
items, preference loading. Prints a table and writes bench/results/memory.json.

    .venv/bin/python bench/bench_memory.py [--sizes 1000 10000] [--queries 100]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.common import stats_ms  # noqa: E402

COLD_START = """
import json, time
t0 = time.perf_counter()
from agent_graph.memory.chroma import open_client
from agent_graph.memory.embeddings import OfflineMiniLM
t1 = time.perf_counter()
client = open_client(__import__("pathlib").Path({root!r}))
t2 = time.perf_counter()
ef = OfflineMiniLM()
t3 = time.perf_counter()
ef(["first message"])
t4 = time.perf_counter()
print(json.dumps({{"import_s": t1 - t0, "client_s": t2 - t1, "model_load_s": t3 - t2,
                   "first_vector_s": t4 - t3, "total_s": t4 - t0}}))
"""

CITIES = ["Austin", "Round Rock", "Cedar Park", "Pflugerville", "Georgetown", "Manor", "Leander"]
FEATURES = ["pool", "garage", "view", "spa", "waterfront", "big yard", "updated kitchen"]
ASKS = [
    "find me a {b} bed house in {c} under ${p}k",
    "anything with a {f} near {c}?",
    "show me condos in {c} below {p} thousand",
    "what about {b} bedrooms and a {f}",
    "is the one on {n} Oak St still available in {c}?",
    "compare the first two listings in {c}",
]


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def time_each(fn: Callable[[str], object], items: list[str]) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        out.append(time.perf_counter() - start)
    return out


def message(rng: random.Random) -> str:
    return rng.choice(ASKS).format(
        b=rng.randint(1, 5),
        c=rng.choice(CITIES),
        p=rng.randint(200, 900),
        f=rng.choice(FEATURES),
        n=rng.randint(100, 9999),
    )


def summary(rng: random.Random, i: int) -> str:
    city, beds = rng.choice(CITIES), rng.randint(1, 5)
    price = rng.randint(150, 1500) * 1000
    return (
        f"search_properties {{location: {city}, beds_min: {beds}}}: {rng.randint(1, 80)} matches;"
        f" top: {rng.randint(100, 9999)} {rng.choice(['Oak', 'Elm', 'Lamar', 'Shoal'])} St "
        f"${price:,} {beds}bd {rng.choice(FEATURES)} #{i}"
    )


def cold_start(root: Path) -> dict[str, float]:
    code = COLD_START.format(root=str(root))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    result: dict[str, float] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument("--out", type=Path, default=REPO / "bench/results/memory.json")
    args = parser.parse_args()

    from agent_graph.memory.chroma import open_client
    from agent_graph.memory.embeddings import OfflineMiniLM
    from agent_graph.memory.episodes import EpisodeMemory
    from agent_graph.memory.preferences import PreferenceEntry, PreferenceStore, render_entries
    from agent_graph.memory.semantic import SemanticMemory

    rng = random.Random(0)
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "date": time.strftime("%Y-%m-%d %H:%M"),
    }
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        results["cold_start"] = cold_start(root / "cold")

        ef = OfflineMiniLM()
        messages = [message(rng) for _ in range(200)]
        ef(messages[:5])  # warm-up
        per_message = []
        for text in messages:
            start = time.perf_counter()
            ef([text])
            per_message.append(time.perf_counter() - start)
        results["embed_one_message"] = stats_ms(per_message)

        client = open_client(root)
        l3, l2 = SemanticMemory(client, ef, max_distance=None), EpisodeMemory(client, ef)
        for size in args.sizes:
            user = f"user{size}"
            start = time.perf_counter()
            for first in range(0, size, 500):
                batch = [(summary(rng, i), {"i": i}) for i in range(first, min(size, first + 500))]
                l3.add_many(user, "real_estate", batch)
            l3_insert = time.perf_counter() - start
            start = time.perf_counter()
            for first in range(0, size, 500):
                exchanges = [
                    (i, message(rng), f"answer {i}: {summary(rng, i)}")
                    for i in range(first, min(size, first + 500))
                ]
                l2.add_many(user, "session", exchanges)
            l2_insert = time.perf_counter() - start
            queries = [message(rng) for _ in range(args.queries)]
            l3_times = time_each(functools.partial(l3.query, user, n=3), queries)
            l2_times = time_each(
                functools.partial(l2.query, user, "session", n=3, before_index=size - 5),
                queries,
            )
            results[f"items_{size}"] = {
                "l3_insert_s": l3_insert,
                "l2_insert_s": l2_insert,
                "l3_query": stats_ms(l3_times),
                "l2_query": stats_ms(l2_times),
            }

        store = PreferenceStore(root)
        for i in range(20):
            store.upsert("local", "real_estate", PreferenceEntry("PREFERENCE", f"k{i}", f"v {i}"))
        results["preferences_load_20"] = stats_ms(
            timed(lambda: store.load("local", "real_estate"), 500)
        )
        results["preferences_render_20"] = stats_ms(
            timed(lambda: render_entries(store.load_all("local")), 500)
        )
        results["preferences_upsert"] = stats_ms(
            timed(
                lambda: store.upsert("local", "real_estate", PreferenceEntry("DECISION", "x", "y")),
                200,
            )
        )

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print_table(results, args.sizes)
    print(f"\nwritten to {args.out}")


def print_table(results: dict[str, Any], sizes: list[int]) -> None:
    cold = results["cold_start"]
    rows = [
        ("cold start total (import+client+model+1st vector)", f"{cold['total_s']:.2f} s"),
        (
            "  import / client / model load",
            "{import_s:.2f} / {client_s:.2f} / {model_load_s:.2f} s".format(**cold),
        ),
        (
            "embed 1 message, median / p99",
            "{median_ms:.1f} / {p99_ms:.1f} ms".format(**results["embed_one_message"]),
        ),
    ]
    for size in sizes:
        r = results[f"items_{size}"]
        rows.append((f"L3 insert {size} (batches of 500)", f"{r['l3_insert_s']:.1f} s"))
        rows.append(
            (
                f"L3 query @ {size}, median / p99",
                "{median_ms:.1f} / {p99_ms:.1f} ms".format(**r["l3_query"]),
            )
        )
        rows.append((f"L2 insert {size}", f"{r['l2_insert_s']:.1f} s"))
        rows.append(
            (
                f"L2 query @ {size} (where session, index<), median / p99",
                "{median_ms:.1f} / {p99_ms:.1f} ms".format(**r["l2_query"]),
            )
        )
    for key in ("preferences_load_20", "preferences_render_20", "preferences_upsert"):
        rows.append(
            (f"{key}, median / p99", "{median_ms:.2f} / {p99_ms:.2f} ms".format(**results[key]))
        )
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
