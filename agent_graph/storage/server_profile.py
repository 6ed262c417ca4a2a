"""The server profile: PostgreSQL + pgvector for what must last (including turns paused for a
confirmation), Redis for what replicas share."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Callable
from typing import Any

import psycopg
import redis
import redis.asyncio as aredis
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.retry import Retry

from agent_graph.accounts.store import postgres_account_store
from agent_graph.config import Settings
from agent_graph.storage.coordination import (
    RedisGuestSessions,
    RedisRateLimiter,
    RedisSpentTokens,
    RedisTurnLocks,
)
from agent_graph.storage.job_store import JobStore
from agent_graph.storage.postgres.changes import PgChangeLog
from agent_graph.storage.postgres.database import Database
from agent_graph.storage.postgres.preferences import PgPreferenceStore
from agent_graph.storage.postgres.run_leases import PgRunLeases
from agent_graph.storage.postgres.sessions import PgPendingTurns, PgSessionStore
from agent_graph.storage.run_streams import RedisRunStreams
from agent_graph.storage.storage import Storage

#: Seconds before a Redis call counts as failed (a stopped Redis must not hang a turn).
REDIS_TIMEOUT_S = 3.0
RUN_KEEP_S = 600.0
"""A finished run's events stay readable this long (as in one replica: turns/runs.py)."""


def open_server_storage(settings: Settings) -> Storage:
    assert settings.database_url and settings.redis_url  # Settings validates the profile
    db = Database(settings.database_url)
    options: dict[str, Any] = {
        "socket_timeout": REDIS_TIMEOUT_S,
        "socket_connect_timeout": REDIS_TIMEOUT_S,
        # A pooled connection that died with a Redis restart is replaced once, at once, rather
        # than failing the first turn after the restart.
        "retry_on_error": [redis.ConnectionError],
    }
    shared = aredis.Redis.from_url(
        settings.redis_url, retry=AsyncRetry(NoBackoff(), retries=1), **options
    )
    blocking = redis.Redis.from_url(settings.redis_url, retry=Retry(NoBackoff(), 1), **options)

    closers: list[Callable[[], Any]] = [db.close, shared.aclose, blocking.close]
    replica = f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"

    async def open_checkpointer() -> Any:
        from agent_graph.storage.postgres.checkpoints import PostgresCheckpointer

        saver = await PostgresCheckpointer.open(db.url)
        closers.append(saver.close)
        return saver

    def open_pgvector() -> Any:
        from agent_graph.storage.postgres.vectors import PgVectorStores

        return PgVectorStores(db)

    return Storage(
        name="server",
        sessions=PgSessionStore(db),
        guests=RedisGuestSessions(blocking, settings.guest_session_ttl_s),
        locks=RedisTurnLocks(shared, settings.turn_lock_ttl_s, replica),
        limiter=RedisRateLimiter(shared, settings.public_rate_limit, settings.public_rate_window_s),
        spent=RedisSpentTokens(shared),
        preferences=PgPreferenceStore(db),
        changes=PgChangeLog(db),
        jobs=JobStore(db.connection),
        accounts=postgres_account_store(db.connection),
        open_vectors=open_pgvector,
        pending=PgPendingTurns(db),
        run_streams=RedisRunStreams(shared, RUN_KEEP_S),
        leases=PgRunLeases(db, settings.run_lease_s),
        replica=replica,
        outages={
            psycopg.OperationalError: "PostgreSQL",
            redis.ConnectionError: "Redis",
            redis.TimeoutError: "Redis",
        },
        open_checkpointer=open_checkpointer,
        closers=closers,
        probes={"PostgreSQL": db.ping, "Redis": blocking.ping},
    )
