"""Background reads: one per session, a newer one replaces it, and a turn starting stops the
other sessions' reads so it has the model."""

from __future__ import annotations

import asyncio
from typing import Any

from agent_graph.graph.background_reads import BackgroundReads


def _read(done: list[str], name: str, seconds: float = 0.2) -> Any:
    async def read() -> None:
        await asyncio.sleep(seconds)
        done.append(name)

    return read


async def test_a_turn_starting_stops_the_other_sessions_reads_but_not_its_own_begun_one() -> None:
    reads, done = BackgroundReads(grace_s=0.0), []
    reads.start(("alice", "s1"), _read(done, "alice"))
    reads.start(("bob", "s2"), _read(done, "bob"))
    await asyncio.sleep(0.05)  # both have begun reading
    own = reads.yield_to(("alice", "s1"))
    assert own is not None, "the turn is handed its own read to wait for"
    await own
    await reads.settled()
    assert done == ["alice"]


async def test_a_message_sent_within_the_grace_period_stops_its_sessions_read() -> None:
    reads, done = BackgroundReads(grace_s=1.0), []
    reads.start(("alice", "s1"), _read(done, "alice"))
    assert reads.yield_to(("alice", "s1")) is None, "nothing begun, nothing to wait for"
    await reads.settled()
    assert done == []


async def test_a_newer_read_of_a_session_replaces_the_unfinished_one() -> None:
    reads, done = BackgroundReads(grace_s=0.0), []
    reads.start(("alice", "s1"), _read(done, "first"))
    reads.start(("alice", "s1"), _read(done, "second"))
    await reads.settled()
    assert done == ["second"]


async def test_closing_stops_every_read() -> None:
    reads, done = BackgroundReads(), []
    reads.start(("alice", "s1"), _read(done, "alice", 5.0))
    await asyncio.wait_for(reads.close(), 2.0)
    assert done == []
