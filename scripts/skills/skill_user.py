"""Let SKILL_USER reach the skills' interpreters, so skill code runs as that user, not as root
(`make skills-env`, run by scripts/skills/env.sh when it runs as root; docs/skill-isolation.md).

    python3 scripts/skills/skill_user.py PATH ...   # interpreters, skill folders

On a root machine the agent's Python often lives below a folder only root may enter (pyenv in
/root, mode 0700), and the launcher then keeps skill code running as root (capability-less,
logged). For each folder on the way to a PATH that SKILL_USER (`nobody` for `auto`) may not
enter, this grants that one user the right to pass through it, and nothing else: a POSIX ACL
entry `user:<uid>:--x` (no listing, no reading; the other users' rights are unchanged; undo with
`setfacl -x u:nobody /root`). The interpreter's own files are left as they are: they must be
readable by everyone already (they are, as installed). Standard library only; prints what it
changed, and why it could not when the file system has no ACLs.
"""

from __future__ import annotations

import errno
import os
import pwd
import struct
import sys
from pathlib import Path

ACL = "system.posix_acl_access"
VERSION, UNDEFINED = 2, 0xFFFFFFFF
USER_OBJ, USER, GROUP_OBJ, GROUP, MASK, OTHER = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
SEARCH = 1


def _entries(path: str) -> list[tuple[int, int, int]]:
    """The folder's access ACL as (tag, permissions, id), from its mode bits when it has none."""
    try:
        raw = os.getxattr(path, ACL)
    except OSError as exc:
        if exc.errno != errno.ENODATA:
            raise
        mode = os.stat(path).st_mode
        return [
            (USER_OBJ, (mode >> 6) & 7, UNDEFINED),
            (GROUP_OBJ, (mode >> 3) & 7, UNDEFINED),
            (OTHER, mode & 7, UNDEFINED),
        ]
    return [struct.unpack_from("<HHI", raw, 4 + 8 * i) for i in range((len(raw) - 4) // 8)]


def grant_search(path: str, uid: int) -> None:
    """Add `user:<uid>:--x` to the folder's ACL (and to its mask, as ACLs require)."""
    entries = [e for e in _entries(path) if e[0] != MASK]
    mine = next((e for e in entries if e[0] == USER and e[2] == uid), None)
    if mine is not None:
        entries.remove(mine)
    entries.append((USER, (mine[1] if mine else 0) | SEARCH, uid))
    group_class = [p for tag, p, _ in entries if tag in (USER, GROUP_OBJ, GROUP)]
    mask = 0
    for permissions in group_class:
        mask |= permissions
    entries.append((MASK, mask, UNDEFINED))
    entries.sort(key=lambda e: (e[0], e[2]))
    raw = struct.pack("<I", VERSION) + b"".join(struct.pack("<HHI", *e) for e in entries)
    os.setxattr(path, ACL, raw)


def may_enter(folder: Path, uid: int, gid: int) -> bool:
    """Whether `uid` (in group `gid` only) may pass through `folder` (ACLs included)."""
    pid = os.fork()
    if pid == 0:  # check as that user, the kernel applying every rule
        try:
            os.setgroups([])
            os.setgid(gid)
            os.setuid(uid)
            os._exit(0 if os.access(folder, os.X_OK) else 1)
        except BaseException:
            os._exit(2)
    return os.waitpid(pid, 0)[1] == 0


def open_the_way(path: Path, user: pwd.struct_passwd) -> None:
    """From / down to `path` (and to where its symlinks lead), let `user` pass through each
    folder it may not enter; say what was changed."""
    for target in dict.fromkeys([path.absolute(), path.resolve()]):
        for folder in reversed(target.parents):
            if may_enter(folder, user.pw_uid, user.pw_gid):
                continue
            try:
                grant_search(str(folder), user.pw_uid)
            except OSError as exc:
                print(
                    f"[skills-env] SKILL_USER {user.pw_name} cannot pass through {folder} and "
                    f"no ACL could be set ({exc.strerror}): skill code will run as root",
                    file=sys.stderr,
                )
                return
            print(
                f"[skills-env] SKILL_USER {user.pw_name} may now pass through {folder} "
                f"(ACL user:{user.pw_name}:--x: no listing, no reading)",
                file=sys.stderr,
            )


def main(argv: list[str]) -> int:
    setting = os.environ.get("SKILL_USER", "auto")
    if os.geteuid() != 0 or setting in ("", "off"):
        return 0
    user = pwd.getpwnam("nobody" if setting == "auto" else setting)
    for name in argv:
        if os.path.exists(name):
            open_the_way(Path(name), user)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
