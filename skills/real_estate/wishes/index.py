"""What the listings say, searchable by meaning: every clause of every description as a MiniLM
vector, built once per dataset and cached on disk.

`prepare.py` builds the cache (`make skills-env`, the Docker build); a worker only loads it. The
cache directory is named after the dataset's and the model's digests, so new data or another
model is never read with old vectors. Without a cache, wishes are left out of the search and the
result says so: a missing index is never a failed search.
"""

from __future__ import annotations

import hashlib
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
