"""L1 preferences in PostgreSQL: the PreferenceStore interface, one row per (user, skill, type, key)."""

from __future__ import annotations

from agent_graph.memory.preferences import (
    EntryType,
    PreferenceEntry,
    validate_id,
)
from agent_graph.storage.postgres.database import Database


class PgPreferenceStore:
    """Same type+key overwrites in place (keeping its position); entries keep insertion order."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def load(self, user: str, skill: str) -> list[PreferenceEntry]:
        return self.load_all(user).get(validate_id("skill", skill), [])

    def load_all(self, user: str) -> dict[str, list[PreferenceEntry]]:
        """Entries per skill (skills in name order; skills with no entries are left out)."""
        with self.db.connection() as conn:
            rows = conn.execute(
                "SELECT skill, entry_type, key, value FROM preferences WHERE user_id = %s "
                "ORDER BY skill, seq",
                (validate_id("user", user),),
            ).fetchall()
        result: dict[str, list[PreferenceEntry]] = {}
        for skill, entry_type, key, value in rows:
            result.setdefault(skill, []).append(PreferenceEntry(entry_type, key, value))
        return result

    def get(self, user: str, skill: str, entry_type: str, key: str) -> str | None:
        """The current value of one entry, or None."""
        with self.db.connection() as conn:
            row = conn.execute(
                "SELECT value FROM preferences WHERE user_id = %s AND skill = %s "
                "AND entry_type = %s AND key = %s",
                (validate_id("user", user), validate_id("skill", skill), entry_type, key),
            ).fetchone()
        return None if row is None else str(row[0])

    def upsert(self, user: str, skill: str, entry: PreferenceEntry) -> None:
        with self.db.connection() as conn:
            conn.execute(
                "INSERT INTO preferences (user_id, skill, entry_type, key, value) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (user_id, skill, entry_type, key) "
                "DO UPDATE SET value = EXCLUDED.value",
                (
                    validate_id("user", user),
                    validate_id("skill", skill),
                    entry.entry_type,
                    entry.key,
                    entry.value,
                ),
            )

    def forget(self, user: str, skill: str, key: str, entry_type: EntryType | None = None) -> bool:
        """Remove the entries with this key (of any type unless given); True if one existed."""
        with self.db.connection() as conn:
            deleted = conn.execute(
                "DELETE FROM preferences WHERE user_id = %s AND skill = %s AND key = %s "
                "AND (%s::text IS NULL OR entry_type = %s)",
                (
                    validate_id("user", user),
                    validate_id("skill", skill),
                    key,
                    entry_type,
                    entry_type,
                ),
            )
            return deleted.rowcount > 0

    def users(self, skill: str) -> list[str]:
        """The users with entries of `skill` (what a job that reads entries runs over)."""
        with self.db.connection() as conn:
            rows = conn.execute(
                "SELECT DISTINCT user_id FROM preferences WHERE skill = %s ORDER BY user_id",
                (validate_id("skill", skill),),
            ).fetchall()
        return [str(row[0]) for row in rows]
