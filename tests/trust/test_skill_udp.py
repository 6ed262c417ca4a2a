"""Landlock's network rules (ABI 4) know TCP only: without more, a process worker that declares
no host could still send UDP, to a loopback service too (ATTACKS.md). A seccomp filter
(agent_graph/skills/isolation/seccomp.py, installed by the launcher) makes `socket()` for UDP fail with
EPERM for such a worker, Python or Node, and for whatever it execs; a worker that declares hosts
keeps UDP (DNS). The probe skills send a datagram to a UDP socket this test opens."""

from __future__ import annotations

import platform
import shutil
import socket
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.isolation import seccomp
from agent_graph.skills.isolation.sandbox import available
from agent_graph.skills.registry import SkillRegistry
from tests.servers import ROOT, free_port_window
from tests.trust.helpers import FIXTURES, run_filtered

pytestmark = pytest.mark.skipif(
    not available() or not seccomp.supported() or not shutil.which("node"),
    reason="needs Landlock (the launcher's confinement), x86_64 or aarch64, and node",
)
TOOLS = {"python": "probe_reach", "node": "probe_node_reach"}


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A loopback UDP service of the agent's (a local DNS cache, a metrics daemon…)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        sock.settimeout(0.5)
        yield sock


def _skills(folder: Path, outbound: str = "") -> Path:
    skills = folder / "skills"
    for name in ("probe", "probe_node"):
        shutil.copytree(FIXTURES / name, skills / name)
        if outbound:
            manifest = skills / name / "SKILL.md"
            text = manifest.read_text()
            manifest.write_text(text.replace("\n---\n", f'\noutbound: ["{outbound}"]\n---\n', 1))
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    return skills


@pytest.fixture
async def registry(tmp_path: Path) -> AsyncIterator[SkillRegistry]:
    skills = SkillRegistry(_skills(tmp_path), ProcessBackend, PortAllocator(free_port_window()))
    try:
        await skills.start()
        assert {"probe", "probe_node"} <= set(skills.names), skills.failed
        yield skills
    finally:
        await skills.close()


@pytest.mark.parametrize("language", list(TOOLS))
async def test_a_skill_that_declares_no_host_sends_no_udp(
    registry: SkillRegistry, listener: socket.socket, language: str
) -> None:
    port = listener.getsockname()[1]
    result = await registry.dispatch(TOOLS[language], {"udp": [port]})
    assert result["udp"] == {str(port): "PermissionError" if language == "python" else "EPERM"}
    with pytest.raises(TimeoutError):  # nothing arrived
        listener.recvfrom(64)


async def test_a_skill_that_declares_a_host_may_send_udp(
    tmp_path: Path, listener: socket.socket
) -> None:
    """It must resolve its host's name (DNS over UDP): UDP stays open for it, as documented."""
    skills = _skills(tmp_path, outbound="example.com:443")
    registry = SkillRegistry(skills, ProcessBackend, PortAllocator(free_port_window()))
    try:
        await registry.start()
        assert "probe" in registry.names, registry.failed
        port = listener.getsockname()[1]
        result = await registry.dispatch("probe_reach", {"udp": [port]})
    finally:
        await registry.close()
    assert result["udp"] == {str(port): "ok"}
    assert listener.recvfrom(64)[0] == b"probe"


def test_the_filter_allows_tcp_only_and_holds_across_exec() -> None:
    """Flags on the type do not hide UDP; ping, SCTP, MPTCP and io_uring (which opens sockets
    without `socket()`) are refused too; Unix sockets are left alone."""
    attempts = {
        "tcp": "socket.AF_INET, socket.SOCK_STREAM",
        "tcp6": "socket.AF_INET6, socket.SOCK_STREAM | socket.SOCK_NONBLOCK, 6",
        "udp": "socket.AF_INET, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC | socket.SOCK_NONBLOCK",
        "udp6": "socket.AF_INET6, socket.SOCK_DGRAM",
        "ping": "socket.AF_INET, socket.SOCK_DGRAM, 1",
        "sctp": "socket.AF_INET, socket.SOCK_SEQPACKET, 132",
        "mptcp": "socket.AF_INET, socket.SOCK_STREAM, 262",
        "unix": "socket.AF_UNIX, socket.SOCK_DGRAM",
    }
    code = "import socket\n" + "".join(
        f"try:\n socket.socket({args}).close(); print('{name}', 'ok')\n"
        f"except OSError as e:\n print('{name}', e.errno)\n"
        for name, args in attempts.items()
    )
    code += "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
    code += "r = libc.syscall(425, 4, ctypes.create_string_buffer(120))\n"
    code += "print('io_uring', ctypes.get_errno() if r < 0 else 'ok')\n"
    if platform.machine() == "x86_64":  # an x32 socket(): the same call by another ABI's door
        code += "r = libc.syscall(0x40000000 | 41, 2, 2, 0)\n"
        code += "print('x32', ctypes.get_errno() if r < 0 else 'ok')\n"
    eperm = "1"
    outcomes = dict(line.split() for line in run_filtered(code, udp=False).splitlines())
    assert outcomes.pop("tcp") == outcomes.pop("tcp6") == outcomes.pop("unix") == "ok"
    assert set(outcomes.values()) == {eperm}, outcomes
    with_udp = dict(line.split() for line in run_filtered(code, udp=True).splitlines())
    assert with_udp["udp"] == with_udp["udp6"] == "ok"
    assert with_udp["ping"] == with_udp["sctp"] == eperm
