"""Copy an embedded installation (MEMORY_ROOT: session, preference and change-log files,
Chroma) into the server profile's PostgreSQL, in one transaction: all of it or nothing. Safe to
run again (rows are upserted; changes already copied are skipped). Usage:

    DATABASE_URL=postgresql://... python -m agent_graph.storage.migrate [--from MEMORY_ROOT]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import psycopg
from psycopg.types.json import Jsonb

from agent_graph.config import get_settings
from agent_graph.memory.changes import ChangeLog
from agent_graph.memory.preferences import PreferenceStore
from agent_graph.storage.postgres.changes import INSERT_SQL as _CHANGE_SQL
from agent_graph.storage.postgres.database import create_schema
from agent_graph.storage.sessions import SessionStore

_SESSION_SQL = (
    "INSERT INTO sessions (id, user_id, title, created_at, updated_at, messages, turns) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (user_id, id) DO UPDATE SET "
    "title = EXCLUDED.title, updated_at = EXCLUDED.updated_at, messages = EXCLUDED.messages, "
    "turns = EXCLUDED.turns"
)
_PREFERENCE_SQL = (
    "INSERT INTO preferences (user_id, skill, entry_type, key, value) VALUES (%s, %s, %s, %s, %s) "
    "ON CONFLICT (user_id, skill, entry_type, key) DO UPDATE SET value = EXCLUDED.value"
)
_SEMANTIC_SQL = (
    "INSERT INTO semantic VALUES (%s, %s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (user_id, skill, id) DO UPDATE SET metadata = EXCLUDED.metadata"
)
_EPISODE_SQL = (
    "INSERT INTO episodes VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT "
    "(user_id, session_id, idx) DO UPDATE SET user_text = EXCLUDED.user_text, "
    "assistant_text = EXCLUDED.assistant_text, embedding = EXCLUDED.embedding"
)


@dataclass
class Counts:
    sessions: int = 0
    preferences: int = 0
    changes: int = 0
    semantic: int = 0
    episodes: int = 0


def migrate(root: Path, database_url: str) -> Counts:
    """Copy everything under ``root`` into the database; returns what was copied."""
    from pgvector.psycopg import register_vector

    create_schema(database_url)
    counts = Counts()
    with psycopg.connect(database_url) as conn:
        register_vector(conn)  # before the cursor: a cursor copies the adapters it starts with
        with conn.transaction(), conn.cursor() as cur:
            _copy_all(root, cur, counts)
    return counts


def _copy_all(root: Path, cur: psycopg.Cursor[Any], counts: Counts) -> None:
    users = root / "users"
    for user in sorted(p.name for p in users.iterdir() if p.is_dir()) if users.is_dir() else []:
        _copy_user(root, user, cur, counts)
    if (root / "chroma").is_dir():
        _copy_vectors(root, cur, counts)


def _copy_user(root: Path, user: str, cur: psycopg.Cursor[Any], counts: Counts) -> None:
    """The user's session files (timestamps kept), preference files and change log."""
    sessions = SessionStore(root)
    for item in sessions.list(user):
        r = sessions.load(user, item["id"])
        assert r is not None
        values = (r.id, r.user, r.title, r.created_at, r.updated_at, Jsonb(r.messages))
        cur.execute(_SESSION_SQL, (*values, Jsonb(r.turns)))
        counts.sessions += 1
    for skill, entries in PreferenceStore(root).load_all(user).items():
        for e in entries:
            cur.execute(_PREFERENCE_SQL, (user, skill, e.entry_type, e.key, e.value))
            counts.preferences += 1
    for change in ChangeLog(root).all(user):  # oldest first, so `seq` keeps their order
        cur.execute(_CHANGE_SQL + " ON CONFLICT DO NOTHING", (user, *astuple(change)))
        counts.changes += 1


def _copy_vectors(root: Path, cur: psycopg.Cursor[Any], counts: Counts) -> None:
    """L3 and L2 rows with their stored MiniLM vectors (the same model: nothing re-embedded)."""
    from agent_graph.memory.chroma import open_client

    client = open_client(root)
    for collection in client.list_collections():
        meta = collection.metadata or {}
        data = collection.get(include=["documents", "metadatas", "embeddings"])
        rows = zip(
            data["ids"],
            data["documents"] or [],
            data["metadatas"] or [],
            data["embeddings"] if data["embeddings"] is not None else [],
            strict=True,
        )
        for row_id, document, item_meta, vector in rows:
            item: dict[str, Any] = dict(item_meta or {})
            embedding = np.asarray(vector, dtype=np.float32)
            created = float(item.pop("created_at", 0.0) or 0.0)
            if meta.get("layer") == "l3":
                user, skill = str(meta["user"]), str(meta["skill"])
                item.pop("skill", None)
                cur.execute(
                    _SEMANTIC_SQL, (user, skill, row_id, document, Jsonb(item), embedding, created)
                )
                counts.semantic += 1
            elif meta.get("layer") == "l2":
                episode = (
                    str(meta["user"]),
                    str(item["session_id"]),
                    int(item["index"]),
                    str(item["user_text"]),
                    str(item["assistant_text"]),
                    embedding,
                    created,
                )
                cur.execute(_EPISODE_SQL, episode)
                counts.episodes += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="root", type=Path, help="MEMORY_ROOT to copy")
    args = parser.parse_args(argv)
    settings = get_settings()
    if not settings.database_url:
        print("DATABASE_URL is not set", file=sys.stderr)
        return 2
    root = args.root or settings.memory_root
    counts = migrate(root, settings.database_url)
    print(
        f"copied {counts.sessions} sessions, {counts.preferences} preferences, "
        f"{counts.changes} changes, "
        f"{counts.semantic} semantic memories and {counts.episodes} episodes from {root}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
