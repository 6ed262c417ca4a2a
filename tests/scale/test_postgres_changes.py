"""The change log in PostgreSQL: the same records and queries as the file log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from agent_graph.memory.changes import Change, ChangeLog
from agent_graph.storage.postgres.changes import PgChangeLog
from agent_graph.storage.postgres.database import Database
from tests.scale.servers import Postgres


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
