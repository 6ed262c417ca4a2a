"""What the listings say, searchable by meaning: every clause of every description as a MiniLM
vector, built once per dataset and cached on disk.

`prepare.py` builds the cache (`make skills-env`, the Docker build); a worker only loads it. The
cache directory is named after the dataset's and the model's digests, so new data or another
model is never read with old vectors. Without a cache, wishes are left out of the search and the
result says so: a missing index is never a failed search.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wishes.embedder import embed, model_digest

INDEX_VERSION = 1
MIN_CLAUSE_CHARS, MAX_CLAUSE_CHARS = 12, 240
CACHE_ROOT = Path(__file__).resolve().parent.parent / "data" / "wish-index"


@dataclass(frozen=True, eq=False)  # hashed by identity (cached per index)
class WishIndex:
    vectors: npt.NDArray[np.float32]  # one unit vector per clause (float16 on disk)
    starts: npt.NDArray[np.int64]  # home i's clauses are rows starts[i]:starts[i + 1]
    clauses: list[str]


@lru_cache(maxsize=4)
def cache_dir(data_file: Path) -> Path:
    """Read once per worker: a search with wishes and no index asks for it every time."""
    digest = hashlib.sha256(data_file.read_bytes()).hexdigest()[:16]
    return CACHE_ROOT / f"v{INDEX_VERSION}-{digest}-{model_digest()}"


def build(texts_per_home: list[list[str]], threads: int = 1) -> WishIndex:
    """Embed every clause; a home with nothing to say gets one empty clause (a zero vector)."""
    clauses: list[str] = []
    starts = [0]
    for texts in texts_per_home:
        kept = [t[:MAX_CLAUSE_CHARS] for t in texts if len(t) >= MIN_CLAUSE_CHARS] or [""]
        clauses += kept
        starts.append(len(clauses))
    vectors = embed([c or "." for c in clauses], threads)
    vectors[[i for i, c in enumerate(clauses) if not c]] = 0.0
    return WishIndex(vectors, np.asarray(starts, dtype=np.int64), clauses)


def save(index: WishIndex, target: Path) -> None:
    """Write atomically (a temporary folder renamed into place), readable by any skill user."""
    partial = target.with_name(target.name + f".partial-{os.getpid()}")
    partial.mkdir(parents=True, exist_ok=True)
    np.save(partial / "vectors.npy", index.vectors.astype(np.float16))
    np.save(partial / "starts.npy", index.starts)
    (partial / "clauses.json").write_text(json.dumps(index.clauses), encoding="utf-8")
    for path in (partial, *partial.iterdir()):
        path.chmod(0o755 if path.is_dir() else 0o644)
    partial.rename(target)


def load(source: Path) -> WishIndex | None:
    if not (source / "clauses.json").is_file():
        return None
    return WishIndex(
        np.load(source / "vectors.npy").astype(np.float32),
        np.load(source / "starts.npy"),
        json.loads((source / "clauses.json").read_text(encoding="utf-8")),
    )


def split(index: WishIndex) -> list[tuple[list[str], npt.NDArray[np.float32]]]:
    """Each home's clauses and vectors (the pieces `assemble` takes)."""
    bounds = index.starts.tolist()
    return [(index.clauses[a:b], index.vectors[a:b]) for a, b in itertools.pairwise(bounds)]


def assemble(
    base: WishIndex, overlay: dict[int, tuple[list[str], npt.NDArray[np.float32]]], count: int
) -> WishIndex:
    """The base index with some homes' clauses replaced or added (an applied listings update):
    unchanged runs of base homes are copied as blocks, so only the changed homes cost work.
    A home past the base with nothing in the overlay says nothing (one empty clause)."""
    based = len(base.starts) - 1
    empty = ([""], np.zeros((1, base.vectors.shape[1]), dtype=np.float32))
    vectors: list[npt.NDArray[np.float32]] = []
    clauses: list[str] = []
    lengths: list[int] = []
    home = 0
    for changed in [*sorted(k for k in overlay if k < count), count]:
        stop = min(changed, based)
        if home < stop:
            a, b = int(base.starts[home]), int(base.starts[stop])
            vectors.append(base.vectors[a:b])
            clauses += base.clauses[a:b]
            lengths += np.diff(base.starts[home : stop + 1]).tolist()
        for _ in range(max(home, based), changed):
            clauses += empty[0]
            vectors.append(empty[1])
            lengths.append(1)
        if changed < count:
            texts, rows = overlay[changed]
            clauses += texts
            vectors.append(np.asarray(rows, dtype=np.float32))
            lengths.append(len(texts))
        home = changed + 1
    starts = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    return WishIndex(np.concatenate(vectors), starts, clauses)
