"""The embedded profile's accounts store (SQLite): the shared scenario, and migrations that run
once and are recorded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from agent_graph.accounts.schema import MIGRATIONS
from agent_graph.accounts.store import sqlite_account_store
from tests.accounts.store_scenario import check_store


def test_the_sqlite_store_keeps_accounts_sessions_keys_and_links(tmp_path: Path) -> None:
    check_store(sqlite_account_store(tmp_path / "accounts.sqlite3"))


def test_migrations_run_once_and_are_recorded(tmp_path: Path) -> None:
    path = tmp_path / "accounts.sqlite3"
    sqlite_account_store(path).count()
    sqlite_account_store(path).count()  # a restart: nothing runs again
    with sqlite3.connect(path) as db:
        versions = [row[0] for row in db.execute("SELECT version FROM account_migrations")]
    assert versions == list(range(1, len(MIGRATIONS) + 1))
