"""Keeping a worker's in-memory listings current with the store.

A worker loads the shipped file once; each call first asks the store for its version and, when
updates were applied since, puts only the homes they touched in place (`apply_changes` follows
with distances, sort orders and wish vectors for those homes alone). The cost is one small
SQLite query per call while nothing changed.
"""

from __future__ import annotations

import os

from providers.austin_data import apply_changes

from updates import store

_loaded = {"version": 0}
_seen: dict[str, tuple[int, int]] = {}  # the store file's (mtime, size) when last read


def ensure_current() -> int:
    """Catch up with the store; the version now in memory. A stat of the store file decides
    whether to open it at all (microseconds per call while nothing changed)."""
    path = store.state_dir() / store.DB_NAME
    try:
        info = os.stat(path)
    except OSError:
        return _loaded["version"]
    stamp = (info.st_mtime_ns, info.st_size)
    if _seen.get(str(path)) == stamp:
        return _loaded["version"]
    _seen[str(path)] = stamp
    with store.opened() as db:
        if db is None:
            return _loaded["version"]
        latest = store.version(db)
        if latest == _loaded["version"]:
            return latest
        homes = store.homes_since(db, _loaded["version"])
        described = store.described_since(db, _loaded["version"])
    apply_changes(homes, described)
    _loaded["version"] = latest
    return latest


def applied(version: int) -> None:
    """Record that this process applied `version` in memory itself."""
    _loaded["version"] = version
