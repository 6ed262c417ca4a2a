"""Runs' events where every replica can read them (server profile): a Redis Stream per run, a
hash with its owner session and status, the session's runs in a list, all expiring `keep_s`
after the run ends. A replica that does not run a turn replays and follows it from here, and
asks the replica that runs it to stop it through a cancel key."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, cast

import redis.asyncio as aredis

from agent_graph.events import ChatEvent, DoneEvent, Event, event_json, parse_event

BLOCK_MS = 1000
"""How long one read waits for a new event before it checks that the run still goes on: well
under the client's socket timeout (server_profile.REDIS_TIMEOUT_S), which a blocking read also
counts against (5 s here cut every follower of a run that was quiet for 3 s)."""


@dataclass
class RunRecord:
    """What the shared store knows of one run."""

    id: str
    status: str
    message: str
    count: int


class RedisRunStreams:
    def __init__(self, client: aredis.Redis, keep_s: float) -> None:
        self.client = client
        self.keep_s = int(keep_s)

    @staticmethod
    def _keys(run_id: str) -> tuple[str, str, str]:
        base = f"propsearch:run:{run_id}"
        return base, f"{base}:events", f"{base}:cancel"

    @staticmethod
    def _session_key(user: str, session_id: str) -> str:
        return f"propsearch:session-runs:{user}:{session_id}"

    async def started(self, run_id: str, user: str, session_id: str, message: str) -> None:
        meta, _, _ = self._keys(run_id)
        fields = {"user": user, "session": session_id, "message": message, "status": "queued"}
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.hset(meta, mapping=cast(Any, fields))
            pipe.rpush(self._session_key(user, session_id), run_id)
            await pipe.execute()

    async def add(self, run_id: str, event: Event, status: str) -> None:
        meta, events, _ = self._keys(run_id)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.xadd(events, {"e": event_json(event)})
            pipe.hset(meta, "status", status)
            await pipe.execute()

    async def ended(self, run_id: str, user: str, session_id: str) -> None:
        meta, events, cancel = self._keys(run_id)
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.hset(meta, "status", "done")
            for key in (meta, events, self._session_key(user, session_id)):
                pipe.expire(key, self.keep_s)
            pipe.delete(cancel)
            await pipe.execute()

    async def find(self, user: str, session_id: str, run_id: str | None = None) -> RunRecord | None:
        """The named run of this session (else its latest) if some replica runs or ran it."""
        ids = await self.client.lrange(self._session_key(user, session_id), 0, -1)
        names = [i.decode() if isinstance(i, bytes) else str(i) for i in ids]
        wanted = [n for n in names if n == run_id] if run_id else names[-1:]
        if not wanted:
            return None
        return await self._record(wanted[0])

    async def current(self, user: str, session_id: str) -> RunRecord | None:
        ids = await self.client.lrange(self._session_key(user, session_id), 0, -1)
        for raw in ids:
            record = await self._record(raw.decode() if isinstance(raw, bytes) else str(raw))
            if record is not None and record.status != "done":
                return record
        return None

    async def _record(self, run_id: str) -> RunRecord | None:
        meta, events, _ = self._keys(run_id)
        fields = await self.client.hgetall(meta)
        if not fields:
            return None
        text = {_text(k): _text(v) for k, v in fields.items()}
        count = int(await self.client.xlen(events))
        return RunRecord(run_id, text.get("status", "done"), text.get("message", ""), count)

    async def events(self, run_id: str) -> list[ChatEvent]:
        """Every event of a run so far (a replica taking it over starts from these)."""
        _, events, _ = self._keys(run_id)
        entries: list[Any] = list(await self.client.xrange(events) or [])
        return [_event(fields) for _, fields in entries]

    async def follow(self, run_id: str, after: int) -> AsyncIterator[tuple[int, ChatEvent]]:
        """(number, event) after `after`, then live until the run's `done`."""
        meta, events, _ = self._keys(run_id)
        number, last = 0, "0-0"
        while True:
            found: Any = await self.client.xread({events: last}, count=200, block=BLOCK_MS)
            entries: list[Any] = _entries(found)
            for entry_id, fields in entries:
                last = _text(entry_id)
                number += 1
                event = _event(fields)
                if number > after:
                    yield number, event
                if isinstance(event, DoneEvent):
                    return
            if not entries and _text(await self.client.hget(meta, "status") or "done") == "done":
                return  # ended (or expired) without a `done` we could read

    async def request_cancel(self, run_id: str) -> None:
        _, _, cancel = self._keys(run_id)
        await self.client.set(cancel, "1", ex=self.keep_s)

    async def cancel_requested(self, run_id: str) -> bool:
        _, _, cancel = self._keys(run_id)
        return bool(await self.client.exists(cancel))


def _entries(found: Any) -> list[Any]:
    """The (id, fields) entries of one stream's XREAD answer (RESP2 list or RESP3 dict)."""
    if not found:
        return []
    if isinstance(found, dict):
        return list(next(iter(found.values()))[0] if found else [])
    return list(found[0][1])


def _event(fields: Any) -> ChatEvent:
    """The event one stream entry holds, as its model."""
    return parse_event(_text(fields.get(b"e") or fields.get("e")))


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
