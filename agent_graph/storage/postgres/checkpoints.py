"""Turns paused for a confirmation, kept in PostgreSQL with LangGraph's own checkpointer
(`AsyncPostgresSaver`), so the user's answer may reach any replica.

Its connections come from a null pool: a fresh connection per checkpoint operation, none kept
idle. After a PostgreSQL restart nothing stale is left to fail and no reconnect back-off delays
the next turn (the same reason `Database` checks every idle connection). Turns write their
checkpoint only when the graph stops (`durability="exit"` in the turn runner), so a turn costs
a handful of operations.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Final

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg.rows import dict_row
from psycopg_pool import AsyncNullConnectionPool

from agent_graph.storage.postgres.database import CONNECT_TIMEOUT_S

#: Serialises the checkpoint tables' setup across replicas starting together.
SETUP_LOCK_KEY: Final = 7_314_002


async def open_postgres_checkpointer(
    url: str,
) -> tuple[AsyncPostgresSaver, Callable[[], Awaitable[None]]]:
    """The saver, its tables made (idempotent), and the coroutine function that closes it."""
    pool: AsyncNullConnectionPool[Any] = AsyncNullConnectionPool(
        url,
        open=False,
        timeout=CONNECT_TIMEOUT_S,
        kwargs={
            "autocommit": True,
            "prepare_threshold": 0,
            "row_factory": dict_row,
            "connect_timeout": int(CONNECT_TIMEOUT_S),
        },
    )
    await pool.open()
    saver = AsyncPostgresSaver(pool)
    try:
        async with pool.connection() as conn:
            await conn.execute("SELECT pg_advisory_lock(%s)", (SETUP_LOCK_KEY,))
            try:
                await saver.setup()
            finally:
                await conn.execute("SELECT pg_advisory_unlock(%s)", (SETUP_LOCK_KEY,))
    except BaseException:
        await pool.close()
        raise
    return saver, pool.close
