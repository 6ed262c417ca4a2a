"""A run's events kept in Redis for other replicas: written as the JSON the SSE sends, read
back as the models they were (a real redis-server on 127.0.0.1)."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aredis

from agent_graph.events import DoneEvent, Event, StepEvent, TokenEvent
from agent_graph.storage.run_streams import RedisRunStreams
from tests.scale.servers import Redis

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server")

SENT: list[Event] = [
    TokenEvent(content="Looking. "),
    StepEvent(id="c1", name="search", label=None, status="end", ms=3.5),
    DoneEvent(session_id="s1"),
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Redis]:
    redis = Redis(tmp_path / "redis")
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


@pytest.fixture
async def streams(server: Redis) -> AsyncIterator[RedisRunStreams]:
    client = aredis.Redis.from_url(server.url)
    try:
        yield RedisRunStreams(client, keep_s=60)
    finally:
        await client.aclose()


async def test_a_runs_events_come_back_as_the_models_they_were_sent_as(
    streams: RedisRunStreams,
) -> None:
    await streams.started("r1", "alice", "s1", "find a flat")
    for event in SENT:
        await streams.add("r1", event, "running")
    assert await streams.events("r1") == SENT
    followed = [(n, e) async for n, e in streams.follow("r1", after=1)]
    assert followed == [(2, SENT[1]), (3, SENT[2])], "from after event 1, up to `done`"
    kept = await streams.client.xrange("propsearch:run:r1:events")
    assert [json.loads(fields[b"e"]) for _, fields in kept] == [e.as_dict() for e in SENT]
