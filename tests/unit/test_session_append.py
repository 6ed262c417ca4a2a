"""Session files grow by appended lines (storage/session_file.py): a turn's save leaves the
bytes already written untouched, a line cut short by a crash loses only itself, and a save that
changes more than it adds, or follows another writer, rewrites the file whole."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agent_graph.storage.sessions import SessionRecord, SessionStore


def exchange(store: SessionStore, session: str, text: str) -> SessionRecord:
    """One turn as post_process saves it: load, add the exchange, save."""
    record = store.load("alice", session) or SessionRecord(id=session, user="alice", title=text)
    record.messages.extend(
        [{"type": "human", "data": {"content": text}}, {"type": "ai", "data": {"content": "ok"}}]
    )
    record.turns.append({"user": text, "assistant": "ok", "data": None, "hints": []})
    store.save(record)
    return record


def users_said(store: SessionStore, session: str = "s1") -> list[str]:
    loaded = store.load("alice", session)
    assert loaded is not None
    return [turn["user"] for turn in loaded.turns]


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def test_a_turn_appends_and_leaves_the_earlier_bytes_untouched(store: SessionStore) -> None:
    exchange(store, "s1", "first")
    path = store.path("alice", "s1")
    for text in ("second", "third"):
        before = path.read_bytes()
        exchange(store, "s1", text)
        after = path.read_bytes()
        assert after.startswith(before) and len(after) > len(before)
    assert users_said(store) == ["first", "second", "third"]
    assert users_said(SessionStore(store.root)) == ["first", "second", "third"]  # a fresh reader
    listed = store.list("alice")
    assert [s["id"] for s in listed] == ["s1"] and listed[0]["title"] == "first"


def test_a_line_cut_short_by_a_crash_loses_only_itself(store: SessionStore) -> None:
    exchange(store, "s1", "first")
    exchange(store, "s1", "second")
    path = store.path("alice", "s1")
    whole = path.read_bytes()
    with path.open("ab") as handle:  # a crash in the middle of the third turn's append
        handle.write(b'{"messages": [{"type": "human", "data": {"cont')
    reader = SessionStore(store.root)
    assert users_said(reader) == ["first", "second"]
    exchange(reader, "s1", "third")  # after a cut line: the file is written whole again
    assert not path.read_bytes().startswith(whole + b'{"messages"')
    assert users_said(SessionStore(store.root)) == ["first", "second", "third"]


def test_a_save_that_changes_earlier_entries_rewrites_the_file(store: SessionStore) -> None:
    exchange(store, "s1", "first")
    exchange(store, "s1", "second")
    record = store.load("alice", "s1")
    assert record is not None
    record.turns[0] = {**record.turns[0], "user": "first, edited"}
    record.turns.append({"user": "third", "assistant": "ok", "data": None, "hints": []})
    store.save(record)
    assert users_said(SessionStore(store.root)) == ["first, edited", "second", "third"]
    assert store.path("alice", "s1").read_text().count("\n") == 1  # one line: rewritten whole


def test_a_file_another_writer_changed_is_read_again(store: SessionStore) -> None:
    exchange(store, "s1", "first")
    other = SessionStore(store.root)  # another process's store over the same folder
    exchange(other, "s1", "second")
    exchange(store, "s1", "third")
    assert users_said(SessionStore(store.root)) == ["first", "second", "third"]


def test_a_loaded_record_is_the_callers_own(store: SessionStore) -> None:
    exchange(store, "s1", "first")
    mine = store.load("alice", "s1")
    assert mine is not None
    mine.turns.append({"user": "never saved", "assistant": "", "data": None, "hints": []})
    mine.title = "changed, not saved"
    again = store.load("alice", "s1")
    assert again is not None and again.title == "first" and len(again.turns) == 1


def test_a_file_unchanged_since_the_last_save_is_not_read_again(store: SessionStore) -> None:
    exchange(store, "s1", "first")
    path = store.path("alice", "s1")
    stat = path.stat()
    with path.open("r+b") as handle:  # the same size, inode and time: nothing says it changed
        handle.write(b"\0" * stat.st_size)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert users_said(store) == ["first"]  # the record kept from the save, not the file's bytes
