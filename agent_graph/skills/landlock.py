"""Landlock for local workers: a skill process may read its own folder, the interpreter and the
system's libraries, and write only its scratch folder; the agent's files (MEMORY_ROOT, `.env`,
other skills' folders) and `/proc` (where the agent's environment is) are out of its reach.

Standard library only: `launcher.py` applies it in the worker's own process just before exec.
The rules are inherited by everything the worker forks or execs and cannot be lifted.
"""

from __future__ import annotations

import ctypes
import os

SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446  # every architecture
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38
O_PATH = 0o10000000

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1, 2, 4, 8
ALL_ABI1 = (1 << 13) - 1  # execute .. make_sym
REFER, TRUNCATE = 1 << 13, 1 << 14
FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE
READ = EXECUTE | READ_FILE | READ_DIR

READ_VAR, WRITE_VAR = "PROPSEARCH_LANDLOCK_READ", "PROPSEARCH_LANDLOCK_WRITE"
LIST_VAR = "PROPSEARCH_LANDLOCK_LIST"
UID_VAR, GID_VAR = "PROPSEARCH_SKILL_UID", "PROPSEARCH_SKILL_GID"


SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1, 2  # ABI 6: no reaching out of the domain


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def abi_version() -> int:
    """The kernel's Landlock ABI, 0 when it has none (or it is disabled)."""
    libc = ctypes.CDLL(None, use_errno=True)
    version = libc.syscall(SYS_CREATE_RULESET, None, 0, CREATE_RULESET_VERSION)
    return max(int(version), 0)


def restrict(read: list[str], write: list[str], listed: list[str] | None = None) -> int:
    """Allow reading (and executing) below `read`, everything below `write` and only reading
    the entries of folders below `listed` (names, not contents); deny the rest of the file system to this
    process and its children. Returns the ABI used (0: none)."""
    abi = abi_version()
    if abi < 1:
        return 0
    handled = ALL_ABI1 | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    libc = ctypes.CDLL(None, use_errno=True)
    # From ABI 6 the domain is also scoped: no signals to processes outside it (the agent, other
    # skills) and no connecting to their abstract Unix sockets. Ptrace is scoped from ABI 1.
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(handled, 0, scoped)
    size = ctypes.sizeof(attr) if scoped else ctypes.sizeof(ctypes.c_uint64)
    ruleset = libc.syscall(SYS_CREATE_RULESET, ctypes.byref(attr), size, 0)
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for paths, rights in ((read, READ), (write, handled), (listed or [], READ_DIR)):
            for path in paths:
                _allow(libc, ruleset, path, rights & handled)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
        if libc.syscall(SYS_RESTRICT_SELF, ruleset, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)
    return abi


def _allow(libc: ctypes.CDLL, ruleset: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, O_PATH | os.O_CLOEXEC)
    except OSError:
        return  # a path this machine does not have
    try:
        if not os.path.isdir(path):
            rights &= FILE_RIGHTS
        rule = _PathBeneath(rights, fd)
        if libc.syscall(SYS_ADD_RULE, ruleset, RULE_PATH_BENEATH, ctypes.byref(rule), 0) != 0:
            raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
    finally:
        os.close(fd)
