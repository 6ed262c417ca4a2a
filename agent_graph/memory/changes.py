"""The change log: every L1 change made on the user's behalf, with old and new value, time and
the message that caused it, so the user can see it and undo it.

Embedded profile: ``{root}/users/{user}/changes.jsonl``, one JSON object per line, oldest
first; the server profile keeps the same records in PostgreSQL (`PgChangeLog`). Undoing a change
appends a new change (with ``undoes``) rather than rewriting history.
"""

from __future__ import annotations

import json
import threading
import uuid
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from agent_graph.memory.preferences import validate_id

FILE_NAME: Final = "changes.jsonl"
DEFAULT_LIMIT: Final = 50


@dataclass(frozen=True)
class Change:
    """One applied change of an L1 entry; ``old``/``new`` are None when it did not exist."""

    id: str
    skill: str
    entry_type: str
    key: str
    old: str | None
    new: str | None
    at: str
    message: str
    undoes: str | None = None

    @staticmethod
    def make(
        skill: str,
        entry_type: str,
        key: str,
        old: str | None,
        new: str | None,
        message: str,
        undoes: str | None = None,
    ) -> Change:
        at = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        return Change(uuid.uuid4().hex[:16], skill, entry_type, key, old, new, at, message, undoes)


class ChangeRecords(ABC):
    """Where changes are kept: `append` and `all` per backend; the queries are shared."""

    _atomic_lock = threading.RLock()

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """A block whose preference writes and change records land together or not at all.
        Here: one at a time in this process (the embedded profile has one process); PostgreSQL
        makes it one transaction."""
        with self._atomic_lock:
            yield

    @abstractmethod
    def append(self, user: str, change: Change) -> None:
        """Record one change (ValueError when it undoes a change already undone)."""

    @abstractmethod
    def all(self, user: str) -> list[Change]:
        """Every change of the user, oldest first."""

    def recent(self, user: str, limit: int = DEFAULT_LIMIT) -> list[dict[str, Any]]:
        """Newest first, each with ``undone``: True once a later change undid it."""
        changes = self.all(user)
        undone = {c.undoes for c in changes if c.undoes}
        return [{**asdict(c), "undone": c.id in undone} for c in reversed(changes[-limit:])]

    def find(self, user: str, change_id: str) -> tuple[Change | None, bool]:
        """(the change, whether it was already undone)."""
        changes = self.all(user)
        found = next((c for c in changes if c.id == change_id), None)
        return found, any(c.undoes == change_id for c in changes)


class ChangeLog(ChangeRecords):
    """Append-only per-user change files under ``root`` (thread-safe appends)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.Lock()

    def path(self, user: str) -> Path:
        return self.root / "users" / validate_id("user", user) / FILE_NAME

    def append(self, user: str, change: Change) -> None:
        path = self.path(user)
        path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock, path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(asdict(change)) + "\n")

    def all(self, user: str) -> list[Change]:
        """Every change, oldest first; unreadable lines are skipped."""
        try:
            lines = self.path(user).read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        changes = []
        for line in lines:
            try:
                changes.append(Change(**json.loads(line)))
            except (ValueError, TypeError):
                continue
        return changes
