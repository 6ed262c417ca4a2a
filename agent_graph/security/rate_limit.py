"""Sliding-window rate limiter per client key (e.g. IP), bounded in memory."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable

MAX_KEYS = 10_000


class RateLimiter:
    """At most `limit` hits per `window_s` seconds per key; the oldest keys are evicted first."""

    def __init__(
        self, limit: int, window_s: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window_s = window_s
        self._clock = clock
        self._hits: OrderedDict[str, deque[float]] = OrderedDict()

    def hit(self, key: str) -> float | None:
        """Record one hit; None when allowed, else the seconds until the next one is."""
        now = self._clock()
        hits = self._hits.pop(key, None) or deque()
        while hits and hits[0] <= now - self.window_s:
            hits.popleft()
        self._hits[key] = hits
        if len(self._hits) > MAX_KEYS:
            self._hits.popitem(last=False)
        if len(hits) >= self.limit:
            return max(hits[0] + self.window_s - now, 0.001)
        hits.append(now)
        return None

    async def check(self, key: str) -> float | None:
        """`hit` behind the async interface the shared (Redis) limiter also offers."""
        return self.hit(key)
