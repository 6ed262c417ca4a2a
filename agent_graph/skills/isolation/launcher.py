"""Exec launcher for local workers: the worker dies with the process that started it.

    python -I -S launcher.py PARENT_PID COMMAND [ARG ...]

Sets PR_SET_PDEATHSIG (SIGKILL; kept across exec; it fires when the *thread* that started the
process ends, so long-lived processes are started from the event loop's thread) and exits at
once if PARENT_PID is no longer its parent (it died before the flag was set); caps its memory
at PROPSEARCH_MEMORY_BYTES (privileges.py, RLIMIT_DATA); when PROPSEARCH_LANDLOCK_READ is set
(sandbox.py), gives up its privileges (privileges.py: its own /tmp and /dev/shm, no network
when it declares none and binds no port, or, where Landlock has no network rules, when it
declares none: its listening socket is opened here first and handed over as fd 3
(LISTEN_FDS); no capabilities, `no_new_privs`), drops to PROPSEARCH_SKILL_UID when set,
confines the process with Landlock to the paths and ports sandbox.py chose (landlock.py) and
with a seccomp filter (seccomp.py: no namespaces, mounts, BPF, keyring, ptrace…; TCP sockets,
and UDP when it declares hosts); then execs COMMAND. Runs as a plain script in the worker's
process, before any skill code, so it imports nothing but the standard library. Done here
rather than with `preexec_fn`, which is unsafe in a process with threads.
"""

import ctypes
import importlib.util
import os
import signal
import socket
import sys
from typing import Any

PR_SET_PDEATHSIG = 1
LISTEN_FD = 3  # the first socket-activation descriptor (sd_listen_fds)


def _sibling(name: str) -> Any:
    """`name`.py beside this file (run with -I, so its folder is not on sys.path)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"propsearch_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tether(parent: int) -> None:
    """Die with `parent`: the flag, then a check that it did not die before the flag was set."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            sys.exit(f"prctl(PR_SET_PDEATHSIG) failed: errno {ctypes.get_errno()}")
    if os.getppid() != parent:
        sys.exit(0)


def _paths(landlock: Any) -> tuple[list[str], list[str], list[str]]:
    return tuple(  # type: ignore[return-value]
        [p for p in os.environ.pop(name, "").split(":") if p]
        for name in (landlock.READ_VAR, landlock.WRITE_VAR, landlock.LIST_VAR)
    )


def _ports(landlock: Any) -> tuple[list[int], list[int]]:
    bind, connect = (
        [int(p) for p in os.environ.pop(name, "").split(",") if p]
        for name in (landlock.BIND_VAR, landlock.CONNECT_VAR)
    )
    return bind, connect


def _listen(port: int) -> None:
    """Open the worker's listening socket here, in the agent's network namespace, as fd 3 with
    LISTEN_FDS=1 (systemd's socket activation): a socket keeps the namespace it was made in, so
    the pool reaches it after the worker moved to an empty one."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((os.environ.get("HOST", "127.0.0.1"), port))
    listener.listen(128)
    if listener.fileno() == LISTEN_FD:
        os.set_inheritable(listener.detach(), True)
    else:
        os.dup2(listener.fileno(), LISTEN_FD)  # inheritable
        listener.close()
    os.environ.update(LISTEN_FDS="1", LISTEN_PID=str(os.getpid()))  # exec keeps the pid


def _confine(parent: int, privileges: Any) -> None:
    """Everything sandbox.py asked for, in the order the kernel needs it (see the docstring)."""
    landlock, seccomp = map(_sibling, ("landlock", "seccomp"))
    read, write, listed = _paths(landlock)
    bind, connect = _ports(landlock)
    network = bool(bind or connect)  # a stdio worker that declares no host needs none
    if os.environ.pop(landlock.LISTEN_VAR, "") and bind:  # no Landlock network rules here
        _listen(bind[0])
        network = False
    rules = os.environ.pop(landlock.NET_RULES_VAR, "1") != "0"
    write += privileges.private_namespaces([*read, *write, *listed], network)
    privileges.drop_bounding_set()
    if landlock.UID_VAR in os.environ:  # sandbox.py: the agent runs as root
        # from here the agent's Python installation may be out of reach: import nothing more
        os.setgroups([])
        os.setgid(int(os.environ.pop(landlock.GID_VAR)))
        os.setuid(int(os.environ.pop(landlock.UID_VAR)))
        _tether(parent)  # a change of user clears the flag
    privileges.drop_capabilities()
    landlock.restrict(read, write, listed, (bind, connect), rules)
    seccomp.restrict(udp=os.environ.pop(seccomp.UDP_VAR, "0") == "1")


def main(argv: list[str]) -> None:
    parent, command = int(argv[1]), argv[2:]
    _tether(parent)
    privileges = _sibling("privileges")
    privileges.limit_memory(os.environ.pop(privileges.MEMORY_VAR, ""))
    if "PROPSEARCH_LANDLOCK_READ" in os.environ:
        _confine(parent, privileges)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv)
