"""What replicas must share, in Redis: per-session turn locks with a timeout, the guest rate
limit, and guest sessions with their expiry. Nothing here is durable on purpose."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Final

import redis
import redis.asyncio as aredis

from agent_graph.security.ids import validate_session_id
from agent_graph.storage.sessions import SessionRecord

log = logging.getLogger(__name__)

#: How often a waiting turn retries the lock.
POLL_S: Final = 0.05
#: How long a turn waits for the session's previous turn before giving up.
WAIT_S: Final = 300.0

# Delete the lock only if this holder still owns it; extend it likewise.
_RELEASE = (
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0"
)
# Hand a dead holder's lock to its run's new owner (only while the dead holder still has it).
_TAKE_OVER = (
    "local held = redis.call('get', KEYS[1]) "
    "if held and string.sub(held, 1, string.len(ARGV[1])) == ARGV[1] then "
    "return redis.call('set', KEYS[1], ARGV[2], 'px', ARGV[3]) end return false"
)
_EXTEND = (
    "if redis.call('get', KEYS[1]) == ARGV[1] then "
    "return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0"
)
# Sliding window on a sorted set, timed by the Redis server's clock so replicas agree.
_HIT = """
local t = redis.call('time')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local window = tonumber(ARGV[1])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - window)
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('zrange', KEYS[1], 0, 0, 'withscores')
  return tostring(tonumber(oldest[2]) + window - now)
end
redis.call('zadd', KEYS[1], now, ARGV[3])
redis.call('pexpire', KEYS[1], math.ceil(window * 1000))
return false
"""


class TurnLockTimeoutError(RuntimeError):
    """The session's previous turn held it longer than WAIT_S."""


class RedisTurnLocks:
    """A lock per (user, session) with a TTL, renewed while the turn runs: if a replica dies
    mid-turn, its lock expires after `ttl_s` and the session continues elsewhere, or passes at
    once to the replica that takes the dead one's run over (`take_from`). A lock's value starts
    with its holder's name, so only that holder's locks can be taken over."""

    def __init__(self, client: aredis.Redis, ttl_s: float, holder: str = "") -> None:
        self.client = client
        self.ttl_ms = int(ttl_s * 1000)
        self.holder = holder

    @asynccontextmanager
    async def hold(self, user: str, session_id: str, take_from: str = "") -> AsyncIterator[None]:
        key, token = f"propsearch:turn:{user}:{session_id}", f"{self.holder}/{uuid.uuid4().hex}"
        deadline = time.monotonic() + WAIT_S
        while not await self._acquire(key, token, take_from):
            if time.monotonic() > deadline:
                raise TurnLockTimeoutError("the previous turn of this session is still running")
            await asyncio.sleep(POLL_S)
        renew = asyncio.create_task(self._renew(key, token))
        try:
            yield
        finally:
            renew.cancel()
            with suppress(redis.RedisError, asyncio.CancelledError):
                await asyncio.shield(self.client.eval(_RELEASE, 1, key, token))

    async def _acquire(self, key: str, token: str, take_from: str) -> bool:
        if await self.client.set(key, token, nx=True, px=self.ttl_ms):
            return True
        if not take_from:
            return False
        return bool(await self.client.eval(_TAKE_OVER, 1, key, f"{take_from}/", token, self.ttl_ms))

    async def _renew(self, key: str, token: str) -> None:
        while True:
            await asyncio.sleep(self.ttl_ms / 3000)
            try:
                await self.client.eval(_EXTEND, 1, key, token, self.ttl_ms)
            except redis.RedisError as exc:
                log.warning("could not extend a turn lock: %r", exc)


class RedisRateLimiter:
    """At most `limit` hits per `window_s` per key, counted across every replica."""

    def __init__(self, client: aredis.Redis, limit: int, window_s: float) -> None:
        self.client = client
        self.limit = limit
        self.window_s = window_s

    async def check(self, key: str) -> float | None:
        """Record one hit; None when allowed, else the seconds until the next one is."""
        wait = await self.client.eval(
            _HIT, 1, f"propsearch:rate:{key}", self.window_s, self.limit, uuid.uuid4().hex
        )
        return None if wait is None else max(float(wait), 0.001)


class RedisSpentTokens:
    """Confirmation tokens already redeemed on any replica (SET NX, expiring with the token)."""

    def __init__(self, client: aredis.Redis) -> None:
        self.client = client

    async def spend(self, key: str, ttl_s: float) -> bool:
        first = await self.client.set(f"propsearch:confirm:{key}", 1, nx=True, px=int(ttl_s * 1000))
        return bool(first)


class RedisGuestSessions:
    """Public guest sessions (load/save/exists), each expiring `ttl_s` after its last turn."""

    def __init__(self, client: redis.Redis, ttl_s: float) -> None:
        self.client = client
        self.ttl_s = int(ttl_s)

    @staticmethod
    def _key(user: str, session_id: str) -> str:
        return f"propsearch:guest:{user}:{validate_session_id(session_id)}"

    def load(self, user: str, session_id: str) -> SessionRecord | None:
        raw = self.client.get(self._key(user, session_id))
        return SessionRecord(**json.loads(raw)) if raw else None

    def exists(self, user: str, session_id: str) -> bool:
        return bool(self.client.exists(self._key(user, session_id)))

    def save(self, record: SessionRecord) -> None:
        record.updated_at = time.time()
        self.client.set(self._key(record.user, record.id), record.to_json(), ex=self.ttl_s)
