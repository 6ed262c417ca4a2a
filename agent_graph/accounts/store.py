"""Accounts, sessions, API keys, one-time links and the sign-in audit, in SQL: SQLite under
MEMORY_ROOT (embedded profile) or PostgreSQL (server profile). One class for both, as the job
store: the statements are the same, only the placeholder differs. Secrets arrive here already
hashed; nothing this module stores signs anybody in."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agent_graph.accounts.schema import Connect, migrate

ACCOUNT_COLUMNS = "id, email, name, role, status, password_hash, oidc_subject, created_at"
LINK_COLUMNS = "id, kind, user_id, email, role, created_by, created_at, expires_at, used_at"
EVENT_COLUMNS = "at, kind, user_id, email, address, ok, detail"
MIGRATION_LOCK_KEY = 7_314_049
"""Serialises the accounts migrations of replicas starting together (any constant works)."""


@dataclass(frozen=True)
class Account:
    id: str
    email: str
    name: str
    role: str
    status: str
    password_hash: str | None
    oidc_subject: str | None
    created_at: float


@dataclass(frozen=True)
class Holder:
    """Whose a session or key is, as of this request (role and status read with it)."""

    user_id: str
    role: str
    status: str
    secret_hash: str
    """The session's CSRF digest; for a key, its id."""
    created_at: float
    seen_at: float | None


class AlreadyTaken(ValueError):
    """The email, user id or single sign-on subject already has an account."""


