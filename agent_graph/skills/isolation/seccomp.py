"""A seccomp filter for local workers: which syscalls skill code may not make at all, and
which sockets it may open.

Refused with EPERM, whatever the arguments (`REFUSED`): every road to a namespace of its own
(`unshare`, `setns`, `clone` with any CLONE_NEW* flag: in a user namespace a process holds every
capability, and nf_tables or AF_PACKET are in reach, the usual start of a kernel privilege
escalation), mounts old and new (`mount`, `fsopen`, `open_tree`…), BPF, `userfaultfd`,
`perf_event_open`, the kernel keyring, `ptrace` and its relatives, and what Docker's default
profile and Flatpak refuse besides (kernel modules, kexec, reboot, swap, the clock, NUMA
policies, `personality` but for Docker's few values). `clone3` fails with ENOSYS: seccomp cannot
read its flags (a struct in memory), and libc then falls back to `clone`, as under Docker.

Sockets: Landlock's network rules (ABI 4) know TCP only, so without more a process worker could
still send UDP, to loopback too. `socket()` opens Unix sockets, and AF_INET or AF_INET6 ones only
of type SOCK_STREAM with protocol TCP (0 or IPPROTO_TCP) and, for a worker that declares
`outbound` hosts (it needs DNS), SOCK_DGRAM with protocol UDP; every other socket (netlink,
packet, UDP for the rest, ping, SCTP, MPTCP…) fails with EPERM. `io_uring_setup` fails too: an
io_uring opens sockets without the `socket()` call, out of this filter's sight. Syscalls of
another ABI than the process's own (x32, or i386 through `int 0x80`) fail with EPERM, so none
goes round the check.

Standard library only, like `landlock.py`: `launcher.py` installs it after `no_new_privs` (and
after its own `unshare` and mounts), just before exec. It holds for the process and everything it
execs or forks (Node, an MCP server) and cannot be lifted. Written for x86_64 and aarch64;
elsewhere `supported()` is False and the sandbox says so once (sandbox.py).
"""

from __future__ import annotations

import ctypes
import platform
import struct
from typing import NamedTuple

UDP_VAR = "PROPSEARCH_NET_UDP"  # "1": the worker may open UDP sockets (it declares hosts)

PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
RET_ALLOW, RET_ERRNO, EPERM, ENOSYS = 0x7FFF0000, 0x00050000, 1, 38
LD_ABS_W, JEQ, JGE, JSET, AND, RET = 0x20, 0x15, 0x35, 0x45, 0x54, 0x06  # BPF_LD|BPF_W|BPF_ABS…
NR, ARCH, ARG0, ARG1, ARG2 = 0, 4, 16, 24, 32  # struct seccomp_data; an arg's low word (LE)
AF_UNIX, AF_INET, AF_INET6 = 1, 2, 10
SOCK_STREAM, SOCK_DGRAM, SOCK_TYPE_MASK = 1, 2, 0xF  # the mask drops NONBLOCK and CLOEXEC
IPPROTO_TCP, IPPROTO_UDP = 6, 17
X32_SYSCALL_BIT = 0x40000000
CLONE_NEW = 0x7E020000  # CLONE_NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET
PERSONALITIES = (0, 0x8, 0x20000, 0x20008, 0xFFFFFFFF)  # Docker's: Linux, UNAME26, the query

