"""Landlock for local workers: a skill process may read its own folder, the interpreter and the
system's libraries, and write only its scratch folder; the agent's files (MEMORY_ROOT, `.env`,
other skills' folders) and `/proc` (where the agent's environment is) are out of its reach.
From ABI 4 it also binds only its own TCP port and connects only to the TCP ports its skill
declares (`outbound` in SKILL.md): the API, llama-server, PostgreSQL, Redis and other skills'
workers listen on other ports, so they are out of reach too.

Standard library only: `launcher.py` applies it in the worker's own process just before exec.
The rules are inherited by everything the worker forks or execs and cannot be lifted.
"""

from __future__ import annotations

import ctypes
import os

SYS_CREATE_RULESET, SYS_ADD_RULE, SYS_RESTRICT_SELF = 444, 445, 446  # every architecture
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH, RULE_NET_PORT = 1, 2
BIND_TCP, CONNECT_TCP = 1, 2  # ABI 4
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
BIND_VAR, CONNECT_VAR = "PROPSEARCH_NET_BIND", "PROPSEARCH_NET_CONNECT"
NET_RULES_VAR = "PROPSEARCH_LANDLOCK_NET"  # "0": no network rules (sandbox.network_rules)
LISTEN_VAR = "PROPSEARCH_NET_LISTEN"  # "1": the launcher opens PORT, then an empty netns
NET_ABI = 4


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


class _NetPort(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("port", ctypes.c_uint64)]


def abi_version() -> int:
    """The kernel's Landlock ABI, 0 when it has none (or it is disabled)."""
    libc = ctypes.CDLL(None, use_errno=True)
    version = libc.syscall(SYS_CREATE_RULESET, None, 0, CREATE_RULESET_VERSION)
    return max(int(version), 0)


def restrict(
    read: list[str],
    write: list[str],
    listed: list[str] | None = None,
    ports: tuple[list[int], list[int]] = ([], []),
    network: bool = True,
) -> int:
    """Allow reading (and executing) below `read`, everything below `write` and only reading
    the entries of folders below `listed` (names, not contents); from ABI 4 allow binding only
    the TCP ports `ports[0]` and connecting only to `ports[1]` (not `network`: no network
    rules, as below ABI 4). Deny the rest to this process and its children. Returns the ABI
    used (0: none)."""
    abi = abi_version()
    if abi < 1:
        return 0
    handled = ALL_ABI1 | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    net = BIND_TCP | CONNECT_TCP if abi >= NET_ABI and network else 0
    libc = ctypes.CDLL(None, use_errno=True)
    # From ABI 6 the domain is also scoped: no signals to processes outside it (the agent, other
    # skills) and no connecting to their abstract Unix sockets. Ptrace is scoped from ABI 1.
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(handled, net, scoped)
    size = 24 if scoped else 16 if net else 8  # the fields this ABI knows
    ruleset = libc.syscall(SYS_CREATE_RULESET, ctypes.byref(attr), size, 0)
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    try:
        for paths, rights in ((read, READ), (write, handled), (listed or [], READ_DIR)):
            for path in paths:
                _allow(libc, ruleset, path, rights & handled)
        for numbers, right in zip(ports, (BIND_TCP, CONNECT_TCP), strict=True):
            for port in numbers if net else []:
                _allow_port(libc, ruleset, port, right)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
        if libc.syscall(SYS_RESTRICT_SELF, ruleset, 0) != 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)
    return abi


def _allow_port(libc: ctypes.CDLL, ruleset: int, port: int, right: int) -> None:
    rule = _NetPort(right, port)
    if libc.syscall(SYS_ADD_RULE, ruleset, RULE_NET_PORT, ctypes.byref(rule), 0) != 0:
        raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for port {port}")


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
