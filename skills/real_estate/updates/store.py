"""Applied listing updates kept in SQLite in the skill's state folder.

The shipped file stays the base; the store holds, per listing an update touched, its whole
current Home (with its price and status history), the wish vectors of homes an update added or
re-described, and one row per applied update (its version, time, source and summary).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from providers.austin_data import Home

STATE_ENV = "SKILL_STATE_DIR"
# Without the platform's folder (the skill run alone): beside the data, ignored by git.
FALLBACK_DIR = Path(__file__).resolve().parent.parent / "data" / "state"
DB_NAME = "listings.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS homes (
    zpid TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE,
    version INTEGER NOT NULL, home TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS clauses (
    position INTEGER PRIMARY KEY, version INTEGER NOT NULL,
    texts TEXT NOT NULL, vectors BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    version INTEGER PRIMARY KEY, at TEXT NOT NULL, source TEXT NOT NULL, summary TEXT NOT NULL);
"""
Described = dict[int, tuple[list[str], Any]]


def state_dir() -> Path:
    """$SKILL_STATE_DIR (the platform's writable folder for this skill), else FALLBACK_DIR."""
    return Path(os.environ.get(STATE_ENV) or FALLBACK_DIR)


def home_to_json(home: Home) -> str:
    data = asdict(home)
    data["features"] = sorted(home.features)
    return json.dumps(data, separators=(",", ":"))


def home_from_json(text: str) -> Home:
    data = json.loads(text)
    data["features"] = frozenset(data["features"])
    return Home(**data)


@dataclass(frozen=True)
class Applied:
    """What one update writes: its homes (zpid, position, Home) and new wish vectors."""

    version: int
    at: str
    source: str
    summary: dict[str, Any]
    homes: list[tuple[int, Home]]
    described: Described


@contextlib.contextmanager
def opened(create: bool = False) -> Iterator[sqlite3.Connection | None]:
    """A connection to the store; None when there is none yet and `create` is false."""
    path = state_dir() / DB_NAME
    if not create and not path.is_file():
        yield None
        return
    if create:
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, timeout=30)
    else:  # a worker only reads: its sandbox may give it no write access to the folder
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        if create:
            connection.executescript(_SCHEMA)
        yield connection
    finally:
        connection.close()


def version(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT COALESCE(MAX(version), 0) FROM runs").fetchone()[0])


def homes_since(db: sqlite3.Connection, since: int) -> dict[int, Home]:
    rows = db.execute("SELECT position, home FROM homes WHERE version > ?", (since,))
    return {int(position): home_from_json(text) for position, text in rows}


def described_since(db: sqlite3.Connection, since: int) -> Described:
    import numpy as np  # only when there are vectors: the worker starts without numpy

    rows = db.execute("SELECT position, texts, vectors FROM clauses WHERE version > ?", (since,))
    return {
        int(position): (
            json.loads(texts),
            np.frombuffer(blob, dtype=np.float16).reshape(len(json.loads(texts)), -1),
        )
        for position, texts, blob in rows
    }


def write(db: sqlite3.Connection, applied: Applied) -> None:
    """One transaction: the update is in the store whole, or not at all."""
    import numpy as np

    v = applied.version
    with db:
        db.executemany(
            "INSERT OR REPLACE INTO homes VALUES (?, ?, ?, ?)",
            [(h.zpid, position, v, home_to_json(h)) for position, h in applied.homes],
        )
        db.executemany(
            "INSERT OR REPLACE INTO clauses VALUES (?, ?, ?, ?)",
            [
                (position, v, json.dumps(texts), np.asarray(rows, np.float16).tobytes())
                for position, (texts, rows) in applied.described.items()
            ],
        )
        db.execute(
            "INSERT INTO runs VALUES (?, ?, ?, ?)",
            (v, applied.at, applied.source, json.dumps(applied.summary)),
        )
