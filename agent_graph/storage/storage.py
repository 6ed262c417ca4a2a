"""Storage: everything stateful a profile provides (profile.py picks one), as the API, the
graph and the profiles themselves see it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_graph.accounts.store import AccountStore
from agent_graph.memory.changes import ChangeRecords
from agent_graph.memory.preferences import PreferenceBackend
from agent_graph.security.confirm_tokens import LocalSpentTokens, SpentTokens
from agent_graph.storage.job_store import JobStore
from agent_graph.storage.leases import RunLeases
from agent_graph.storage.locks import TurnLocks
from agent_graph.storage.run_streams import RedisRunStreams
from agent_graph.storage.sessions import SessionRecord


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
    jobs: JobStore | None = None
    """Job runs and users' alerts (docs/jobs.md): SQLite under MEMORY_ROOT, or PostgreSQL."""
    accounts: AccountStore | None = None
    """People's accounts, sessions and API keys (docs/accounts.md): SQLite or PostgreSQL."""
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
