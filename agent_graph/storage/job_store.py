"""Job runs, users' alerts and the handoff inbox, in SQL: SQLite under MEMORY_ROOT (embedded profile) or
PostgreSQL (server profile, tables made with the rest in postgres/database.py). One class for
both: the statements are the same, only the placeholder differs.

A run is recorded per attempt (started, finished, outcome, summary); an alert is stored once
per (user, skill, key): the same key is never alerted twice (docs/jobs.md). A handoff (a request
for a person: storage/handoffs.py) is one row every replica sees, marked handled once."""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

TABLES = """
CREATE TABLE IF NOT EXISTS job_runs (
    run_id text NOT NULL, attempt integer NOT NULL, skill text NOT NULL, job text NOT NULL,
    args text NOT NULL, trigger text, started_at double precision NOT NULL,
    finished_at double precision, outcome text, summary text, error text,
    PRIMARY KEY (run_id, attempt));
CREATE INDEX IF NOT EXISTS job_runs_recent ON job_runs (started_at DESC);
CREATE TABLE IF NOT EXISTS alerts (
    id text PRIMARY KEY, user_id text NOT NULL, skill text NOT NULL, key text NOT NULL,
    kind text NOT NULL, title text NOT NULL, body text NOT NULL, items text NOT NULL,
    source_type text, source_key text, run_id text NOT NULL,
    created_at double precision NOT NULL, read_at double precision,
    UNIQUE (user_id, skill, key));
CREATE INDEX IF NOT EXISTS alerts_recent ON alerts (user_id, created_at DESC);
CREATE TABLE IF NOT EXISTS handoffs (
    id text PRIMARY KEY, user_id text NOT NULL, skill text NOT NULL, kind text NOT NULL,
    title text NOT NULL, summary text NOT NULL, details text NOT NULL, at text NOT NULL,
    handled_at text, handled_by text);
CREATE INDEX IF NOT EXISTS handoffs_recent ON handoffs (at DESC);
CREATE TABLE IF NOT EXISTS handoff_replies (
    handoff_id text NOT NULL, at text NOT NULL, by_user text NOT NULL, text text NOT NULL);
CREATE INDEX IF NOT EXISTS handoff_replies_of ON handoff_replies (handoff_id, at);
"""
_RUN_COLUMNS = (
    "run_id, attempt, skill, job, args, trigger, started_at, finished_at, outcome, summary, error"
)
_ALERT_COLUMNS = (
    "id, skill, key, kind, title, body, items, source_type, source_key, run_id, created_at, read_at"
)
ALERT_FIELDS = ("user", "key", "kind", "title", "body", "items")
HANDOFF_FIELDS = (
    "id",
    "user",
    "skill",
    "kind",
    "title",
    "summary",
    "details",
    "at",
    "handled_at",
    "handled_by",
)
_HANDOFF_COLUMNS = ", ".join("user_id" if name == "user" else name for name in HANDOFF_FIELDS)


def _json(text: str | None) -> Any:
    return json.loads(text) if text else None


def _run_records(rows: list[Any]) -> list[dict[str, Any]]:
    names = [name.strip() for name in _RUN_COLUMNS.split(",")]
    records = [dict(zip(names, row, strict=True)) for row in rows]
    for record in records:
        for field in ("args", "trigger", "summary"):
            record[field] = _json(record[field])
    return records


