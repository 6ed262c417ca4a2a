"""A skill's own writable folder (`state: true` in SKILL.md): `<data dir>/skills/state/<skill>`,
handed to its workers as $SKILL_STATE_DIR. Landlock allows writing there and nowhere else of the
data dir (sandbox.py). The docker backend gives the skill a named volume instead, mounted at the
container's /state (`state_volume`): the engine proxy lets no host folder in. A file an operator
hands a job goes into the folder's `inbox/` through the skill's backend (`receive_file`), so it
lands where the skill's workers look.

The data dir is private (0700, the agent's user). Where a skill's workers run as SKILL_USER, that
user may pass through the data dir, `skills` and `skills/state` (an ACL `user:<uid>:--x`:
nothing to list or read, `let_pass`) and owns its skill's folder (0700). Every skill's workers share
that user: Landlock, not the file modes, keeps one skill out of another's folder."""

from __future__ import annotations

import logging
import os
import re
import secrets
import time
from pathlib import Path

from agent_graph.security import acl, no_follow

log = logging.getLogger(__name__)

STATE_VAR = "SKILL_STATE_DIR"
CONTAINER_STATE = "/state"
STATE_VOLUME_PREFIX = "propsearch-state-"
"""Every state volume's name starts so; the engine proxy mounts no other volume."""
INBOX = "inbox"
PARTS = ("skills", "state")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_warned: set[str] = set()


class FileRefused(RuntimeError):
    """A file for a job that cannot reach the skill's state (no worker up, a remote service)."""


def state_root(memory_root: Path) -> Path:
    return memory_root.joinpath(*PARTS)


def state_volume(skill: str, scope: str = "") -> str:
    """The skill's Docker volume: `propsearch-state-[<scope>-]<skill>`; the scope (a deployment's
    or a test's name) keeps two of them on one engine apart."""
    return f"{STATE_VOLUME_PREFIX}{scope + '-' if scope else ''}{skill}"


def inbox_path(name: str) -> str:
    """Where a handed file goes, relative to the state folder: `inbox/<stamp>-<token>-<name>`, a
    name that stays inside the inbox and never collides with an earlier upload (two in the same
    second included: the operator's run without `confirm`, then with it)."""
    base = _UNSAFE.sub("_", Path(name).name).lstrip(".")[:80] or "upload"
    return f"{INBOX}/{time.strftime('%Y%m%dT%H%M%S')}-{secrets.token_hex(4)}-{base}"


def receive(root: Path, skill: str, name: str, content: bytes) -> str:
    """Write `content` into `skill`'s inbox under `root`; the path its job reads (`inbox/…`).
    The inbox is reached without following links (no_follow.py): a skill that made its inbox a
    link to another folder gets a real inbox back, and the file lands there."""
    path = inbox_path(name)
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    with (
        no_follow.opened(root) as top,
        no_follow.folder(top, skill) as own,
        no_follow.folder(own, INBOX) as inbox,
    ):
        no_follow.create_file(inbox, path.removeprefix(f"{INBOX}/"), content)
    return path


def state_dir(root: Path, skill: str, owner: tuple[int, int] | None = None) -> Path:
    """The skill's folder under `root`, made private (0700) if missing, owned by `owner` when
    given. The skill writes in it: its folder and inbox are opened without following links, so
    a link it planted is replaced, never chmod-ed or chown-ed through (no_follow.py)."""
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    with no_follow.opened(root) as top, no_follow.folder(top, skill) as own:
        no_follow.set_mode(own, 0o700, owner)
        with no_follow.folder(own, INBOX) as inbox:
            no_follow.set_mode(inbox, 0o700, owner)
    return root / skill


def let_pass(root: Path, uid: int) -> bool:
    """Let `uid` pass through the data dir down to the state root `root` (made if missing), and
    nothing more: an ACL `user:<uid>:--x` on each of those folders it may not pass yet. The
    folders above the data dir are left as they are. False where no ACL can be set (logged)."""
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    for folder in map(str, [*reversed(root.parents[: len(PARTS)]), root]):
        if acl.may_pass(folder, uid):
            continue
        try:
            acl.grant_search(folder, uid)
        except OSError as exc:
            if folder not in _warned:
                _warned.add(folder)
                log.warning(
                    "SKILL_USER (uid %d) cannot pass through %s and no ACL could be set (%s): "
                    "skills with a state folder run as the agent's user",
                    uid,
                    folder,
                    exc.strerror,
                )
            return False
    return True


def hand_over(folder: Path, owner: tuple[int, int]) -> None:
    """Give the state `folder` and its inbox to `owner`. The first time (the folder was someone
    else's: the skill ran as the agent's user before), also what is below it that the agent's
    user owns, so the skill still reads what it and its jobs wrote then. Nothing is followed:
    the walk goes by directory descriptors, links are not entered, and a file with other hard
    links is left alone (its other names are not the skill's)."""
    with no_follow.opened(folder.parent) as top, no_follow.folder(top, folder.name) as own:
        if os.fstat(own).st_uid != owner[0]:
            for at, dirs, files in no_follow.walk(own):
                _give(at, dirs, files, owner)
        no_follow.set_mode(own, 0o700, owner)
        with no_follow.folder(own, INBOX) as inbox:
            no_follow.set_mode(inbox, 0o700, owner)


def _give(at: int, dirs: list[str], files: list[str], owner: tuple[int, int]) -> None:
    for name in (*dirs, *files):
        info = os.stat(name, dir_fd=at, follow_symlinks=False)
        if info.st_uid == os.geteuid() and (info.st_nlink == 1 or name in dirs):
            os.chown(name, *owner, dir_fd=at, follow_symlinks=False)
