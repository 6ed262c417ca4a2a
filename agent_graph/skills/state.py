"""A skill's own writable folder (`state: true` in SKILL.md): `<data dir>/skills/state/<skill>`,
handed to its workers as $SKILL_STATE_DIR. Landlock allows writing there and nowhere else of the
data dir (sandbox.py). The docker backend gives the skill a named volume instead, mounted at the
container's /state (`state_volume`): the engine proxy lets no host folder in. A file an operator
hands a job goes into the folder's `inbox/` through the skill's backend (`receive_file`), so it
lands where the skill's workers look."""

from __future__ import annotations

import re
import time
from pathlib import Path

STATE_VAR = "SKILL_STATE_DIR"
CONTAINER_STATE = "/state"
STATE_VOLUME_PREFIX = "propsearch-state-"
"""Every state volume's name starts so; the engine proxy mounts no other volume."""
INBOX = "inbox"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class FileRefused(RuntimeError):
    """A file for a job that cannot reach the skill's state (no worker up, a remote service)."""


def state_root(memory_root: Path) -> Path:
    return memory_root / "skills" / "state"


def state_dir(root: Path, skill: str) -> Path:
    """The skill's folder under `root`, made (private) if missing."""
    folder = root / skill
    (folder / INBOX).mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder


def state_volume(skill: str, scope: str = "") -> str:
    """The skill's Docker volume: `propsearch-state-[<scope>-]<skill>`; the scope (a deployment's
    or a test's name) keeps two of them on one engine apart."""
    return f"{STATE_VOLUME_PREFIX}{scope + '-' if scope else ''}{skill}"


def inbox_path(name: str) -> str:
    """Where a handed file goes, relative to the state folder: `inbox/<stamp>-<name>`, a name
    that stays inside the inbox and never collides with an earlier upload."""
    base = _UNSAFE.sub("_", Path(name).name).lstrip(".")[:80] or "upload"
    return f"{INBOX}/{time.strftime('%Y%m%dT%H%M%S')}-{base}"


def receive(root: Path, skill: str, name: str, content: bytes) -> str:
    """Write `content` into `skill`'s inbox under `root`; the path its job reads (`inbox/…`)."""
    path = inbox_path(name)
    target = state_dir(root, skill) / path
    with target.open("xb") as out:
        out.write(content)
    target.chmod(0o644)
    return path
