"""Sessions and in-flight turns in PostgreSQL: the SessionStore interface, one row per session."""

from __future__ import annotations

import time
from typing import Any

from psycopg.types.json import Jsonb

from agent_graph.security.ids import validate_session_id, validate_user_id
from agent_graph.storage.postgres.database import Database
from agent_graph.storage.sessions import SessionRecord

_COLUMNS = "id, user_id, title, created_at, updated_at, messages, turns"


class PgSessionStore:
    """load / save / delete / list like the file store; a save is one upsert (whole or old)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def load(self, user: str, session_id: str) -> SessionRecord | None:
        key = (validate_user_id(user), validate_session_id(session_id))
        with self.db.connection() as conn:
            row = conn.execute(
                f"SELECT {_COLUMNS} FROM sessions WHERE user_id = %s AND id = %s", key
            ).fetchone()
        if row is None:
            return None
        sid, owner, title, created, updated, messages, turns = row
        return SessionRecord(sid, owner, title, created, updated, messages, turns)

    def save(self, record: SessionRecord) -> None:
        record.updated_at = time.time()
        values = (
            validate_session_id(record.id),
            validate_user_id(record.user),
            record.title,
            record.created_at,
            record.updated_at,
            Jsonb(record.messages),
            Jsonb(record.turns),
        )
        with self.db.connection() as conn:
            conn.execute(
                f"INSERT INTO sessions ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (user_id, id) DO UPDATE SET title = EXCLUDED.title, "
                "updated_at = EXCLUDED.updated_at, messages = EXCLUDED.messages, "
                "turns = EXCLUDED.turns",
                values,
            )

    def delete(self, user: str, session_id: str) -> bool:
        key = (validate_user_id(user), validate_session_id(session_id))
        with self.db.connection() as conn:
            conn.execute("DELETE FROM pending_turns WHERE user_id = %s AND session_id = %s", key)
            deleted = conn.execute("DELETE FROM sessions WHERE user_id = %s AND id = %s", key)
            return deleted.rowcount > 0

    def list(self, user: str) -> list[dict[str, Any]]:
        """Sessions of a user, most recent first: id, title, updated_at."""
        with self.db.connection() as conn:
            rows = conn.execute(
                "SELECT id, title, updated_at FROM sessions WHERE user_id = %s "
                "ORDER BY updated_at DESC",
                (validate_user_id(user),),
            ).fetchall()
        return [{"id": i, "title": t, "updated_at": u} for i, t, u in rows]


class PgPendingTurns:
    """The turn each session is running, so the next holder of its lock can keep a turn whose
    replica died mid-way (SIGKILL, lost machine) as "(interrupted)"."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def begin(self, user: str, session_id: str, user_text: str, started_at: float) -> None:
        with self.db.connection() as conn:
            conn.execute(
                "INSERT INTO pending_turns VALUES (%s, %s, %s, %s) ON CONFLICT (user_id, "
                "session_id) DO UPDATE SET user_text = EXCLUDED.user_text, "
                "started_at = EXCLUDED.started_at",
                (user, session_id, user_text, started_at),
            )

    def finish(self, user: str, session_id: str) -> None:
        with self.db.connection() as conn:
            conn.execute(
                "DELETE FROM pending_turns WHERE user_id = %s AND session_id = %s",
                (user, session_id),
            )

    def take(self, user: str, session_id: str) -> tuple[str, float] | None:
        """The abandoned turn of this session, removed; None when there is none."""
        with self.db.connection() as conn:
            row = conn.execute(
                "DELETE FROM pending_turns WHERE user_id = %s AND session_id = %s "
                "RETURNING user_text, started_at",
                (user, session_id),
            ).fetchone()
        return (str(row[0]), float(row[1])) if row else None
