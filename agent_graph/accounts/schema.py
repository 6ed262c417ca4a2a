"""The accounts tables and their migrations, for SQLite (embedded profile) and PostgreSQL
(server profile): the same statements, numbered; each database records which it has run.

A migration is only ever appended: one already released is never edited."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Final

MIGRATIONS: Final[tuple[str, ...]] = (
    """
    CREATE TABLE IF NOT EXISTS accounts (
        id text PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL,
        role text NOT NULL, status text NOT NULL, password_hash text,
        oidc_subject text UNIQUE, created_at double precision NOT NULL);
    CREATE TABLE IF NOT EXISTS web_sessions (
        token_hash text PRIMARY KEY, user_id text NOT NULL, csrf_hash text NOT NULL,
        created_at double precision NOT NULL, seen_at double precision NOT NULL);
    CREATE INDEX IF NOT EXISTS web_sessions_of ON web_sessions (user_id);
    CREATE TABLE IF NOT EXISTS api_keys (
        id text PRIMARY KEY, user_id text NOT NULL, name text NOT NULL,
        key_hash text NOT NULL UNIQUE, prefix text NOT NULL,
        created_at double precision NOT NULL, last_used_at double precision);
    CREATE INDEX IF NOT EXISTS api_keys_of ON api_keys (user_id);
    CREATE TABLE IF NOT EXISTS one_time_links (
        token_hash text PRIMARY KEY, kind text NOT NULL, user_id text, email text,
        role text, created_by text, created_at double precision NOT NULL,
        expires_at double precision NOT NULL, used_at double precision, id text NOT NULL);
    CREATE TABLE IF NOT EXISTS auth_events (
        at double precision NOT NULL, kind text NOT NULL, user_id text, email text,
        address text, ok boolean NOT NULL, detail text NOT NULL DEFAULT '');
    CREATE INDEX IF NOT EXISTS auth_events_email ON auth_events (email, at);
    CREATE INDEX IF NOT EXISTS auth_events_address ON auth_events (address, at);
    CREATE INDEX IF NOT EXISTS auth_events_recent ON auth_events (at DESC);
    CREATE TABLE IF NOT EXISTS oidc_logins (
        state text PRIMARY KEY, nonce text NOT NULL, verifier text NOT NULL,
        next_path text NOT NULL, expires_at double precision NOT NULL);
    """,
)

Connect = Callable[[], AbstractContextManager[Any]]


def migrate(connection: Connect, placeholder: str, lock: str | None = None) -> int:
    """Run the migrations this database has not run yet, in one transaction (under `lock`, a
    statement that serialises replicas starting together); how many ran."""
    with connection() as conn:
        if lock:
            conn.execute(lock)
        conn.execute(
            "CREATE TABLE IF NOT EXISTS account_migrations "
            "(version integer PRIMARY KEY, applied_at double precision NOT NULL)"
        )
        done = {int(row[0]) for row in conn.execute("SELECT version FROM account_migrations")}
        ran = 0
        for version, script in enumerate(MIGRATIONS, start=1):
            if version in done:
                continue
            for statement in filter(str.strip, script.split(";")):
                conn.execute(statement)
            conn.execute(
                f"INSERT INTO account_migrations VALUES ({placeholder}, {placeholder})",
                (version, time.time()),
            )
            ran += 1
        return ran
