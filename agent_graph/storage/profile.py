"""Storage profiles: one interface, two implementations chosen by STORAGE.

- `embedded` (default): session files, preference and change-log files and Chroma under MEMORY_ROOT; locks,
  the guest rate limit and guest sessions in this process. No server needed; one process.
- `server`: PostgreSQL (DATABASE_URL) for sessions, preferences, the change log, episodes and semantic memory
  (pgvector), Redis (REDIS_URL) for turn locks, the guest rate limit and guest sessions. Any
  number of identical API replicas may share them.
"""

from __future__ import annotations

from typing import Any

from agent_graph.accounts.store import sqlite_account_store
from agent_graph.config import Settings
from agent_graph.memory.changes import ChangeLog
from agent_graph.memory.preferences import PreferenceStore
from agent_graph.security.rate_limit import RateLimiter
from agent_graph.storage.job_store import sqlite_job_store
from agent_graph.storage.locks import LocalTurnLocks
from agent_graph.storage.scratch_sessions import ScratchSessionStore
from agent_graph.storage.sessions import SessionStore
from agent_graph.storage.storage import Storage


def open_storage(settings: Settings) -> Storage:
    """The profile STORAGE names; servers are connected lazily, on first use."""
    if settings.storage == "server":
        from agent_graph.storage.server_profile import open_server_storage

        return open_server_storage(settings)
    root = settings.memory_root

    def open_chroma() -> Any:
        from agent_graph.memory.layer import open_vector_stores

        return open_vector_stores(root)

    return Storage(
        name="embedded",
        sessions=SessionStore(root),
        guests=ScratchSessionStore(ttl_s=settings.guest_session_ttl_s),
        locks=LocalTurnLocks(),
        limiter=RateLimiter(settings.public_rate_limit, settings.public_rate_window_s),
        preferences=PreferenceStore(root),
        changes=ChangeLog(root),
        open_vectors=open_chroma,
        jobs=sqlite_job_store(root / "jobs" / "jobs.sqlite3"),
        accounts=sqlite_account_store(root / "accounts" / "accounts.sqlite3"),
    )
