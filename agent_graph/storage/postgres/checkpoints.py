"""Turns paused for a confirmation, kept in PostgreSQL with LangGraph's own checkpointer
(`AsyncPostgresSaver`), so the user's answer may reach any replica.

The saver runs its operations one at a time (its own lock), so one connection per replica is
enough. Like `Database`, every operation first checks that connection with an empty query and
replaces a dead one at once: after a PostgreSQL restart there is no stale connection and no
reconnect back-off (psycopg_pool's), and no new connection per operation either (a null pool
measured about 40 ms per connect here). Turns write their checkpoint only when the graph
stops (`durability="exit"` in the turn runner), so a turn costs a handful of statements.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final

import psycopg
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg.rows import DictRow, dict_row

from agent_graph.storage.postgres.database import CONNECT_TIMEOUT_S, SESSION_OPTIONS
from agent_graph.storage.postgres.nul_safe import make_nul_safe

#: Serialises the checkpoint tables' setup across replicas starting together.
SETUP_LOCK_KEY: Final = 7_314_002


async def _connect(url: str) -> psycopg.AsyncConnection[DictRow]:
    """A connection as the saver needs it (autocommit, dict rows, no prepared statements)."""
    conn = await psycopg.AsyncConnection.connect(
        url,
        autocommit=True,
        prepare_threshold=0,
        row_factory=dict_row,
        connect_timeout=int(CONNECT_TIMEOUT_S),
        options=SESSION_OPTIONS,
    )
    make_nul_safe(conn)
    return conn


class _Unlocked:
    """Stands in for the saver's own lock, which `_cursor` below takes itself (an asyncio lock
    is not reentrant)."""

    async def __aenter__(self) -> None:
        return None

    async def __aexit__(self, *exc: object) -> None:
        return None


class PostgresCheckpointer(AsyncPostgresSaver):
    """AsyncPostgresSaver on one connection that is replaced as soon as it is found dead."""

    def __init__(self, url: str, conn: psycopg.AsyncConnection[DictRow]) -> None:
        super().__init__(conn)
        self.url = url
        self._one_at_a_time = asyncio.Lock()
        self.lock = _Unlocked()  # type: ignore[assignment]

    async def _live(self) -> None:
        """Only while holding `_one_at_a_time`: never probe (or replace) a connection that
        another turn's statement is using."""
        conn: psycopg.AsyncConnection[DictRow] = self.conn  # type: ignore[assignment]
        try:
            if conn.closed:
                raise psycopg.OperationalError("the connection was closed")
            await conn.execute("")  # a connection PostgreSQL dropped fails here
        except psycopg.Error:
            with contextlib.suppress(psycopg.Error):
                await conn.close()
            self.conn = await _connect(self.url)  # fails clearly while PostgreSQL is down

    @asynccontextmanager
    async def _cursor(self, *, pipeline: bool = False) -> AsyncIterator[Any]:
        async with self._one_at_a_time:
            await self._live()
            async with super()._cursor(pipeline=pipeline) as cur:
                yield cur

    async def close(self) -> None:
        await self.conn.close()

    @classmethod
    async def open(cls, url: str) -> PostgresCheckpointer:
        """Connect and make the saver's tables (idempotent; one replica at a time)."""
        saver = cls(url, await _connect(url))
        try:
            async with await _connect(url) as conn:
                await conn.execute("SELECT pg_advisory_lock(%s)", (SETUP_LOCK_KEY,))
                await saver.setup()  # the session lock goes with this connection
        except BaseException:
            await saver.close()
            raise
        return saver
