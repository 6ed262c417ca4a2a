"""PostgreSQL killed while sessions are being written: every row is the old or the new version."""

from __future__ import annotations

import threading
import time

import psycopg

from agent_graph.storage.postgres.database import Database
from agent_graph.storage.postgres.sessions import PgSessionStore
from agent_graph.storage.sessions import SessionRecord
from tests.scale.servers import Postgres, kill_postgres

SESSIONS = 4


def _exchange(n: int) -> list[dict[str, object]]:
    return [
        {"type": "human", "data": {"content": f"question {n} " + "x" * 2000}},
        {"type": "ai", "data": {"content": f"answer {n} " + "y" * 2000}},
    ]


def test_sigkill_of_postgres_mid_write_leaves_every_session_whole(postgres: Postgres) -> None:
    url = postgres.new_database()
    db = Database(url)
    store = PgSessionStore(db)
    stop = threading.Event()
    written: dict[str, int] = {}

    def hammer(session: str) -> None:
        record = SessionRecord(session, "local")
        while not stop.is_set():
            n = len(record.turns)
            record.messages.extend(_exchange(n))
            record.turns.append({"user": f"question {n}", "assistant": f"answer {n}"})
            try:
                store.save(record)
                written[session] = n + 1
            except psycopg.Error:
                return

    threads = [threading.Thread(target=hammer, args=(f"s{i}",)) for i in range(SESSIONS)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)
    try:
        kill_postgres(postgres)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        postgres.resume()
    db.close()

    assert written, "nothing was written before the kill"
    for i in range(SESSIONS):
        record = store.load("local", f"s{i}")
        assert record is not None
        turns = len(record.turns)
        # Whole: messages and turns from the same save; never older than the last confirmed one.
        assert len(record.messages) == 2 * turns and turns >= written.get(f"s{i}", 0)
        assert [t["user"] for t in record.turns] == [f"question {n}" for n in range(turns)]
    # And the database works again for the next writer.
    store.save(SessionRecord("after", "local"))
    assert store.load("local", "after") is not None
    db.close()