class JobStore:
    """Run records and alerts over `connection()` (a context manager: one transaction)."""

    def __init__(
        self, connection: Callable[[], AbstractContextManager[Any]], placeholder: str = "%s"
    ) -> None:
        self._connection = connection
        self._p = placeholder

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._connection() as conn:
            cursor = conn.execute(sql.replace("%s", self._p), params)
            return list(cursor.fetchall()) if cursor.description else []

    def run_started(
        self, run_id: str, attempt: int, skill: str, job: str, args: dict[str, Any], trigger: Any
    ) -> None:
        self._run(
            "INSERT INTO job_runs (run_id, attempt, skill, job, args, trigger, started_at) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (run_id, attempt) DO NOTHING",
            (run_id, attempt, skill, job, json.dumps(args), json.dumps(trigger), time.time()),
        )

    def run_finished(
        self, run_id: str, attempt: int, outcome: str, summary: Any = None, error: str | None = None
    ) -> None:
        self._run(
            "UPDATE job_runs SET finished_at = %s, outcome = %s, summary = %s, error = %s "
            "WHERE run_id = %s AND attempt = %s",
            (time.time(), outcome, json.dumps(summary), error, run_id, attempt),
        )

    def runs(self, limit: int = 50, run_id: str | None = None) -> list[dict[str, Any]]:
        """Attempts, newest first (one run's when `run_id` is given)."""
        where, params = ("WHERE run_id = %s ", (run_id,)) if run_id else ("", ())
        rows = self._run(
            f"SELECT {_RUN_COLUMNS} FROM job_runs {where}"
            "ORDER BY started_at DESC, attempt DESC LIMIT %s",
            (*params, limit),
        )
        return _run_records(rows)

    def runs_triggered_by(self, run_id: str) -> list[dict[str, Any]]:
        """The attempts of the runs that run `run_id` started (`after:`), oldest first."""
        rows = self._run(
            f"SELECT {_RUN_COLUMNS} FROM job_runs WHERE trigger LIKE %s ORDER BY started_at",
            (f'%"run_id": "{run_id}"%',),
        )
        return [r for r in _run_records(rows) if (r["trigger"] or {}).get("run_id") == run_id]

    def run_alerts(self, run_id: str) -> list[dict[str, Any]]:
        """The alerts run `run_id` raised, oldest first, with the user each is for."""
        rows = self._run(
            "SELECT user_id, skill, kind, title, body, items FROM alerts WHERE run_id = %s "
            "ORDER BY created_at",
            (run_id,),
        )
        names = ("user", "skill", "kind", "title", "body", "items")
        records = [dict(zip(names, row, strict=True)) for row in rows]
        for record in records:
            record["items"] = _json(record["items"]) or []
        return records

    def add_alert(
        self, skill: str, run_id: str, alert: dict[str, Any], source: tuple[str, str] | None
    ) -> str | None:
        """Store one alert; its id, or None when (user, skill, key) was alerted before."""
        alert_id = uuid.uuid4().hex
        rows = self._run(
            "INSERT INTO alerts (id, user_id, skill, key, kind, title, body, items, source_type, "
            "source_key, run_id, created_at) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "%s, %s) ON CONFLICT (user_id, skill, key) DO NOTHING RETURNING id",
            (
                alert_id,
                alert["user"],
                skill,
                alert["key"],
                alert["kind"],
                alert["title"],
                alert.get("body", ""),
                json.dumps(alert.get("items") or []),
                *(source or (None, None)),
                run_id,
                time.time(),
            ),
        )
        return str(rows[0][0]) if rows else None

    def alerts(self, user: str, limit: int = 50, unread: bool = False) -> list[dict[str, Any]]:
        """The user's alerts, newest first (only the unread ones with `unread`)."""
        only = "AND read_at IS NULL " if unread else ""
        rows = self._run(
            f"SELECT {_ALERT_COLUMNS} FROM alerts WHERE user_id = %s {only}"
            "ORDER BY created_at DESC LIMIT %s",
            (user, limit),
        )
        names = [name.strip() for name in _ALERT_COLUMNS.split(",")]
        records = [dict(zip(names, row, strict=True)) for row in rows]
        for record in records:
            record["items"] = _json(record["items"]) or []
            kind, key = record.pop("source_type"), record.pop("source_key")
            record["source"] = {"type": kind, "key": key} if key else None
        return records

    def unread_count(self, user: str) -> int:
        rows = self._run(
            "SELECT count(*) FROM alerts WHERE user_id = %s AND read_at IS NULL", (user,)
        )
        return int(rows[0][0])

    def mark_read(self, user: str, ids: list[str] | None = None) -> int:
        """Mark the user's alerts read (these `ids`, or all); how many were unread."""
        if ids is not None and not ids:
            return 0
        sql = "UPDATE alerts SET read_at = %s WHERE user_id = %s AND read_at IS NULL"
        params: tuple[Any, ...] = (time.time(), user)
        if ids is not None:
            sql += f" AND id IN ({', '.join(['%s'] * len(ids))})"
            params += tuple(ids)
        with self._connection() as conn:
            return int(conn.execute(sql.replace("%s", self._p), params).rowcount)

    def drop(self, user: str, ids: list[str]) -> None:
        """Remove alerts (their source entry is gone: docs/jobs.md)."""
        for alert_id in ids:
            self._run("DELETE FROM alerts WHERE user_id = %s AND id = %s", (user, alert_id))

    def add_handoff(self, handoff: dict[str, Any]) -> None:
        """Keep one handoff (its HANDOFF_FIELDS; `details` a JSON object)."""
        values = tuple(
            json.dumps(handoff[name]) if name == "details" else handoff.get(name)
            for name in HANDOFF_FIELDS
        )
        marks = ", ".join(["%s"] * len(HANDOFF_FIELDS))
        self._run(f"INSERT INTO handoffs ({_HANDOFF_COLUMNS}) VALUES ({marks})", values)

    def handoffs(
        self, open_only: bool = False, handoff_id: str | None = None, user: str | None = None
    ) -> list[dict[str, Any]]:
        """Handoffs, newest first (only the unhandled ones with `open_only`; one by id; one
        user's)."""
        where = ["handled_at IS NULL"] if open_only else []
        params: tuple[Any, ...] = ()
        if handoff_id is not None:
            where, params = [*where, "id = %s"], (handoff_id,)
        if user is not None:
            where, params = [*where, "user_id = %s"], (*params, user)
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        rows = self._run(
            f"SELECT {_HANDOFF_COLUMNS} FROM handoffs {clause}ORDER BY at DESC, id", params
        )
        records = [dict(zip(HANDOFF_FIELDS, row, strict=True)) for row in rows]
        for record in records:
            record["details"] = _json(record["details"]) or {}
        return records

    def add_handoff_reply(self, handoff_id: str, at: str, by: str, text: str) -> None:
        self._run(
            "INSERT INTO handoff_replies (handoff_id, at, by_user, text) VALUES (%s, %s, %s, %s)",
            (handoff_id, at, by, text),
        )

    def handoff_replies(self, ids: list[str]) -> dict[str, list[dict[str, str]]]:
        """The replies to these handoffs, oldest first, by handoff id."""
        if not ids:
            return {}
        rows = self._run(
            "SELECT handoff_id, at, by_user, text FROM handoff_replies "
            f"WHERE handoff_id IN ({', '.join(['%s'] * len(ids))}) ORDER BY at",
            tuple(ids),
        )
        return _replies_by_handoff(rows)

    def mark_handoff(self, handoff_id: str, at: str, by: str) -> dict[str, Any] | None:
        """Mark one handled unless it already is (the first mark stays); None if unknown."""
        self._run(
            "UPDATE handoffs SET handled_at = %s, handled_by = %s "
            "WHERE id = %s AND handled_at IS NULL",
            (at, by, handoff_id),
        )
        found = self.handoffs(handoff_id=handoff_id)
        return found[0] if found else None


def _replies_by_handoff(rows: list[Any]) -> dict[str, list[dict[str, str]]]:
    found: dict[str, list[dict[str, str]]] = {}
    for handoff_id, at, by, text in rows:
        found.setdefault(handoff_id, []).append({"at": at, "by": by, "text": text})
    return found


def sqlite_job_store(path: Path) -> JobStore:
    """The embedded profile's store: a SQLite file (made with its tables on first use)."""
    made: list[bool] = []

    @contextmanager
    def connection() -> Iterator[sqlite3.Connection]:
        if not made:
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=10)
        try:
            if not made:
                conn.executescript(TABLES)
                made.append(True)
            with conn:
                yield conn
        finally:
            conn.close()

    return JobStore(connection, "?")
