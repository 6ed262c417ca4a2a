"""A session file's format: the record as one JSON line, then one line per save that only
added to it (its new messages and turns, its title and time), appended.

A turn adds one exchange to a session that grows all its life; rewriting the whole record every
turn cost a serialisation of everything said so far, a temp file and a rename. An appended line
costs what the turn added. A line cut short by a crash (no newline, not JSON) is skipped when
read, so the session keeps every exchange saved before it; the next save rewrites the file whole.
A file of one line (the format before appends) reads as it always did.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

GROWING = ("messages", "turns")
"""The record's lists an appended line extends; its other fields it replaces."""
REPLACED = ("title", "updated_at")


@dataclass(frozen=True)
class Stamp:
    """Which file a path held when it was read or written: a rename gives a new inode, an
    append a new size and time."""

    inode: int
    size: int
    modified_ns: int

    @classmethod
    def of(cls, path: Path) -> Stamp:
        found = os.stat(path)
        return cls(found.st_ino, found.st_size, found.st_mtime_ns)


def parsed(text: str) -> tuple[dict[str, Any], bool]:
    """The record's fields from a file's text, and whether the file ends whole (a cut last line
    is skipped: the next save must rewrite the file rather than append after it)."""
    first, _, rest = text.partition("\n")
    data: dict[str, Any] = json.loads(first)
    for line in rest.split("\n"):
        try:
            added = json.loads(line) if line else None
        except ValueError:
            continue  # a line cut short by a crash: the exchanges before it are kept
        if isinstance(added, dict):
            for name in GROWING:  # extended in place: a long session's lines stay linear
                data.setdefault(name, []).extend(added.get(name, []))
            data.update({name: added[name] for name in REPLACED if name in added})
    return data, text.endswith("\n")


def addition(
    stored: dict[str, Any], fields: dict[str, Any], same: tuple[str, ...]
) -> dict[str, Any] | None:
    """What `fields` add to `stored` (both a record's fields) as an appended line; None when
    they change more than that: a `same` field differs, or a list is not `stored`'s extended
    (its earlier entries must be the very objects stored: a record loaded, then added to)."""
    if any(stored[name] != fields[name] for name in same):
        return None
    line = {name: fields[name] for name in REPLACED}
    for name in GROWING:
        before, after = stored[name], fields[name]
        if len(after) < len(before) or any(
            a is not b for a, b in zip(before, after[: len(before)], strict=True)
        ):
            return None
        line[name] = after[len(before) :]
    return line


def append_line(path: Path, line: dict[str, Any], sync: bool) -> None:
    """`line` added at the end of `path`; on any failure the file is cut back to its size
    before, so a full disk leaves the session as it was. `sync`: on disk before returning."""
    data = (json.dumps(line) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    size = os.fstat(fd).st_size
    try:
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        if sync:
            os.fsync(fd)
    except BaseException:
        os.ftruncate(fd, size)
        raise
    finally:
        os.close(fd)
