"""Privileges a local worker gives up before exec (`launcher.py`): its own `/tmp` and `/dev/shm`,
no network at all when it needs none, no capabilities and `no_new_privs`, whatever user the
agent is; and memory beyond its SKILL.md's `memory` (RLIMIT_DATA), confined or not.

Standard library only, like `landlock.py`. The namespaces need the agent to be root (the
launcher calls `private_namespaces` before it changes user); an unprivileged agent has no
capabilities to give up, and there `/tmp` and `/dev/shm` stay shared (Landlock keeps them
unwritable but for the worker's scratch folder).
"""

from __future__ import annotations

import ctypes
import os
import resource

CLONE_NEWNS, CLONE_NEWNET = 0x00020000, 0x40000000
MS_NOSUID, MS_NODEV, MS_BIND, MS_REC, MS_PRIVATE = 2, 4, 4096, 16384, 1 << 18
PR_SET_NO_NEW_PRIVS, PR_CAPBSET_DROP, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 38, 24, 47, 4
CAPABILITY_VERSION_3 = 0x20080522
TMPFS = "mode=1777,size=64m"
SHM = "/dev/shm"
PRIVATE = ("/tmp", SHM)
MEMORY_VAR = "PROPSEARCH_MEMORY_BYTES"  # backends/process.py: the worker's cap (SKILL.md `memory`)


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        raise OSError(ctypes.get_errno(), f"{what} failed")


def private_namespaces(keep: list[str], network: bool) -> list[str]:
    """A mount namespace with a fresh tmpfs on /tmp and /dev/shm (the paths in `keep` below
    them bound back in, e.g. the skill's folder and scratch), and without `network` a network
    namespace with nothing in it. Returns the folders to make writable: /dev/shm (not /tmp, where
    Landlock would then grant every path bound below it; the worker writes its scratch folder,
    TMPDIR), [] when this process may not create namespaces (not root)."""
    if os.geteuid() != 0:
        return []
    libc = _libc()
    _check(libc.unshare(CLONE_NEWNS | (0 if network else CLONE_NEWNET)), "unshare")
    _check(libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "mount --make-rprivate /")
    hidden = _below(keep, PRIVATE)
    handles = {path: os.open(path, os.O_PATH | os.O_CLOEXEC) for path in hidden}
    for folder in PRIVATE:
        if os.path.isdir(folder):
            flags = MS_NOSUID | MS_NODEV
            _check(libc.mount(b"tmpfs", folder.encode(), b"tmpfs", flags, TMPFS.encode()), folder)
    _bind_back(libc, handles)
    shared = any(path.startswith(SHM + os.sep) for path in hidden)
    return [SHM] if os.path.isdir(SHM) and not shared else []


def _bind_back(libc: ctypes.CDLL, handles: dict[str, int]) -> None:
    """Bind each folder (open as `handles[path]` from before the tmpfs hid it) back at `path`."""
    umask = os.umask(0o022)  # the mount points, traversable by SKILL_USER
    try:
        for path, handle in handles.items():
            os.makedirs(path, exist_ok=True)
            source = f"/proc/self/fd/{handle}".encode()
            _check(libc.mount(source, path.encode(), None, MS_BIND | MS_REC, None), f"bind {path}")
            os.close(handle)
    finally:
        os.umask(umask)


def _below(paths: list[str], roots: tuple[str, ...]) -> list[str]:
    """The folders of `paths` below one of `roots`, without those inside another one listed."""
    inside = sorted(
        {
            p if os.path.isdir(p) else os.path.dirname(p)
            for p in map(os.path.realpath, paths)
            if any(p.startswith(root + os.sep) for root in roots)
        }
    )
    kept: list[str] = []
    for path in inside:
        if not any(path == k or path.startswith(k + os.sep) for k in kept):
            kept.append(path)
    return kept


def drop_bounding_set() -> None:
    """Empty the capability bounding set, so no exec (of anything, as root too) gains one.
    Needs CAP_SETPCAP: a process without it has nothing to drop."""
    libc = _libc()
    cap = 0
    while libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) == 0:
        cap += 1
    _check(libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0), "clear ambient caps")


def drop_capabilities() -> None:
    """No effective, permitted or inheritable capability, and `no_new_privs`."""
    libc = _libc()
    header = _CapHeader(CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    _check(libc.capset(ctypes.byref(header), ctypes.byref(data)), "capset")
    _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")


def limit_memory(limit: str) -> None:
    """Cap this process and what it execs and forks at `limit` bytes of data (nothing when
    empty). RLIMIT_DATA counts what a process writes to (heap, private writable mappings,
    thread stacks), not what it only reserves: Node's V8 reserves hundreds of megabytes of
    address space it never touches, and fails to start under an RLIMIT_AS of 512 MB. Past the
    cap an allocation fails (Python: MemoryError); the hard limit too, so it stays."""
    if limit:
        resource.setrlimit(resource.RLIMIT_DATA, (int(limit), int(limit)))
