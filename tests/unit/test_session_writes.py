"""Session files synced behind the turn (storage/session_writes.py): a save is read at once by
every reader, a write that fails still fails in the turn and keeps the file, and settling a
user then closing leaves every file on disk and no writer thread."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_graph.config import Settings
from agent_graph.storage.profile import open_storage
from agent_graph.storage.scratch_sessions import ScratchSessionStore
from agent_graph.storage.session_writes import SessionsBehind, settled, write_sessions_behind
from agent_graph.storage.sessions import SessionRecord, SessionStore


def record(session: str, turns: int, user: str = "alice") -> SessionRecord:
    return SessionRecord(
        id=session,
        user=user,
        title=f"after {turns} turns",
        turns=[
            {"user": f"q{i}", "assistant": f"a{i}", "data": None, "hints": []} for i in range(turns)
        ],
    )


def writers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("session-writes")]


@pytest.fixture
def behind(tmp_path: Path) -> Iterator[SessionsBehind]:
    sessions = SessionsBehind(SessionStore(tmp_path))
    yield sessions
    sessions.close()


def test_a_save_is_read_at_once_by_every_reader(behind: SessionsBehind, tmp_path: Path) -> None:
    plain = SessionStore(tmp_path)
    for turns in range(1, 11):
        behind.save(record("s1", turns))
        for reader in (behind, plain):
            loaded = reader.load("alice", "s1")
            assert loaded is not None and len(loaded.turns) == turns
    on_disk = json.loads((tmp_path / "users" / "alice" / "sessions" / "s1.json").read_text())
    assert on_disk["title"] == "after 10 turns"
    assert [s["id"] for s in behind.list("alice")] == ["s1"]
    assert behind.delete("alice", "s1") and behind.load("alice", "s1") is None


def test_a_write_that_fails_fails_in_the_save_and_keeps_the_file(
    behind: SessionsBehind, tmp_path: Path
) -> None:
    behind.save(record("s1", 1))
    (tmp_path / "users" / "bob").write_text("a file where bob's folder should be")
    with pytest.raises(NotADirectoryError):
        behind.save(record("s2", 1, user="bob"))
    asyncio.run(behind.settle("bob"))  # nothing of bob's to sync; nothing raised
    assert not list((tmp_path / "users" / "alice" / "sessions").glob(".*.tmp"))
    kept = behind.load("alice", "s1")
    assert kept is not None and len(kept.turns) == 1


def test_settle_then_close_leaves_every_file_on_disk_and_no_thread(tmp_path: Path) -> None:
    storage = open_storage(Settings(MEMORY_ROOT=tmp_path / "memory", STORAGE="embedded"))
    after_turn = settled(write_sessions_behind(storage))
    assert isinstance(storage.sessions, SessionsBehind) and after_turn is not None
    for n in range(1, 6):
        storage.sessions.save(record(f"s{n}", n))
    storage.sessions.delete("alice", "s5")  # deleted before its sync: nothing to sync
    asyncio.run(after_turn("alice"))
    assert writers()
    asyncio.run(storage.close())
    assert not writers()
    plain = SessionStore(tmp_path / "memory")
    assert [len(r.turns) for n in range(1, 5) if (r := plain.load("alice", f"s{n}"))] == [
        1,
        2,
        3,
        4,
    ]


def test_a_store_that_is_not_files_keeps_its_saves_in_the_turn(tmp_path: Path) -> None:
    storage = open_storage(Settings(MEMORY_ROOT=tmp_path / "memory", STORAGE="embedded"))
    other = dataclasses.replace(storage, sessions=ScratchSessionStore(), closers=[])
    assert write_sessions_behind(other) == [] and settled([]) is None
    assert isinstance(other.sessions, ScratchSessionStore) and not other.closers


def test_after_turn_settles_each_in_order() -> None:
    heard: list[str] = []

    async def first(user: str) -> None:
        await asyncio.sleep(0)
        heard.append(f"memory of {user}")

    async def second(user: str) -> None:
        heard.append(f"sessions of {user}")

    after_turn = settled([first, second])
    assert after_turn is not None
    asyncio.run(after_turn("alice"))
    assert heard == ["memory of alice", "sessions of alice"]
