"""Files an operator hands a job (an update file): copied into the skill's own state folder,
`inbox/<name>`, which the job's args then name (`{"file": "inbox/<name>"}`)."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from typing import BinaryIO

from agent_graph.skills.state import state_dir

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(name: str) -> str:
    """A file name that stays inside the inbox, stamped so two uploads never collide."""
    base = _UNSAFE.sub("_", Path(name).name).lstrip(".")[:80] or "upload"
    return f"{time.strftime('%Y%m%dT%H%M%S')}-{base}"


def receive(root: Path, skill: str, name: str, content: BinaryIO) -> str:
    """Copy `content` into `skill`'s inbox under `root`; the path its job reads (`inbox/…`)."""
    inbox = state_dir(root, skill) / "inbox"
    target = inbox / safe_name(name)
    with target.open("xb") as out:
        shutil.copyfileobj(content, out)
    target.chmod(0o644)
    owner = inbox.stat()
    if owner.st_uid != os.geteuid():  # the skill's user (sandbox.py): its file, 0600 or not
        os.chown(target, owner.st_uid, owner.st_gid)
    return f"inbox/{target.name}"
