"""The change log in PostgreSQL, so every replica lists and undoes every change of a user."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import astuple

import psycopg

from agent_graph.memory.changes import Change, ChangeRecords
from agent_graph.memory.preferences import validate_id
from agent_graph.storage.postgres.database import Database

_COLUMNS = "id, skill, entry_type, key, old, new, at, message, undoes"
INSERT_SQL = f"INSERT INTO changes (user_id, {_COLUMNS}) VALUES (%s{', %s' * 9})"


class PgChangeLog(ChangeRecords):
    """One row per change, in append order (`seq`); a change can be undone only once, even by
    two replicas at the same moment (a unique index on ``undoes``)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @contextmanager
    def atomic(self) -> Iterator[None]:
        """One transaction: the stores sharing this Database join it (same thread)."""
        with self.db.connection():
            yield

    def append(self, user: str, change: Change) -> None:
        try:
            with self.db.connection() as conn:
                conn.execute(INSERT_SQL, (validate_id("user", user), *astuple(change)))
        except psycopg.errors.UniqueViolation:
            raise ValueError("this change was already undone") from None

    def all(self, user: str) -> list[Change]:
        with self.db.connection() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM changes WHERE user_id = %s ORDER BY seq",
                (validate_id("user", user),),
            ).fetchall()
        return [Change(*row) for row in rows]
