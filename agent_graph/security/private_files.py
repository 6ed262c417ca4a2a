"""What the server writes (sessions, memory, change logs, Chroma, skill logs) is readable by
its own user only: files 0600, folders 0700."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PRIVATE_UMASK = 0o077


def keep_private(root: Path) -> None:
    """From now on this process creates private files; those already under `root` (written
    by an older version or another umask) are made private too."""
    os.umask(PRIVATE_UMASK)
    if not root.is_dir():
        return
    with contextlib.suppress(OSError):
        root.chmod(0o700)
    for folder, dirs, files in os.walk(root):
        for name in dirs:
            with contextlib.suppress(OSError):
                os.chmod(os.path.join(folder, name), 0o700, follow_symlinks=False)
        for name in files:
            with contextlib.suppress(OSError, NotImplementedError):
                os.chmod(os.path.join(folder, name), 0o600, follow_symlinks=False)
