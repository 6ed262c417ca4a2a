"""Background model reads under way (graph/read_ahead.py), one per session at most."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class BackgroundReads:
    """The background reads under way, one per session at most."""

    def __init__(self) -> None:
        self._tasks: dict[tuple[str, str], asyncio.Task[None]] = {}

    def start(self, key: tuple[str, str], read: Coroutine[Any, Any, None]) -> None:
        previous = self._tasks.pop(key, None)
        if previous is not None:
            previous.cancel()
        task = asyncio.ensure_future(read)
        self._tasks[key] = task
        task.add_done_callback(lambda done: self._forget(key, done))

    def _forget(self, key: tuple[str, str], done: asyncio.Task[None]) -> None:
        if self._tasks.get(key) is done:
            del self._tasks[key]

    def yield_to(self, key: tuple[str, str]) -> None:
        """A turn of session `key` starts: the other sessions' reads stop, so that turn has the
        model (its own session's read goes on; the turn's first call queues behind it)."""
        for other, task in list(self._tasks.items()):
            if other != key:
                task.cancel()

    async def settled(self) -> None:
        """Wait for every read under way (tests, the eval's quiet moments)."""
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        await self.settled()
