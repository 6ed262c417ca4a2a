"""Session files synced behind the turn: a turn's record is written in the turn, and put on
disk (fsync) while its `done` goes out.

The save is the one write a turn cannot skip, and as a file it costs a temp file, a rename and
an fsync; the fsync alone was most of it (3-8 ms a turn on a loaded machine, all before
`done`). `SessionsBehind` writes the file as before (temp file + rename: every reader, the next
turn included, sees the new record at once, and a full or read-only disk is still the turn's
error), and hands the fsync to one writer thread. `settle` (the turn runner's `after_turn`)
waits for a user's syncs before the turn's stream ends, so a turn's stream still ends only
once its session is on disk. A failed sync is logged (the turn's answer is already out).

One process only: a store replicas share (the server profile) is not wrapped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from agent_graph.storage.sessions import SessionRecord, SessionStore, sync_file
from agent_graph.storage.storage import Storage

log = logging.getLogger(__name__)

AfterTurn = Callable[[str], Awaitable[None]]


class SessionsBehind:
    """The Sessions interface over a file `store`, each save's fsync done behind the caller."""

    def __init__(self, store: SessionStore) -> None:
        self.store = store
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="session-writes")
        self._syncing: dict[str, list[Future[None]]] = {}
        self._lock = threading.Lock()

    def save(self, record: SessionRecord) -> None:
        path = self.store.write(record, sync=False)  # a write that fails fails here, as before
        future = self._writer.submit(_sync_kept, path)
        with self._lock:
            kept = [f for f in self._syncing.get(record.user, []) if not f.done()]
            self._syncing[record.user] = [*kept, future]

    def load(self, user: str, session_id: str) -> SessionRecord | None:
        return self.store.load(user, session_id)

    def delete(self, user: str, session_id: str) -> bool:
        return self.store.delete(user, session_id)

    def list(self, user: str) -> list[dict[str, Any]]:
        return self.store.list(user)

    async def settle(self, user: str) -> None:
        """Until the user's sessions saved so far are on disk."""
        with self._lock:
            futures = self._syncing.pop(user, [])
        for future in futures:
            try:
                await asyncio.wrap_future(future)
            except OSError as exc:
                log.error("a session file could not be synced to disk: %s", exc.strerror)

    def close(self) -> None:
        """Sync what is under way, then stop the writer thread."""
        self._writer.shutdown(wait=True)


def _sync_kept(path: Path) -> None:
    """`path` on disk, unless the session was deleted since (nothing left to sync)."""
    with contextlib.suppress(FileNotFoundError):
        sync_file(path)


def write_sessions_behind(storage: Storage) -> list[AfterTurn]:
    """The embedded profile's session files synced behind the turn (closed with `storage`);
    what settles them. Another store (PostgreSQL, shared by replicas) keeps its saves whole
    in the turn: nothing to settle."""
    if not isinstance(storage.sessions, SessionStore):
        return []
    behind = SessionsBehind(storage.sessions)
    storage.sessions = behind
    storage.closers.append(behind.close)
    return [behind.settle]


def settled(settles: list[AfterTurn]) -> AfterTurn | None:
    """One `after_turn` awaiting each of `settles` in turn (None: nothing to wait for)."""
    if not settles:
        return None

    async def after_turn(user: str) -> None:
        for settle in settles:
            await settle(user)

    return after_turn
