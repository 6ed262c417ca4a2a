"""Storage profiles: one interface, two implementations chosen by STORAGE.

- `embedded` (default): session files, preference and change-log files and Chroma under MEMORY_ROOT; locks,
  the guest rate limit and guest sessions in this process. No server needed; one process.
- `server`: PostgreSQL (DATABASE_URL) for sessions, preferences, the change log, episodes and semantic memory
  (pgvector), Redis (REDIS_URL) for turn locks, the guest rate limit and guest sessions. Any
  number of identical API replicas may share them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_graph.config import Settings
from agent_graph.memory.changes import ChangeLog, ChangeRecords
from agent_graph.memory.preferences import PreferenceBackend, PreferenceStore
from agent_graph.security.confirm_tokens import LocalSpentTokens, SpentTokens
from agent_graph.security.rate_limit import RateLimiter
from agent_graph.storage.leases import RunLeases
from agent_graph.storage.locks import LocalTurnLocks, TurnLocks
from agent_graph.storage.run_streams import RedisRunStreams
from agent_graph.storage.scratch_sessions import ScratchSessionStore
from agent_graph.storage.sessions import SessionRecord, SessionStore


class Sessions(Protocol):
    """Signed-in users' sessions: the file store or PgSessionStore."""

    def load(self, user: str, session_id: str) -> SessionRecord | None: ...
    def save(self, record: SessionRecord) -> None: ...
    def delete(self, user: str, session_id: str) -> bool: ...
    def list(self, user: str) -> list[dict[str, Any]]: ...


class GuestSessions(Protocol):
    """Public guest sessions, never durable: RAM or Redis, both expiring."""

    def load(self, user: str, session_id: str) -> SessionRecord | None: ...
    def save(self, record: SessionRecord) -> None: ...
    def exists(self, user: str, session_id: str) -> bool: ...


class GuestLimiter(Protocol):
    async def check(self, key: str) -> float | None: ...


class PendingTurns(Protocol):
    """Turns in flight, so one whose replica died is kept as "(interrupted)" by the next."""

    def begin(self, user: str, session_id: str, user_text: str, started_at: float) -> None: ...
    def finish(self, user: str, session_id: str) -> None: ...
    def take(self, user: str, session_id: str) -> tuple[str, float] | None: ...


@dataclass
class Storage:
    """Everything stateful the API and graph.py use, from one profile."""

    name: str
    sessions: Sessions
    guests: GuestSessions
    locks: TurnLocks
    limiter: GuestLimiter
    preferences: PreferenceBackend
    changes: ChangeRecords
    """The log of L1 changes made for the user, which the user can undo."""
    open_vectors: Callable[[], Any]
    """Opens the L2/L3 stores (`semantic`, `episodes`, `embed`) off the event loop."""
    open_checkpointer: Callable[[], Awaitable[Any]] = field(default=lambda: _in_memory())
    """Opens the LangGraph checkpointer where turns paused for a confirmation wait (call once,
    at start; the server profile closes it in `close`)."""
    spent: SpentTokens = field(default_factory=LocalSpentTokens)
    """Confirmation tokens already redeemed (single use across every replica)."""
    pending: PendingTurns | None = None
    run_streams: RedisRunStreams | None = None
    """Runs' events for every replica to replay and follow (server profile)."""
    leases: RunLeases | None = None
    """Which replica runs each turn, so another takes over a dead one's (server profile)."""
    replica: str = ""
    """This process's name among the replicas (lease owner, turn lock holder)."""
    outages: dict[type[BaseException], str] = field(default_factory=dict)
    """Errors meaning a shared server is unreachable, with the server's name for the user."""
    closers: list[Callable[[], Any]] = field(default_factory=list)
    probes: dict[str, Callable[[], Any]] = field(default_factory=dict)
    """Shared servers by name, each with a blocking call that fails when it stops answering
    (GET /health runs them on threads of their own, with a deadline)."""

    async def close(self) -> None:
        for close in self.closers:
            result = close()
            if hasattr(result, "__await__"):
                await result


async def _in_memory() -> Any:
    """Paused turns in this process only: a restart forgets them (the embedded profile)."""
    from langgraph.checkpoint.memory import InMemorySaver

    return InMemorySaver()


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
    )
