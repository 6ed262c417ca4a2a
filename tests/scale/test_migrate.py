"""`python -m agent_graph.storage.migrate` moves an embedded installation into PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from agent_graph.memory.changes import ChangeLog
from agent_graph.memory.layer import open_vector_stores
from agent_graph.memory.preferences import PreferenceStore, render_entries
from agent_graph.storage.postgres.changes import PgChangeLog
from agent_graph.storage.postgres.database import Database
from agent_graph.storage.postgres.preferences import PgPreferenceStore
from agent_graph.storage.postgres.sessions import PgSessionStore
from agent_graph.storage.postgres.vectors import PgVectorStores
from agent_graph.storage.sessions import SessionStore
from tests.scale.servers import Postgres
from tests.servers import ROOT, stream_turn
from tests.trust.helpers import app_client


def _migrate(root: Path, database_url: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "agent_graph.storage.migrate", "--from", str(root)],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_migrate_copies_sessions_preferences_changes_and_memory(
    tmp_path: Path, postgres: Postgres
) -> None:
    root = tmp_path / "memory"
    with app_client(root) as client:  # an embedded installation with some history
        first = stream_turn(client, "We're looking in Pflugerville, budget $400k, need 3 bedrooms")
        session = first[0]["session_id"]
        stream_turn(client, "the second one", session)
        stream_turn(client, "what time is it?")
    url = postgres.new_database()

    out = _migrate(root, url)
    preferences = sum(len(e) for e in PreferenceStore(root).load_all("local").values())
    changes = ChangeLog(root).all("local")
    assert preferences >= 2 and changes  # the budget and the city, each recorded as a change
    assert f"copied 2 sessions, {preferences} preferences, {len(changes)} changes" in out
    assert _migrate(root, url) == out  # running it again changes nothing

    db = Database(url)
    try:
        files, rows = SessionStore(root), PgSessionStore(db)
        assert rows.list("local") == files.list("local")
        for item in files.list("local"):
            assert rows.load("local", item["id"]) == files.load("local", item["id"])
        assert render_entries(PgPreferenceStore(db).load_all("local")) == render_entries(
            PreferenceStore(root).load_all("local")
        )
        assert PgChangeLog(db).all("local") == changes  # the same, in order
        chroma, pg = open_vector_stores(root), PgVectorStores(db)
        query = "3 bedroom homes in Pflugerville"
        assert pg.semantic.query("local", query) == chroma.semantic.query("local", query)
        assert pg.semantic.query("local", query)
        episodes = pg.episodes.query("local", session, "the second one", n=5)
        assert [e.index for e in sorted(episodes, key=lambda e: e.index)] == [0, 1]
    finally:
        db.close()
