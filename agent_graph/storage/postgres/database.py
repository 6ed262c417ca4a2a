"""Connections per process and the schema, created once by whichever replica comes first.

Every write is one transaction, so a crash (of the replica or of PostgreSQL) leaves the old row
or the new one, never a torn one. Vectors use pgvector's `vector(384)` type (MiniLM dims).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import psycopg

from agent_graph.memory.embeddings import DIMENSIONS
from agent_graph.storage.job_store import TABLES as JOB_TABLES
from agent_graph.storage.postgres.nul_safe import make_nul_safe

#: Seconds a connection attempt may take before the turn fails with a clear error.
CONNECT_TIMEOUT_S: Final = 5.0
#: A statement (or a lock it waits for) that runs longer fails instead of holding a turn.
STATEMENT_TIMEOUT_MS: Final = 10_000
#: Server-side limits every connection of the app carries.
SESSION_OPTIONS: Final = (
    f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout={STATEMENT_TIMEOUT_MS} "
    f"-c idle_in_transaction_session_timeout={6 * STATEMENT_TIMEOUT_MS}"
)
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
CREATE TABLE IF NOT EXISTS run_leases (
    run_id text PRIMARY KEY, user_id text NOT NULL, session_id text NOT NULL,
    request jsonb NOT NULL, owner text NOT NULL, lease_until timestamptz NOT NULL,
    started boolean NOT NULL DEFAULT false, takeovers integer NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS preferences (
    user_id text NOT NULL, skill text NOT NULL, entry_type text NOT NULL, key text NOT NULL,
    value text NOT NULL, seq bigint GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (user_id, skill, entry_type, key));
CREATE TABLE IF NOT EXISTS changes (
    user_id text NOT NULL, id text NOT NULL, skill text NOT NULL, entry_type text NOT NULL,
    key text NOT NULL, old text, new text, at text NOT NULL, message text NOT NULL,
    undoes text, seq bigint GENERATED ALWAYS AS IDENTITY, PRIMARY KEY (user_id, id));
CREATE INDEX IF NOT EXISTS changes_in_order ON changes (user_id, seq);
CREATE UNIQUE INDEX IF NOT EXISTS changes_undone_once ON changes (user_id, undoes)
    WHERE undoes IS NOT NULL;
CREATE TABLE IF NOT EXISTS semantic (
    user_id text NOT NULL, skill text NOT NULL, id text NOT NULL, summary text NOT NULL,
    metadata jsonb NOT NULL, embedding vector({DIMENSIONS}) NOT NULL,
    created_at double precision NOT NULL, PRIMARY KEY (user_id, skill, id));
CREATE TABLE IF NOT EXISTS episodes (
    user_id text NOT NULL, session_id text NOT NULL, idx integer NOT NULL,
    user_text text NOT NULL, assistant_text text NOT NULL,
    embedding vector({DIMENSIONS}) NOT NULL, created_at double precision NOT NULL,
    PRIMARY KEY (user_id, session_id, idx));
{JOB_TABLES}"""


def create_schema(url: str) -> None:
    """Create the extension and tables if missing (idempotent, safe with concurrent replicas)."""
    with (
        psycopg.connect(url, connect_timeout=int(CONNECT_TIMEOUT_S)) as conn,
        conn.transaction(),
    ):
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
        conn.execute(SCHEMA)


class Database:
    """Connections to DATABASE_URL for this process; the schema is made on first use.

    A small pool of its own rather than psycopg_pool: after an outage the pool's reconnect
    back-off kept failing turns for many seconds once PostgreSQL was back. Here every checkout
    checks an idle connection with an empty query and replaces a dead one at once.
    """

    def __init__(self, url: str, max_idle: int = 10) -> None:
        self.url = url
        self.max_idle = max_idle
        self._idle: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        self._schema_ready = False
        self._open = threading.local()  # the connection of this thread's outermost block

    def _connect(self) -> psycopg.Connection[Any]:
        from pgvector.psycopg import register_vector

        if not self._schema_ready:
            create_schema(self.url)
            self._schema_ready = True
        conn = psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=int(CONNECT_TIMEOUT_S),
            options=SESSION_OPTIONS,
        )
        register_vector(conn)
        make_nul_safe(conn)
        return conn

    def _checkout(self) -> psycopg.Connection[Any]:
        while True:
            with self._lock:
                conn = self._idle.pop() if self._idle else None
            if conn is None:
                return self._connect()
            try:
                conn.execute("")  # a dead idle connection (server restarted) fails here
                return conn
            except psycopg.Error:
                conn.close()

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection inside one transaction: committed when the block ends, else rolled back.
        Inside another block of the same thread it is that block's connection and transaction
        (a savepoint), so writes of several stores commit together."""
        outer: psycopg.Connection[Any] | None = getattr(self._open, "conn", None)
        if outer is not None:
            with outer.transaction():
                yield outer
            return
        conn = self._checkout()
        self._open.conn = conn
        try:
            with conn.transaction():
                yield conn
        except BaseException:
            conn.close()
            raise
        finally:
            self._open.conn = None
        with self._lock:
            if len(self._idle) < self.max_idle:
                self._idle.append(conn)
                return
        conn.close()

    def ping(self) -> None:
        """One round trip on a fresh connection (fails when PostgreSQL stopped answering)."""
        with psycopg.connect(
            self.url, connect_timeout=int(CONNECT_TIMEOUT_S), options=SESSION_OPTIONS
        ) as conn:
            conn.execute("SELECT 1")

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
