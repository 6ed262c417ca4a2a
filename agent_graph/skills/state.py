"""A skill's own writable folder (`state: true` in SKILL.md): `<data dir>/skills/state/<skill>`,
handed to its workers as $SKILL_STATE_DIR. Landlock allows writing there and nowhere else of the
data dir (sandbox.py). The docker backend gives the skill a named volume instead, mounted at the
container's /state (`state_volume`): the engine proxy lets no host folder in. Files an operator
hands a job are copied into its `inbox/` (agent_graph/jobs/inbox.py)."""

from __future__ import annotations

import os
from pathlib import Path

STATE_VAR = "SKILL_STATE_DIR"
CONTAINER_STATE = "/state"
STATE_VOLUME_PREFIX = "propsearch-state-"
"""Every state volume's name starts so; the engine proxy mounts no other volume."""


def state_root(memory_root: Path) -> Path:
    return memory_root / "skills" / "state"


def state_dir(root: Path, skill: str, owner: tuple[int, int] | None = None) -> Path:
    """The skill's folder under `root`, made (private) if missing, owned by `owner` when given."""
    folder = root / skill
    (folder / "inbox").mkdir(parents=True, exist_ok=True, mode=0o700)
    if owner is not None:
        for path in (folder, folder / "inbox"):
            os.chown(path, *owner)
    return folder


def state_volume(skill: str, scope: str = "") -> str:
    """The skill's Docker volume: `propsearch-state-[<scope>-]<skill>`; the scope (a deployment's
    or a test's name) keeps two of them on one engine apart."""
    return f"{STATE_VOLUME_PREFIX}{scope + '-' if scope else ''}{skill}"
