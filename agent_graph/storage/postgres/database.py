"""One connection pool per process and the schema, created once by whichever replica comes first.

Every write is one transaction, so a crash (of the replica or of PostgreSQL) leaves the old row
or the new one, never a torn one. Vectors use pgvector's `vector(384)` type (MiniLM dims).
"""

from __future__ import annotations

import threading
from typing import Any, Final

import psycopg
from psycopg_pool import ConnectionPool

from agent_graph.memory.embeddings import DIMENSIONS

#: Seconds a caller waits for a connection before the turn fails with a clear error.
CONNECT_TIMEOUT_S: Final = 5.0
#: Serialises schema creation across replicas starting together (any constant key works).
SCHEMA_LOCK_KEY: Final = 7_314_001

SCHEMA: Final = f"""
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE IF NOT EXISTS sessions (
    user_id text NOT NULL, id text NOT NULL, title text NOT NULL DEFAULT '',
    created_at double precision NOT NULL, updated_at double precision NOT NULL,
    messages jsonb NOT NULL, turns jsonb NOT NULL,
    PRIMARY KEY (user_id, id));
CREATE INDEX IF NOT EXISTS sessions_recent ON sessions (user_id, updated_at DESC);
CREATE TABLE IF NOT EXISTS pending_turns (
    user_id text NOT NULL, session_id text NOT NULL, user_text text NOT NULL,
    started_at double precision NOT NULL, PRIMARY KEY (user_id, session_id));
CREATE TABLE IF NOT EXISTS preferences (
    user_id text NOT NULL, skill text NOT NULL, entry_type text NOT NULL, key text NOT NULL,
    value text NOT NULL, seq bigint GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (user_id, skill, entry_type, key));
CREATE TABLE IF NOT EXISTS semantic (
    user_id text NOT NULL, skill text NOT NULL, id text NOT NULL, summary text NOT NULL,
    metadata jsonb NOT NULL, embedding vector({DIMENSIONS}) NOT NULL,
    created_at double precision NOT NULL, PRIMARY KEY (user_id, skill, id));
CREATE TABLE IF NOT EXISTS episodes (
    user_id text NOT NULL, session_id text NOT NULL, idx integer NOT NULL,
    user_text text NOT NULL, assistant_text text NOT NULL,
    embedding vector({DIMENSIONS}) NOT NULL, created_at double precision NOT NULL,
    PRIMARY KEY (user_id, session_id, idx));
"""


def create_schema(url: str) -> None:
    """Create the extension and tables if missing (idempotent, safe with concurrent replicas)."""
    with psycopg.connect(url, connect_timeout=int(CONNECT_TIMEOUT_S)) as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
        conn.execute(SCHEMA)


def _configure(conn: psycopg.Connection[Any]) -> None:
    from pgvector.psycopg import register_vector

    register_vector(conn)


class Database:
    """The process's pool to DATABASE_URL, opened (and the schema made) on first use."""

    def __init__(self, url: str, max_size: int = 10) -> None:
        self.url = url
        self.max_size = max_size
        self._pool: ConnectionPool | None = None
        self._lock = threading.Lock()

    @property
    def pool(self) -> ConnectionPool:
        with self._lock:
            if self._pool is None:
                create_schema(self.url)
                pool = ConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=self.max_size,
                    open=False,
                    configure=_configure,
                    check=ConnectionPool.check_connection,
                    timeout=CONNECT_TIMEOUT_S,
                    kwargs={"connect_timeout": int(CONNECT_TIMEOUT_S)},
                )
                pool.open(wait=True, timeout=CONNECT_TIMEOUT_S * 2)
                self._pool = pool
            return self._pool

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None
