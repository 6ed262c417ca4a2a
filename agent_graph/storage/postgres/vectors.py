"""L3 semantic memory and L2 episodes in PostgreSQL with pgvector, embedded by the bundled MiniLM.

Search is exact (a per-user scan ordered by pgvector's cosine distance `<=>`): per-user
collections are small, and an exact scan never drops filtered hits the way an ANN index
with a WHERE clause can. Distances match the embedded Chroma store (cosine space).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
from psycopg.types.json import Jsonb

from agent_graph.memory.embeddings import OfflineMiniLM, default_embedding_function
from agent_graph.memory.episodes import MAX_TEXT_CHARS, Episode
from agent_graph.memory.semantic import DEFAULT_MAX_DISTANCE, summary_id
from agent_graph.storage.postgres.database import Database

_CACHE_SIZE: Final = 256


class Embedder:
    """MiniLM vectors as numpy arrays; one message's query vector is cached (L3 and L2 share it)."""

    def __init__(self, function: OfflineMiniLM) -> None:
        self.function = function
        self._cache: OrderedDict[str, np.ndarray[Any, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def many(self, texts: list[str]) -> list[np.ndarray[Any, Any]]:
        return [np.asarray(v, dtype=np.float32) for v in self.function(texts)]

    def one(self, text: str) -> np.ndarray[Any, Any]:
        with self._lock:
            if text in self._cache:
                self._cache.move_to_end(text)
                return self._cache[text]
        vector = self.many([text])[0]
        with self._lock:
            self._cache[text] = vector
            if len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        return vector


class PgSemanticMemory:
    """L3: add_many / query like SemanticMemory; a repeated summary is refreshed, not duplicated."""

    def __init__(self, db: Database, embedder: Embedder) -> None:
        self.db = db
        self.embedder = embedder
        self.max_distance = DEFAULT_MAX_DISTANCE

    def add_many(
        self, user: str, skill: str, items: Sequence[tuple[str, Mapping[str, Any]]]
    ) -> list[str]:
        if any(not summary.strip() for summary, _ in items):
            raise ValueError("summaries must not be empty")
        unique = {summary_id(summary): (summary, meta) for summary, meta in items}
        vectors = self.embedder.many([summary for summary, _ in unique.values()])
        now = time.time()
        rows = [
            (user, skill, sid, summary, Jsonb(dict(meta)), vector, now)
            for (sid, (summary, meta)), vector in zip(unique.items(), vectors, strict=True)
        ]
        with self.db.connection() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO semantic VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT "
                "(user_id, skill, id) DO UPDATE SET metadata = EXCLUDED.metadata, "
                "created_at = EXCLUDED.created_at",
                rows,
            )
        return [summary_id(summary) for summary, _ in items]

    def query(self, user: str, text: str, n: int = 3) -> list[str]:
        """The ``n`` summaries closest to ``text`` across the user's skills, within the threshold."""
        if n <= 0 or not text.strip():
            return []
        with self.db.connection() as conn:
            rows = conn.execute(
                "SELECT summary FROM (SELECT summary, embedding <=> %s AS distance FROM semantic "
                "WHERE user_id = %s) hits WHERE distance <= %s ORDER BY distance LIMIT %s",
                (self.embedder.one(text), user, self.max_distance, n),
            ).fetchall()
        return [str(summary) for (summary,) in rows]


class PgEpisodeMemory:
    """L2: add / query / delete_session like EpisodeMemory, filtered by session and index."""

    def __init__(self, db: Database, embedder: Embedder) -> None:
        self.db = db
        self.embedder = embedder

    def add(
        self, user: str, session_id: str, index: int, user_text: str, assistant_text: str
    ) -> None:
        self.add_many(user, session_id, [(index, user_text, assistant_text)])

    def add_many(self, user: str, session_id: str, exchanges: list[tuple[int, str, str]]) -> None:
        if any(index < 0 for index, _, _ in exchanges):
            raise ValueError("episode indexes start at 0")
        trimmed = [(i, u[:MAX_TEXT_CHARS], a[:MAX_TEXT_CHARS]) for i, u, a in exchanges]
        vectors = self.embedder.many([f"User: {u}\nAssistant: {a}" for _, u, a in trimmed])
        now = time.time()
        rows = [
            (user, session_id, i, u, a, vector, now)
            for (i, u, a), vector in zip(trimmed, vectors, strict=True)
        ]
        with self.db.connection() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO episodes VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT "
                "(user_id, session_id, idx) DO UPDATE SET user_text = EXCLUDED.user_text, "
                "assistant_text = EXCLUDED.assistant_text, embedding = EXCLUDED.embedding, "
                "created_at = EXCLUDED.created_at",
                rows,
            )

    def query(
        self, user: str, session_id: str, text: str, n: int = 3, before_index: int | None = None
    ) -> list[Episode]:
        """The ``n`` episodes of this session closest to ``text`` with ``index < before_index``."""
        if n <= 0 or not text.strip():
            return []
        limit = before_index if before_index is not None else 2**31 - 1
        with self.db.connection() as conn:
            rows = conn.execute(
                "SELECT idx, user_text, assistant_text, embedding <=> %s AS distance "
                "FROM episodes WHERE user_id = %s AND session_id = %s AND idx < %s "
                "ORDER BY distance LIMIT %s",
                (self.embedder.one(text), user, session_id, limit, n),
            ).fetchall()
        return [Episode(int(i), str(u), str(a), float(d)) for i, u, a, d in rows]

    def delete_session(self, user: str, session_id: str) -> int:
        with self.db.connection() as conn:
            deleted = conn.execute(
                "DELETE FROM episodes WHERE user_id = %s AND session_id = %s", (user, session_id)
            )
            return deleted.rowcount


class PgVectorStores:
    """What MemoryLayer opens for L2/L3 in the server profile (the embedded one opens Chroma)."""

    def __init__(self, db: Database) -> None:
        self.embedder = Embedder(default_embedding_function())
        self.semantic = PgSemanticMemory(db, self.embedder)
        self.episodes = PgEpisodeMemory(db, self.embedder)

    def close(self) -> None:
        """Nothing of its own to close: the database is the storage's."""

    def embed(self, texts: list[str]) -> Any:
        return self.embedder.many(texts)
