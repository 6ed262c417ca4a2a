"""Session store: a JSON file per session, the source of truth; validated ids. A save that only
adds to the record the store last read or wrote there is appended (storage/session_file.py),
any other is written whole (temp file + rename); a load of a file unchanged since is not parsed
again."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_graph.security.ids import validate_session_id, validate_user_id
from agent_graph.storage.session_file import Stamp, addition, append_line, parsed

KEPT_RECORDS = 64
"""Records kept as last read or written (the least recently used dropped first)."""


def new_session_id() -> str:
    return uuid.uuid4().hex


def atomic_write_text(path: Path, text: str, sync: bool = True) -> None:
    """Write via a temp file in the same folder + rename: readers see old or new, never torn.
    `sync`: on disk (fsync) before the rename; without, the caller syncs it (`sync_file`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def sync_file(path: Path) -> None:
    """`path`'s data on disk (after `atomic_write_text` without sync); a file replaced since
    is synced as it is now."""
    with path.open("rb") as handle:
        os.fsync(handle.fileno())


@dataclass
class SessionRecord:
    """One chat session as stored on disk."""

    id: str
    user: str
    title: str = ""
    created_at: float = field(default_factory=time.time)
    updated_at: float = field(default_factory=time.time)
    messages: list[dict[str, Any]] = field(default_factory=list)
    """LangChain message dicts (messages_to_dict), tool calls and results included."""
    turns: list[dict[str, Any]] = field(default_factory=list)
    """Per exchange: user, assistant, data (the last data-event payload or None), hints."""

    def fields(self) -> dict[str, Any]:
        """The record's fields as they are (already plain data): not through
        `dataclasses.asdict`, whose deep copy of every message took milliseconds a turn."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def to_json(self) -> str:
        return json.dumps(self.fields())

    def copy(self) -> SessionRecord:
        """A record of its own lists (their entries shared: a turn adds entries, never edits)."""
        return SessionRecord(
            **{**self.fields(), "messages": [*self.messages], "turns": [*self.turns]}
        )


UNCHANGED_BY_APPEND = ("id", "user", "created_at")


class SessionStore:
    """Sessions under `root/users/{user}/sessions/{id}.json`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._kept: OrderedDict[Path, tuple[Stamp, SessionRecord]] = OrderedDict()
        self._kept_lock = threading.Lock()
        self._writing = threading.Lock()

    def _folder(self, user: str) -> Path:
        return self.root / "users" / validate_user_id(user) / "sessions"

    def path(self, user: str, session_id: str) -> Path:
        return self._folder(user) / f"{validate_session_id(session_id)}.json"

    def load(self, user: str, session_id: str) -> SessionRecord | None:
        path = self.path(user, session_id)
        try:
            stamp = Stamp.of(path)
            kept = self._stored(path, stamp)
            if kept is None:
                data, whole = parsed(path.read_text(encoding="utf-8"))
                kept = _record(data)
                if whole:  # a cut last line: the next save rewrites the file, not appends
                    self._keep(path, stamp, kept)
        except FileNotFoundError:
            return None
        return kept.copy()

    def save(self, record: SessionRecord) -> None:
        self.write(record, sync=True)

    def write(self, record: SessionRecord, sync: bool) -> Path:
        """Save `record`; without `sync`, not yet on disk: `sync_file` the path returned."""
        record.updated_at = time.time()
        path = self.path(record.user, record.id)
        with self._writing:  # one save at a time: an append follows the file it checked
            try:
                self._write(path, record, sync)
            except BaseException:
                self._forget(path)
                raise
        return path

    def _write(self, path: Path, record: SessionRecord, sync: bool) -> None:
        try:
            stored = self._stored(path, Stamp.of(path))
        except FileNotFoundError:
            stored = None
        fields = record.fields()
        line = None if stored is None else addition(stored.fields(), fields, UNCHANGED_BY_APPEND)
        if line is not None:
            append_line(path, line, sync)
        else:
            atomic_write_text(path, json.dumps(fields) + "\n", sync)
        self._keep(path, Stamp.of(path), record.copy())

    def _stored(self, path: Path, stamp: Stamp) -> SessionRecord | None:
        """The record last read or written at `path`, if the file is still the one it was."""
        with self._kept_lock:
            found = self._kept.get(path)
            if found is None or found[0] != stamp:
                return None
            self._kept.move_to_end(path)
            return found[1]

    def _keep(self, path: Path, stamp: Stamp, record: SessionRecord) -> None:
        with self._kept_lock:
            self._kept[path] = (stamp, record)
            self._kept.move_to_end(path)
            while len(self._kept) > KEPT_RECORDS:
                self._kept.popitem(last=False)

    def _forget(self, path: Path) -> None:
        with self._kept_lock:
            self._kept.pop(path, None)

    def delete(self, user: str, session_id: str) -> bool:
        path = self.path(user, session_id)
        self._forget(path)
        try:
            path.unlink()
        except FileNotFoundError:
            return False
        return True

    def list(self, user: str) -> list[dict[str, Any]]:
        """Sessions of a user, most recent first: id, title, updated_at."""
        folder = self._folder(user)
        if not folder.is_dir():
            return []
        items = []
        for path in folder.glob("*.json"):
            try:
                data, _whole = parsed(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            items.append(
                {
                    "id": path.stem,
                    "title": data.get("title", ""),
                    "updated_at": data.get("updated_at", 0),
                }
            )
        return sorted(items, key=lambda item: item["updated_at"], reverse=True)


def _record(data: dict[str, Any]) -> SessionRecord:
    return SessionRecord(**{k: data[k] for k in SessionRecord.__dataclass_fields__ if k in data})