class AccountStore:
    """Everything accounts keep, over `connection()` (a context manager: one transaction)."""

    def __init__(self, connection: Connect, placeholder: str = "%s") -> None:
        self._connection = connection
        self._p = placeholder

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._connection() as conn:
            cursor = conn.execute(sql.replace("%s", self._p), params)
            return list(cursor.fetchall()) if cursor.description else []

    def _count(self, sql: str, params: tuple[Any, ...]) -> int:
        with self._connection() as conn:
            return int(conn.execute(sql.replace("%s", self._p), params).rowcount)

    # accounts
    def count(self) -> int:
        return int(self._run("SELECT count(*) FROM accounts")[0][0])

    def add(self, account: Account) -> None:
        marks = ", ".join(["%s"] * 8)
        row = (
            account.id,
            account.email,
            account.name,
            account.role,
            account.status,
            account.password_hash,
            account.oidc_subject,
            account.created_at,
        )
        taken = self._run(
            "SELECT 1 FROM accounts WHERE id = %s OR email = %s OR oidc_subject = %s",
            (account.id, account.email, account.oidc_subject),
        )
        if taken:
            raise AlreadyTaken(account.email)
        self._run(f"INSERT INTO accounts ({ACCOUNT_COLUMNS}) VALUES ({marks})", row)

    def find(self, column: str, value: str) -> Account | None:
        assert column in {"id", "email", "oidc_subject"}
        rows = self._run(f"SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE {column} = %s", (value,))
        return Account(*rows[0]) if rows else None

    def accounts(self) -> list[Account]:
        rows = self._run(f"SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY created_at, id")
        return [Account(*row) for row in rows]

    def update(self, user_id: str, **fields: Any) -> None:
        assert set(fields) <= {"name", "role", "status", "password_hash", "oidc_subject"}
        if fields:
            sets = ", ".join(f"{name} = %s" for name in fields)
            self._run(f"UPDATE accounts SET {sets} WHERE id = %s", (*fields.values(), user_id))

    # sessions
    def add_session(self, token_hash: str, user_id: str, csrf_hash: str, now: float) -> None:
        self._run(
            "INSERT INTO web_sessions VALUES (%s, %s, %s, %s, %s)",
            (token_hash, user_id, csrf_hash, now, now),
        )

    def session(self, token_hash: str) -> Holder | None:
        rows = self._run(
            "SELECT s.user_id, a.role, a.status, s.csrf_hash, s.created_at, s.seen_at "
            "FROM web_sessions s JOIN accounts a ON a.id = s.user_id WHERE s.token_hash = %s",
            (token_hash,),
        )
        return Holder(*rows[0]) if rows else None

    def touch_session(self, token_hash: str, now: float) -> None:
        self._run("UPDATE web_sessions SET seen_at = %s WHERE token_hash = %s", (now, token_hash))

    def end_session(self, token_hash: str) -> None:
        self._run("DELETE FROM web_sessions WHERE token_hash = %s", (token_hash,))

    def end_sessions(self, user_id: str, keep: str | None = None) -> int:
        return self._count(
            "DELETE FROM web_sessions WHERE user_id = %s AND token_hash <> %s",
            (user_id, keep or ""),
        )

    # API keys
    def add_key(
        self, key_id: str, user_id: str, name: str, digest: str, prefix: str, now: float
    ) -> None:
        self._run(
            "INSERT INTO api_keys VALUES (%s, %s, %s, %s, %s, %s, NULL)",
            (key_id, user_id, name, digest, prefix, now),
        )

    def key(self, digest: str) -> Holder | None:
        rows = self._run(
            "SELECT k.user_id, a.role, a.status, k.id, k.created_at, k.last_used_at "
            "FROM api_keys k JOIN accounts a ON a.id = k.user_id WHERE k.key_hash = %s",
            (digest,),
        )
        return Holder(*rows[0]) if rows else None

    def touch_key(self, key_id: str, now: float) -> None:
        self._run("UPDATE api_keys SET last_used_at = %s WHERE id = %s", (now, key_id))

    def keys(self, user_id: str) -> list[dict[str, Any]]:
        names = ("id", "name", "prefix", "created_at", "last_used_at")
        rows = self._run(
            f"SELECT {', '.join(names)} FROM api_keys WHERE user_id = %s ORDER BY created_at",
            (user_id,),
        )
        return [dict(zip(names, row, strict=True)) for row in rows]

    def revoke_key(self, user_id: str, key_id: str) -> bool:
        return bool(
            self._count("DELETE FROM api_keys WHERE user_id = %s AND id = %s", (user_id, key_id))
        )

    # one-time links: password resets and invitations
    def add_link(self, token_hash: str, link: dict[str, Any]) -> None:
        names = [name.strip() for name in LINK_COLUMNS.split(",")]
        marks = ", ".join(["%s"] * (len(names) + 1))
        values = tuple(link.get(name) for name in names)
        self._run(
            f"INSERT INTO one_time_links (token_hash, {LINK_COLUMNS}) VALUES ({marks})",
            (token_hash, *values),
        )

    def take_link(
        self, token_hash: str, kind: str, now: float, email: str | None = None
    ) -> dict[str, Any] | None:
        """Use a link once: its record, or None when unknown, used, expired, of another kind
        or (given `email`) for another email."""
        only = " AND email = %s" if email is not None else ""
        rows = self._run(
            f"UPDATE one_time_links SET used_at = %s WHERE token_hash = %s AND kind = %s "
            f"AND used_at IS NULL AND expires_at > %s{only} RETURNING {LINK_COLUMNS}",
            (now, token_hash, kind, now, *([email] if email is not None else [])),
        )
        names = [name.strip() for name in LINK_COLUMNS.split(",")]
        return dict(zip(names, rows[0], strict=True)) if rows else None

    def links(self, kind: str) -> list[dict[str, Any]]:
        names = [name.strip() for name in LINK_COLUMNS.split(",")]
        rows = self._run(
            f"SELECT {LINK_COLUMNS} FROM one_time_links WHERE kind = %s ORDER BY created_at DESC",
            (kind,),
        )
        return [dict(zip(names, row, strict=True)) for row in rows]

    def drop_link(self, kind: str, link_id: str) -> bool:
        return bool(
            self._count("DELETE FROM one_time_links WHERE kind = %s AND id = %s", (kind, link_id))
        )

    # single sign-on round trips
    def add_oidc_login(
        self, state: str, nonce: str, verifier: str, next_path: str, until: float
    ) -> None:
        self._run(
            "INSERT INTO oidc_logins VALUES (%s, %s, %s, %s, %s)",
            (state, nonce, verifier, next_path, until),
        )

    def take_oidc_login(self, state: str, now: float) -> tuple[str, str, str] | None:
        """(nonce, verifier, next path) of a round trip begun here, once, before it expires."""
        rows = self._run(
            "DELETE FROM oidc_logins WHERE state = %s RETURNING nonce, verifier, next_path, "
            "expires_at",
            (state,),
        )
        if not rows or float(rows[0][3]) <= now:
            return None
        return str(rows[0][0]), str(rows[0][1]), str(rows[0][2])

    # the audit
    def record(self, event: dict[str, Any]) -> None:
        names = [name.strip() for name in EVENT_COLUMNS.split(",")]
        marks = ", ".join(["%s"] * len(names))
        values = tuple(event.get(name, "" if name == "detail" else None) for name in names)
        self._run(f"INSERT INTO auth_events ({EVENT_COLUMNS}) VALUES ({marks})", values)

    def failures(self, column: str, value: str, since: float) -> tuple[int, float]:
        """Failed sign-ins for this email or address since then: how many, and the oldest."""
        assert column in {"email", "address"}
        rows = self._run(
            f"SELECT count(*), min(at) FROM auth_events WHERE {column} = %s AND at > %s "
            "AND kind = 'signin' AND ok = %s",
            (value, since, False),
        )
        return int(rows[0][0]), float(rows[0][1] or since)

    def events(self, limit: int) -> list[dict[str, Any]]:
        names = [name.strip() for name in EVENT_COLUMNS.split(",")]
        rows = self._run(
            f"SELECT {EVENT_COLUMNS} FROM auth_events ORDER BY at DESC LIMIT %s", (limit,)
        )
        return [dict(zip(names, (*row[:5], bool(row[5]), row[6]), strict=True)) for row in rows]


def sqlite_account_store(path: Path) -> AccountStore:
    """The embedded profile's store: a SQLite file, migrated on first use."""
    wal: list[bool] = []

    @contextmanager
    def connection() -> Iterator[sqlite3.Connection]:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=10)
        try:
            if not wal:  # kept by the file: readers never wait for a writer
                conn.execute("PRAGMA journal_mode=WAL")
                wal.append(True)
            conn.execute("PRAGMA synchronous=NORMAL")  # a commit syncs the log only
            with conn:
                yield conn
        finally:
            conn.close()

    return AccountStore(_migrated(connection, "?"), "?")


def postgres_account_store(connection: Connect) -> AccountStore:
    """The server profile's store over its Database; replicas migrate one at a time."""
    lock = f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})"
    return AccountStore(_migrated(connection, "%s", lock), "%s")


def _migrated(connection: Connect, placeholder: str, lock: str | None = None) -> Connect:
    """`connection`, running the pending migrations before its first use."""
    done: list[bool] = []

    @contextmanager
    def migrated_connection() -> Iterator[Any]:
        if not done:
            migrate(connection, placeholder, lock)
            done.append(True)
        with connection() as conn:
            yield conn

    return migrated_connection
