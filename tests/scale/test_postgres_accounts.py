"""The server profile's accounts store (PostgreSQL): the same scenario as SQLite's, and
migrations that two replicas starting together run once."""

from __future__ import annotations

import threading

import psycopg

from agent_graph.accounts.schema import MIGRATIONS
from agent_graph.accounts.store import postgres_account_store
from agent_graph.storage.postgres.database import Database
from tests.accounts.store_scenario import check_store
from tests.scale.servers import Postgres


def test_the_postgres_store_keeps_accounts_sessions_keys_and_links(postgres: Postgres) -> None:
    db = Database(postgres.app_database())
    try:
        check_store(postgres_account_store(db.connection))
    finally:
        db.close()


def test_replicas_starting_together_migrate_once(postgres: Postgres) -> None:
    url = postgres.app_database()
    databases = [Database(url), Database(url)]
    try:
        starts = [
            threading.Thread(target=postgres_account_store(db.connection).count) for db in databases
        ]
        for start in starts:
            start.start()
        for start in starts:
            start.join(timeout=60)
        with psycopg.connect(url) as conn:
            versions = [row[0] for row in conn.execute("SELECT version FROM account_migrations")]
        assert versions == list(range(1, len(MIGRATIONS) + 1))
    finally:
        for db in databases:
            db.close()
