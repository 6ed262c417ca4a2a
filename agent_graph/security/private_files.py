"""What the server writes (sessions, memory, change logs, Chroma, skill logs) is readable by
its own user only: files 0600, folders 0700."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from agent_graph.security import no_follow

PRIVATE_UMASK = 0o077


def keep_private(root: Path, skip: Path | None = None) -> None:
    """From now on this process creates private files; those already under `root` (written
    by an older version or another umask) are made private too. The walk goes by directory
    descriptors and follows no link, so a link planted under `root` is neither followed nor
    an error. What is below `skip` (the skills' state folders, which skills write) is left
    alone: each skill's folder is kept private when its workers start (skills/isolation/state.py)."""
    os.umask(PRIVATE_UMASK)
    if not root.is_dir():
        return
    skipped = _identity(skip)
    with no_follow.opened(root) as top:
        for at, folders, files in no_follow.walk(top):
            with contextlib.suppress(OSError):
                os.fchmod(at, 0o700)
            if skipped is not None and _identity_of(at) == skipped:
                folders.clear()
                continue
            for name in files:
                no_follow.chmod_file(at, name, 0o600)


def _identity(path: Path | None) -> tuple[int, int] | None:
    try:
        info = path.stat() if path is not None else None
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if info is not None else None


def _identity_of(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino
