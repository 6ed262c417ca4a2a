"""Session store: raw JSON per session, the source of truth; atomic writes, validated ids."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_graph.security.ids import validate_session_id, validate_user_id


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

    def to_json(self) -> str:
        """The record as JSON, its fields as they are (already plain data): not through
        `dataclasses.asdict`, whose deep copy of every message took milliseconds a turn."""
        return json.dumps({name: getattr(self, name) for name in self.__dataclass_fields__})


class SessionStore:
    """Sessions under `root/users/{user}/sessions/{id}.json`."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _folder(self, user: str) -> Path:
        return self.root / "users" / validate_user_id(user) / "sessions"

    def path(self, user: str, session_id: str) -> Path:
        return self._folder(user) / f"{validate_session_id(session_id)}.json"

    def load(self, user: str, session_id: str) -> SessionRecord | None:
        path = self.path(user, session_id)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        return SessionRecord(
            **{k: data[k] for k in SessionRecord.__dataclass_fields__ if k in data}
        )

    def save(self, record: SessionRecord) -> None:
        self.write(record, sync=True)

    def write(self, record: SessionRecord, sync: bool) -> Path:
        """Save `record`; without `sync`, not yet on disk: `sync_file` the path returned."""
        record.updated_at = time.time()
        path = self.path(record.user, record.id)
        atomic_write_text(path, record.to_json(), sync)
        return path

    def delete(self, user: str, session_id: str) -> bool:
        try:
            self.path(user, session_id).unlink()
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
                data = json.loads(path.read_text(encoding="utf-8"))
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
