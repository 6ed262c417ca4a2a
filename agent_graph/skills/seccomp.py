"""A seccomp filter for local workers: which Internet sockets skill code may open at all.

Landlock's network rules (ABI 4) know TCP only, so without this a process worker could still
send UDP, to loopback too. The filter lets `socket()` open an AF_INET or AF_INET6 socket only
of type SOCK_STREAM with protocol TCP (0 or IPPROTO_TCP) and, for a worker that declares
`outbound` hosts (it needs DNS), SOCK_DGRAM with protocol UDP; every other Internet socket (UDP
for the rest, ping, SCTP, MPTCP, which Landlock does not cover either) fails with EPERM. Other
families (Unix, netlink) are left to Landlock and the file modes. `io_uring_setup` fails too: an
io_uring opens sockets without the `socket()` call, out of this filter's sight. Syscalls of
another ABI than the process's own (x32, or i386 through `int 0x80`) fail with EPERM, so none
goes round the check.

Standard library only, like `landlock.py`: `launcher.py` installs it after `no_new_privs`, just
before exec. It holds for the process and everything it execs or forks (Node, an MCP server)
and cannot be lifted. Written for x86_64 and aarch64; elsewhere `supported()` is False and the
sandbox says so once (sandbox.py).
"""

from __future__ import annotations

import ctypes
import platform
import struct
from typing import NamedTuple

UDP_VAR = "PROPSEARCH_NET_UDP"  # "1": the worker may open UDP sockets (it declares hosts)

PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
RET_ALLOW, RET_ERRNO, EPERM = 0x7FFF0000, 0x00050000, 1
LD_ABS_W, JEQ, JGE, AND, RET = 0x20, 0x15, 0x35, 0x54, 0x06  # BPF_LD|BPF_W|BPF_ABS, …
NR, ARCH, ARG0, ARG1, ARG2 = 0, 4, 16, 24, 32  # struct seccomp_data; an arg's low word (LE)
AF_INET, AF_INET6 = 2, 10
SOCK_STREAM, SOCK_DGRAM, SOCK_TYPE_MASK = 1, 2, 0xF  # the mask drops NONBLOCK and CLOEXEC
IPPROTO_TCP, IPPROTO_UDP = 6, 17
X32_SYSCALL_BIT = 0x40000000


class Arch(NamedTuple):
    """What the filter needs of an architecture: its audit id and syscall numbers."""

    audit: int
    socket: int
    io_uring_setup: int
    x32: bool  # x86_64: syscalls with X32_SYSCALL_BIT set are the x32 ABI's


ARCHES = {
    "x86_64": Arch(0xC000003E, 41, 425, x32=True),
    "aarch64": Arch(0xC00000B7, 198, 425, x32=False),
}

Instruction = tuple[int, str | int, str | int, int]  # code, jump if true, jump if false, k
Line = Instruction | str  # a string: the label of the next instruction


def supported() -> bool:
    return platform.machine() in ARCHES


def program(arch: Arch, udp: bool) -> list[Line]:
    """The filter (see the docstring), its jumps to labels."""
    allowed = [(SOCK_STREAM, IPPROTO_TCP), *([(SOCK_DGRAM, IPPROTO_UDP)] if udp else [])]
    lines: list[Line] = [
        (LD_ABS_W, 0, 0, ARCH),
        (JEQ, 0, "deny", arch.audit),
        (LD_ABS_W, 0, 0, NR),
        *([(JGE, "deny", 0, X32_SYSCALL_BIT)] if arch.x32 else []),
        (JEQ, "deny", 0, arch.io_uring_setup),
        (JEQ, 0, "allow", arch.socket),
        (LD_ABS_W, 0, 0, ARG0),
        (JEQ, "inet", 0, AF_INET),
        (JEQ, "inet", "allow", AF_INET6),
        "inet",
        (LD_ABS_W, 0, 0, ARG1),
        (AND, 0, 0, SOCK_TYPE_MASK),
        *[(JEQ, f"type {kind}", 0, kind) for kind, _ in allowed],
        (RET, 0, 0, RET_ERRNO | EPERM),
    ]
    for kind, protocol in allowed:  # its protocol: 0 (the type's default) or named
        lines += [
            f"type {kind}",
            (LD_ABS_W, 0, 0, ARG2),
            (JEQ, "allow", 0, 0),
            (JEQ, "allow", "deny", protocol),
        ]
    return [*lines, "allow", (RET, 0, 0, RET_ALLOW), "deny", (RET, 0, 0, RET_ERRNO | EPERM)]


def assemble(lines: list[Line]) -> bytes:
    """`struct sock_filter[]` from `program`'s lines: a jump to a label becomes the number of
    instructions to skip, as BPF wants (forward only)."""
    labels: dict[str, int] = {}
    code: list[Instruction] = []
    for line in lines:
        if isinstance(line, str):
            labels[line] = len(code)
        else:
            code.append(line)

    def offset(here: int, target: str | int) -> int:
        return target if isinstance(target, int) else labels[target] - here - 1

    return b"".join(
        struct.pack("=HBBI", op, offset(i, jt), offset(i, jf), k)
        for i, (op, jt, jf, k) in enumerate(code)
    )


class _Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def restrict_sockets(udp: bool) -> bool:
    """Install the filter on this process (`no_new_privs` must be set); False where this
    architecture has none (`supported`)."""
    arch = ARCHES.get(platform.machine())
    if arch is None:
        return False
    raw = assemble(program(arch, udp))
    buffer = ctypes.create_string_buffer(raw, len(raw))
    prog = _Fprog(len(raw) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")
    return True
