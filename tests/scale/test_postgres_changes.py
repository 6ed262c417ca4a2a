"""The change log in PostgreSQL: the same records and queries as the file log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import psycopg
import pytest

from agent_graph.memory.changes import Change, ChangeLog
from agent_graph.memory.layer import MemoryLayer
from agent_graph.storage.postgres.changes import PgChangeLog
from agent_graph.storage.postgres.database import Database
from agent_graph.storage.postgres.preferences import PgPreferenceStore
from tests.scale.servers import Postgres

REFUSE_CHANGES = """
CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN RAISE EXCEPTION 'change record refused'; END $$;
CREATE TRIGGER refuse BEFORE INSERT ON changes FOR EACH ROW EXECUTE FUNCTION refuse();
"""


def test_pg_change_log_answers_like_the_file_log_and_undoes_once(
    postgres: Postgres, tmp_path: Path
) -> None:
    db = Database(postgres.new_database())
    try:
        pg, files = PgChangeLog(db), ChangeLog(tmp_path)
        saved = Change.make("real_estate", "PREFERENCE", "budget_max", None, "$400,000", "hi")
        raised = Change.make("real_estate", "PREFERENCE", "budget_max", "$400,000", "$500,000", "")
        undo = Change.make("real_estate", "PREFERENCE", "budget_max", "$500,000", "$400,000", "")
        undo = replace(undo, undoes=raised.id)
        for log in (pg, files):
            for change in (saved, raised, undo):
                log.append("alice", change)
        assert pg.all("alice") == files.all("alice") == [saved, raised, undo]
        assert pg.recent("alice") == files.recent("alice")
        assert [c["undone"] for c in pg.recent("alice")] == [False, True, False]
        assert pg.find("alice", raised.id) == (raised, True)
        assert pg.all("bob") == []
        # Two replicas undoing the same change at once: the second record is refused.
        again = replace(undo, id="another-undo")
        with pytest.raises(ValueError, match="already undone"):
            pg.append("alice", again)
        assert len(pg.all("alice")) == 3
    finally:
        db.close()


async def test_a_write_whose_change_record_fails_is_not_applied(
    postgres: Postgres, tmp_path: Path
) -> None:
    url = postgres.new_database()
    db = Database(url)
    try:
        memory = MemoryLayer(tmp_path, preferences=PgPreferenceStore(db), changes=PgChangeLog(db))
        write = {"skill": "real_estate", "key": "budget_max", "value": "$400,000"}
        await memory.apply_writes("alice", [write], message="budget $400k")
        with psycopg.connect(url, autocommit=True) as admin:  # PostgreSQL refuses the record
            admin.execute(REFUSE_CHANGES)
        raised = {**write, "value": "$500,000"}
        with pytest.raises(psycopg.errors.RaiseException, match="refused"):
            await memory.apply_writes("alice", [raised], message="raise it")
        with pytest.raises(psycopg.errors.RaiseException, match="refused"):
            await memory.forget_preference("alice", "real_estate", "budget_max")
        assert await memory.list_preferences("alice") == {
            "real_estate": [{"entry_type": "PREFERENCE", "key": "budget_max", "value": "$400,000"}]
        }
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("DROP TRIGGER refuse ON changes")
        # The connection is usable again: the next write and its record both land.
        await memory.apply_writes("alice", [raised], message="raise it")
        assert [c["new"] for c in await memory.list_changes("alice")] == ["$500,000", "$400,000"]
    finally:
        db.close()
