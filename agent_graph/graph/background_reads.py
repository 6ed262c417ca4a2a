"""Background model reads under way (graph/read_ahead.py), one per session at most."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


class BackgroundReads:
    """The background reads under way, one per session at most. A read begins after a short
    grace period: a message sent at once (the same user's or another's) finds nothing started
    and nothing to wait for."""

    def __init__(self, grace_s: float = 2.0) -> None:
        self.grace_s = grace_s
        self._tasks: dict[tuple[str, str], asyncio.Task[None]] = {}
        self._waiting: set[tuple[str, str]] = set()
        """Reads still in their grace period."""

    def start(self, key: tuple[str, str], read: Callable[[], Awaitable[None]]) -> None:
        previous = self._tasks.pop(key, None)
        if previous is not None:
            previous.cancel()
        self._waiting.add(key)
        task = asyncio.ensure_future(self._after_grace(key, read))
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))

    async def _after_grace(self, key: tuple[str, str], read: Callable[[], Awaitable[None]]) -> None:
        await asyncio.sleep(self.grace_s)
        self._waiting.discard(key)
        await read()

    def _forget(self, key: tuple[str, str], done: asyncio.Task[None]) -> None:
        if self._tasks.get(key) is done:
            del self._tasks[key]
            self._waiting.discard(key)

    def yield_to(self, key: tuple[str, str]) -> asyncio.Task[None] | None:
        """A turn of session `key` starts and has the model: every other session's read stops,
        and its own unless it has begun. A begun read of its own is returned: the turn waits
        for it before its first call (which then finds what it read), here rather than in
        llama-server's queue, where the call's idle timeout would run out while it waits."""
        own = None
        for other, task in list(self._tasks.items()):
            if other != key or other in self._waiting:
                task.cancel()
            else:
                own = task
        return own

    async def settled(self) -> None:
        """Wait for every read under way (tests, the eval's quiet moments)."""
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await self.settled()
