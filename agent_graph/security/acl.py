"""POSIX access ACLs, read and written as the kernel stores them (the `system.posix_acl_access`
extended attribute): whether a folder lets one user pass through, and letting it do so, for
SKILL_USER on the way to the skills' interpreters (scripts/skills/skill_user.py) and to their
state folders in the private data dir (agent_graph/skills/isolation/state.py).

Standard library only and importing nothing of the package: `scripts/skills/skill_user.py`
loads this file by its path, on whatever Python runs `make skills-env`.
"""

from __future__ import annotations

import errno
import os
import stat
import struct

ACL = "system.posix_acl_access"
VERSION, UNDEFINED = 2, 0xFFFFFFFF
USER_OBJ, USER, GROUP_OBJ, GROUP, MASK, OTHER = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
SEARCH = 1


def entries(path: str) -> list[tuple[int, int, int]]:
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


def grants(path: str, uid: int, need: int) -> bool:
    """Whether a named-user entry of the ACL of `path` gives `uid` the rights `need` (mode bits
    of the owner or other class, e.g. `stat.S_IXOTH`), its mask applied."""
    try:
        found = entries(path)
    except OSError:
        return False
    mask = next((perm for tag, perm, _ in found if tag == MASK), 7)
    granted = next((perm for tag, perm, who in found if tag == USER and who == uid), 0)
    want = (need & 0o7) | ((need >> 3) & 0o7) | ((need >> 6) & 0o7)
    return granted & mask & want == want


def may_pass(folder: str, uid: int) -> bool:
    """Whether `uid` (not root, in no extra group) may pass through `folder` itself, by its mode
    bits or its ACL (the folders above it are not looked at)."""
    info = os.stat(folder)
    need = stat.S_IXUSR if info.st_uid == uid else stat.S_IXOTH
    return bool(info.st_mode & need) or grants(folder, uid, need)


def grant_search(path: str, uid: int) -> None:
    """Add `user:<uid>:--x` to the folder's ACL (and to its mask, as ACLs require): that user
    may pass through it, not list or read it; other users' rights are unchanged."""
    found = [e for e in entries(path) if e[0] != MASK]
    mine = next((e for e in found if e[0] == USER and e[2] == uid), None)
    if mine is not None:
        found.remove(mine)
    found.append((USER, (mine[1] if mine else 0) | SEARCH, uid))
    mask = 0
    for tag, permissions, _ in found:
        if tag in (USER, GROUP_OBJ, GROUP):
            mask |= permissions
    found.append((MASK, mask, UNDEFINED))
    found.sort(key=lambda e: (e[0], e[2]))
    raw = struct.pack("<I", VERSION) + b"".join(struct.pack("<HHI", *e) for e in found)
    os.setxattr(path, ACL, raw)
