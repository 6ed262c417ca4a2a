"""Memory: embedding latency per message, L3/L2 query latency at 1k and 10k stored items,
preferences load/render/upsert. Reuses bench_memory's generators and timers.

Stored items get their vectors from the real model, but to keep the run short only up to
`unique` distinct texts are embedded; larger stores reuse those vectors with a small random
perturbation (the query path and index size are what is measured, not insert speed).
"""

from __future__ import annotations

import functools
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench import bench_memory
from bench.common import stats_ms

SESSIONS = 100


def _store(
    l3: Any, l2: Any, user: str, size: int, vectors: np.ndarray, rng: random.Random
) -> dict[str, Any]:
    from agent_graph.memory.chroma import WRITE_LOCK, collection_name

    noise = np.random.default_rng(size)
    picks = vectors[[i % len(vectors) for i in range(size)]]
    picks = picks + noise.normal(0, 0.01, picks.shape).astype(np.float32)
    picks /= np.linalg.norm(picks, axis=1, keepdims=True)
    l3_coll = l3._collections.get_or_create(
        collection_name("l3", user, "real_estate"),
        metadata={"layer": "l3", "user": user, "skill": "real_estate"},
    )
    l2_coll = l2._collections.get_or_create(
        collection_name("l2", user), metadata={"layer": "l2", "user": user}
    )
    spread_coll = l2._collections.get_or_create(
        collection_name("l2", f"{user}-spread"), metadata={"layer": "l2", "user": f"{user}-spread"}
    )
    started = time.perf_counter()
    for first in range(0, size, 1000):
        rows = range(first, min(size, first + 1000))
        with WRITE_LOCK:
            l3_coll.upsert(
                ids=[f"s{i}" for i in rows],
                embeddings=picks[first : first + len(rows)].tolist(),
                documents=[bench_memory.summary(rng, i) for i in rows],
                metadatas=[{"skill": "real_estate", "tool": "search_properties"} for _ in rows],
            )
            l2_coll.upsert(
                ids=[f"e{i}" for i in rows],
                embeddings=picks[first : first + len(rows)].tolist(),
                documents=[
                    f"User: {bench_memory.message(rng)}\nAssistant: answer {i}" for i in rows
                ],
                metadatas=[
                    {"session_id": "session", "index": i, "user_text": "q", "assistant_text": "a"}
                    for i in rows
                ],
            )
            spread_coll.upsert(  # the same items spread over 100 sessions (the usual case)
                ids=[f"e{i}" for i in rows],
                embeddings=picks[first : first + len(rows)].tolist(),
                documents=[f"User: {bench_memory.message(rng)}\nAssistant: a {i}" for i in rows],
                metadatas=[
                    {
                        "session_id": f"session{i % SESSIONS}",
                        "index": i // SESSIONS,
                        "user_text": "q",
                        "assistant_text": "a",
                    }
                    for i in rows
                ],
            )
    l3._remember_skill(user, "real_estate")
    return {"insert_both_s": round(time.perf_counter() - started, 2)}


def run(sizes: list[int], queries: int, unique: int) -> dict[str, Any]:
    from agent_graph.memory.chroma import open_client
    from agent_graph.memory.embeddings import OfflineMiniLM
    from agent_graph.memory.episodes import EpisodeMemory
    from agent_graph.memory.preferences import PreferenceEntry, PreferenceStore, render_entries
    from agent_graph.memory.semantic import SemanticMemory

    rng = random.Random(0)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-mem-") as tmp:
        root = Path(tmp)
        ef = OfflineMiniLM()
        messages = [bench_memory.message(rng) for _ in range(max(queries, 10))]
        ef(messages[:5])
        # every text distinct: a text embedded again is read from the recent vectors
        distinct = [f"{m} ({i})" for i, m in enumerate(messages)]
        results["embed_one_message"] = stats_ms(bench_memory.time_each(lambda t: ef([t]), distinct))
        long_answer = " ".join(bench_memory.summary(rng, i) for i in range(12))
        episodes = [f"{long_answer} ({i})" for i in range(max(queries // 4, 5))]
        results["embed_one_episode_256_tokens"] = stats_ms(
            bench_memory.time_each(lambda t: ef([t]), episodes)
        )
        texts = [bench_memory.summary(rng, i) for i in range(unique)]
        vectors = np.asarray(ef(texts), dtype=np.float32)
        client = open_client(root)
        l3, l2 = SemanticMemory(client, ef, max_distance=None), EpisodeMemory(client, ef)
        for size in sizes:
            user = f"user{size}"
            row: dict[str, Any] = _store(l3, l2, user, size, vectors, rng)
            asks = [bench_memory.message(rng) for _ in range(queries)]
            row["l3_query"] = stats_ms(
                bench_memory.time_each(functools.partial(l3.query, user), asks)
            )
            row["l2_query"] = stats_ms(
                bench_memory.time_each(
                    functools.partial(l2.query, user, "session", n=3, before_index=size - 5),
                    asks,
                )
            )
            row["l2_query_100_sessions"] = stats_ms(
                bench_memory.time_each(
                    functools.partial(
                        l2.query,
                        f"{user}-spread",
                        "session7",
                        n=3,
                        before_index=size // SESSIONS - 5,
                    ),
                    asks,
                )
            )
            results[f"items_{size}"] = row
        store = PreferenceStore(root)
        for i in range(20):
            store.upsert("local", "real_estate", PreferenceEntry("PREFERENCE", f"k{i}", f"v {i}"))
        reps = max(queries * 2, 20)
        results["preferences_load_20"] = stats_ms(
            bench_memory.timed(lambda: store.load("local", "real_estate"), reps)
        )
        results["preferences_render_20"] = stats_ms(
            bench_memory.timed(lambda: render_entries(store.load_all("local")), reps)
        )
        results["preferences_upsert"] = stats_ms(
            bench_memory.timed(
                lambda: store.upsert("local", "real_estate", PreferenceEntry("DECISION", "x", "y")),
                max(reps // 2, 10),
            )
        )
    return results
