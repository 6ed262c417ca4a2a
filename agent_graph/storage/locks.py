"""Per-session turn locks: two turns on one session never overlap (this process only)."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Protocol


class TurnLocks(Protocol):
    """Holds a session while one turn runs; the server profile shares it across replicas."""

    def hold(
        self, user: str, session_id: str, take_from: str = ""
    ) -> AbstractAsyncContextManager[None]:
        """`take_from`: a replica that died holding it (its run is being taken over)."""
        ...


class LocalTurnLocks:
    """asyncio locks kept weakly: a session's lock lives while a turn holds or awaits it."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[tuple[str, str], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    @asynccontextmanager
    async def hold(self, user: str, session_id: str, take_from: str = "") -> AsyncIterator[None]:
        lock = self._locks.get((user, session_id))
        if lock is None:
            lock = self._locks[(user, session_id)] = asyncio.Lock()
        async with lock:
            yield
