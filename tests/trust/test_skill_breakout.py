"""Skill code may not take the kernel's roads out of its sandbox (docs/security.md, "Review
three"): no user or network namespace (where it would hold every capability and reach
nf_tables), no setns or mount, no BPF, keyring or userfaultfd, no netlink socket. The breakout
fixture tries each from a real process worker; the seccomp filter the launcher installs
(agent_graph/skills/isolation/seccomp.py) refuses them with EPERM. Nor may it take the machine's memory:
past its SKILL.md's `memory` (64m for the fixture) an allocation fails, and the call with it."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.isolation import seccomp
from agent_graph.skills.isolation.sandbox import available
from agent_graph.skills.registry import SkillRegistry
from tests.servers import ROOT, free_port_window
from tests.trust.helpers import FIXTURES, run_filtered

pytestmark = pytest.mark.skipif(
    not available() or not seccomp.supported(),
    reason="needs Landlock (the launcher's confinement) and x86_64 or aarch64",
)
ATTEMPTS = ("unshare", "clone", "setns", "mount", "bpf", "keyctl", "userfaultfd", "netlink")


@pytest.fixture
async def registry(tmp_path: Path) -> AsyncIterator[SkillRegistry]:
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "breakout", skills / "breakout")
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    registry = SkillRegistry(skills, ProcessBackend, PortAllocator(free_port_window()))
    try:
        await registry.start()
        assert "breakout" in registry.names, registry.failed
        yield registry
    finally:
        await registry.close()


async def test_a_skill_gets_no_namespace_bpf_keyring_userfaultfd_nor_netlink(
    registry: SkillRegistry,
) -> None:
    outcomes = await registry.dispatch("breakout_try", {})
    assert set(outcomes) == set(ATTEMPTS)
    assert outcomes == dict.fromkeys(ATTEMPTS, "EPERM")


async def test_a_worker_past_its_memory_cap_fails_the_call_and_the_pool_goes_on(
    registry: SkillRegistry,
) -> None:
    """RLIMIT_DATA from `memory: 64m` (launcher.py): 128 MB is refused in the call's own
    process (MemoryError, a readable 500), the worker lives on, the next call is served."""
    with pytest.raises(SkillCallError, match="MemoryError"):
        await registry.dispatch("breakout_allocate", {"mb": 128})
    assert await registry.dispatch("breakout_allocate", {"mb": 16}) == {"allocated_mb": 16}


FILTERED = """
import ctypes, errno, os, platform, socket, subprocess, threading
libc = ctypes.CDLL(None, use_errno=True)
X86 = platform.machine() == "x86_64"
CLONE, BPF, KEYCTL, UFFD, PERF = (56, 321, 250, 323, 298) if X86 else (220, 280, 219, 282, 241)
PIDFD_OPEN, CLONE3, FSOPEN, OPEN_TREE = 434, 435, 430, 428

def raw(number, *args):
    return libc.syscall(number, *args)

def clone(flags):
    pid = raw(CLONE, flags | 17, 0, 0, 0, 0)  # SIGCHLD: a fork
    if pid == 0:
        os._exit(0)
    if pid > 0:
        os.waitpid(pid, 0)
    return pid

def fork():
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    return os.waitpid(pid, 0)[1]

def thread():
    worker = threading.Thread(target=lambda: None)
    worker.start()
    worker.join()

def sock(family, kind):
    socket.socket(family, kind).close()

bpf_attr = (ctypes.c_uint32 * 5)(2, 4, 4, 1, 0)
attempts = {
    "fork": fork,
    "thread": thread,
    "spawn": lambda: subprocess.run(["true"], check=True),
    "unix": lambda: sock(socket.AF_UNIX, socket.SOCK_STREAM),
    "personality query": lambda: libc.personality(0xFFFFFFFF),
    "unshare user+net": lambda: libc.unshare(0x10000000 | 0x40000000),
    "unshare mount": lambda: libc.unshare(0x00020000),
    "clone user": lambda: clone(0x10000000),
    "clone net": lambda: clone(0x40000000),
    "clone3": lambda: raw(CLONE3, None, 0),
    "setns": lambda: libc.setns(raw(PIDFD_OPEN, os.getpid(), 0), 0x40000000),
    "mount": lambda: libc.mount(None, None, None, 0, None),
    "umount2": lambda: libc.umount2(None, 0),
    "fsopen": lambda: raw(FSOPEN, b"tmpfs", 0),
    "open_tree": lambda: raw(OPEN_TREE, -100, b"/", 0),
    "bpf": lambda: raw(BPF, 0, bpf_attr, ctypes.sizeof(bpf_attr)),
    "keyctl": lambda: raw(KEYCTL, 1, None),
    "userfaultfd": lambda: raw(UFFD, 1),
    "perf_event_open": lambda: raw(PERF, None, 0, -1, -1, 0),
    "ptrace": lambda: libc.ptrace(2, 0, None, None),
    "netlink": lambda: sock(socket.AF_NETLINK, socket.SOCK_RAW),
    "packet": lambda: sock(socket.AF_PACKET, socket.SOCK_RAW),
    "alg": lambda: sock(38, socket.SOCK_SEQPACKET),
    "personality aslr off": lambda: libc.personality(0x0040000),
}
for name, attempt in attempts.items():
    ctypes.set_errno(0)
    try:
        result = attempt()
    except OSError as exc:
        result, code = -1, exc.errno
    else:
        code = ctypes.get_errno()
    failed = isinstance(result, int) and result < 0
    print(f"{name}: {errno.errorcode.get(code, code) if failed else 'ok'}")
"""
ALLOWED = ("fork", "thread", "spawn", "unix", "personality query")
REFUSED = (
    "unshare user+net", "unshare mount", "clone user", "clone net", "setns", "mount", "umount2",
    "fsopen", "open_tree", "bpf", "keyctl", "userfaultfd", "perf_event_open", "ptrace",
    "netlink", "packet", "alg", "personality aslr off",
)  # fmt: skip


def test_the_filter_refuses_what_even_root_could_do_and_keeps_fork_threads_and_spawn() -> None:
    """Run as the test's user (root here, with every capability): each refusal is the
    filter's, not the kernel's.
    Plain fork, threads (clone3 refused with ENOSYS: libc falls back to clone) and spawning a
    program keep working."""
    lines = run_filtered(FILTERED, udp=False).splitlines()
    outcomes = dict(line.split(": ") for line in lines)
    assert {name: outcomes.pop(name) for name in ALLOWED} == dict.fromkeys(ALLOWED, "ok")
    assert outcomes.pop("clone3") == "ENOSYS"
    assert outcomes == dict.fromkeys(REFUSED, "EPERM")
