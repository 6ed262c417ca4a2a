"""A full disk, a read-only disk and a broken folder under MEMORY_ROOT: a clear error event,
no crash, the session file untouched, and the next turn works once storage is back.

Tests run as root, where chmod does not stop writes, so the sessions folder is a tiny tmpfs
mount (filled up for ENOSPC, remounted read-only for EROFS); those skip when `mount` is not
permitted. The ENOTDIR case (a file where a folder should be) needs no privileges."""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.storage.session_file import parsed
from tests.servers import stream_turn
from tests.trust.helpers import app_client, clock_skills


def _errors(events: list[dict]) -> list[str]:
    assert events[-1]["type"] == "done"
    return [e["message"] for e in events if e["type"] == "error"]


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True, check=False).returncode == 0


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    clock = clock_skills(tmp_path)
    with app_client(tmp_path / "memory", skills_dir=clock.skills_dir) as client:
        client.memory_root = tmp_path / "memory"  # type: ignore[attr-defined]
        yield client


@pytest.fixture
def tiny_disk(client: TestClient) -> Iterator[Path]:
    folder: Path = client.memory_root / "users" / "local" / "sessions"  # type: ignore[attr-defined]
    folder.mkdir(parents=True, exist_ok=True)
    if not _mount("-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)):
        pytest.skip("mount is not permitted here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(folder: Path) -> Path:
    filler = folder / "filler.bin"
    with filler.open("wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


def test_full_then_read_only_disk_gives_clear_errors_and_keeps_the_file(
    client: TestClient, tiny_disk: Path
) -> None:
    session = stream_turn(client, "what time is it?")[0]["session_id"]
    path = tiny_disk / f"{session}.json"
    before = path.read_bytes()
    filler = _fill(tiny_disk)
    # an exchange is appended to its session file: one longer than the file's last page has
    # room for (the message is stored twice, as the turn and as the message)
    full = _errors(stream_turn(client, "and now? " + "x" * 3000, session))
    assert len(full) == 1 and "could not be saved" in full[0] and "No space left" in full[0]
    assert path.read_bytes() == before
    assert not list(tiny_disk.glob(".*.tmp"))
    filler.unlink()
    assert _mount("-o", "remount,ro", str(tiny_disk))
    read_only = _errors(stream_turn(client, "and now?", session))
    assert len(read_only) == 1 and "Read-only file system" in read_only[0]
    assert path.read_bytes() == before
    assert _mount("-o", "remount,rw", str(tiny_disk))
    assert _errors(stream_turn(client, "what time is it now?", session)) == []
    turns = parsed(path.read_text())[0]["turns"]
    assert [t["user"] for t in turns] == ["what time is it?", "what time is it now?"]
    assert client.get("/health").json()["status"] == "ok"


def test_a_file_where_the_user_folder_should_be_is_a_clear_error(client: TestClient) -> None:
    users: Path = client.memory_root / "users"  # type: ignore[attr-defined]
    users.mkdir(parents=True, exist_ok=True)
    (users / "local").write_text("not a folder")
    errors = _errors(stream_turn(client, "what time is it?"))
    assert len(errors) == 1 and "Not a directory" in errors[0]
    assert str(users) not in errors[0]  # no server paths in messages
    assert client.get("/sessions").json() == {"sessions": []}
    (users / "local").unlink()
    assert _errors(stream_turn(client, "what time is it?")) == []