Numbers = tuple[int | None, int | None]  # (x86_64, aarch64); None: no such syscall there
LOOKED_AT: dict[str, Numbers] = {
    "socket": (41, 198), "clone": (56, 220), "clone3": (435, 435), "personality": (135, 92),
}  # fmt: skip
REFUSED: dict[str, Numbers] = {
    # namespaces and mounts (Docker refuses them without CAP_SYS_ADMIN, Flatpak always)
    "unshare": (272, 97), "setns": (308, 268), "mount": (165, 40), "umount2": (166, 39),
    "pivot_root": (155, 41), "chroot": (161, 51), "open_tree": (428, 428),
    "move_mount": (429, 429), "fsopen": (430, 430), "fsconfig": (431, 431),
    "fsmount": (432, 432), "fspick": (433, 433), "mount_setattr": (442, 442),
    "statmount": (457, 457), "listmount": (458, 458), "open_tree_attr": (467, 467),
    # kernel attack surface: BPF, fault handling in user space, perf, the keyring, io_uring
    "bpf": (321, 280), "userfaultfd": (323, 282), "perf_event_open": (298, 241),
    "keyctl": (250, 219), "add_key": (248, 217), "request_key": (249, 218),
    "io_uring_setup": (425, 425),
    # tracing and reaching into other processes
    "ptrace": (101, 117), "process_vm_readv": (310, 270), "process_vm_writev": (311, 271),
    "kcmp": (312, 272), "pidfd_getfd": (438, 438), "process_madvise": (440, 440),
    # the machine's own: modules, kexec, reboot, swap, clock, names, quotas, logs, handles
    "init_module": (175, 105), "finit_module": (313, 273), "delete_module": (176, 106),
    "kexec_load": (246, 104), "kexec_file_load": (320, 294), "reboot": (169, 142),
    "swapon": (167, 224), "swapoff": (168, 225), "settimeofday": (164, 170),
    "clock_settime": (227, 112), "sethostname": (170, 161), "setdomainname": (171, 162),
    "quotactl": (179, 60), "quotactl_fd": (443, 443), "acct": (163, 89), "syslog": (103, 116),
    "vhangup": (153, 58), "fanotify_init": (300, 262), "open_by_handle_at": (304, 265),
    # NUMA memory policies (Flatpak: "scary VM/NUMA ops")
    "mbind": (237, 235), "get_mempolicy": (239, 236), "set_mempolicy": (238, 237),
    "migrate_pages": (256, 238), "move_pages": (279, 239),
    "set_mempolicy_home_node": (450, 450),
    # x86 only: old ABI leftovers, port I/O
    "uselib": (134, None), "modify_ldt": (154, None), "iopl": (172, None),
    "ioperm": (173, None),
}  # fmt: skip


class Arch(NamedTuple):
    """What the filter needs of an architecture: its audit id and syscall numbers."""

    audit: int
    column: int  # its place in LOOKED_AT's and REFUSED's pairs
    x32: bool  # x86_64: syscalls with X32_SYSCALL_BIT set are the x32 ABI's

    def number(self, name: str) -> int:
        number = LOOKED_AT[name][self.column]
        assert number is not None
        return number

    def refused(self) -> list[int]:
        numbers = (pair[self.column] for pair in REFUSED.values())
        return [number for number in numbers if number is not None]


ARCHES = {
    "x86_64": Arch(0xC000003E, 0, x32=True),
    "aarch64": Arch(0xC00000B7, 1, x32=False),
}

Instruction = tuple[int, str | int, str | int, int]  # code, jump if true, jump if false, k
Line = Instruction | str  # a string: the label of the next instruction


def supported() -> bool:
    return platform.machine() in ARCHES


def program(arch: Arch, udp: bool) -> list[Line]:
    """The filter (see the docstring), its jumps to labels."""
    lines: list[Line] = [
        (LD_ABS_W, 0, 0, ARCH),
        (JEQ, 0, "deny", arch.audit),
        (LD_ABS_W, 0, 0, NR),
        *([(JGE, "deny", 0, X32_SYSCALL_BIT)] if arch.x32 else []),
        *[(JEQ, "deny", 0, number) for number in arch.refused()],
        (JEQ, "enosys", 0, arch.number("clone3")),
        (JEQ, "clone", 0, arch.number("clone")),
        (JEQ, "personality", 0, arch.number("personality")),
        (JEQ, "socket", "allow", arch.number("socket")),
        "clone",
        (LD_ABS_W, 0, 0, ARG0),  # its flags (aarch64's clone takes them first too)
        (JSET, "deny", "allow", CLONE_NEW),
        "personality",
        (LD_ABS_W, 0, 0, ARG0),
        *[(JEQ, "allow", 0, persona) for persona in PERSONALITIES],
        (RET, 0, 0, RET_ERRNO | EPERM),
        "socket",
        *_sockets(udp),
        "enosys",
        (RET, 0, 0, RET_ERRNO | ENOSYS),
    ]
    return [*lines, "allow", (RET, 0, 0, RET_ALLOW), "deny", (RET, 0, 0, RET_ERRNO | EPERM)]


def _sockets(udp: bool) -> list[Line]:
    """`socket()`'s check: Unix sockets, TCP, and UDP when `udp`; jumps to "allow" or "deny"."""
    allowed = [(SOCK_STREAM, IPPROTO_TCP), *([(SOCK_DGRAM, IPPROTO_UDP)] if udp else [])]
    lines: list[Line] = [
        (LD_ABS_W, 0, 0, ARG0),
        (JEQ, "allow", 0, AF_UNIX),
        (JEQ, "inet", 0, AF_INET),
        (JEQ, "inet", "deny", AF_INET6),
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
    return lines


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


def restrict(udp: bool) -> bool:
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
