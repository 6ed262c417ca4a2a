"""Exec launcher for local workers: the worker dies with the process that started it.

    python -I -S launcher.py PARENT_PID COMMAND [ARG ...]

Sets PR_SET_PDEATHSIG (SIGKILL; kept across exec; it fires when the *thread* that started the
process ends, so long-lived processes are started from the event loop's thread) and exits at once if PARENT_PID is no longer
its parent (it died before the flag was set); when PROPSEARCH_SKILL_UID is set, drops to that
user; when PROPSEARCH_LANDLOCK_READ is set, confines the
process with Landlock to the paths sandbox.py chose (landlock.py); then execs COMMAND. Runs as a
plain script in the worker's process, before any skill code, so it imports nothing but the
standard library. Done here rather than with `preexec_fn`, which is unsafe in a process with
threads.
"""

import ctypes
import importlib.util
import os
import signal
import sys
from typing import Any

PR_SET_PDEATHSIG = 1


def _landlock() -> Any:
    """landlock.py beside this file (run with -I, so its folder is not on sys.path)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "landlock.py")
    spec = importlib.util.spec_from_file_location("propsearch_landlock", path)
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


def main(argv: list[str]) -> None:
    parent, command = int(argv[1]), argv[2:]
    _tether(parent)
    landlock = _landlock() if "PROPSEARCH_LANDLOCK_READ" in os.environ else None
    if "PROPSEARCH_SKILL_UID" in os.environ:  # sandbox.py: the agent runs as root
        # from here the agent's Python installation may be out of reach: import nothing more
        os.setgroups([])
        os.setgid(int(os.environ.pop("PROPSEARCH_SKILL_GID")))
        os.setuid(int(os.environ.pop("PROPSEARCH_SKILL_UID")))
        _tether(parent)  # a change of user clears the flag
    if landlock is not None:
        read, write, listed = (
            [p for p in os.environ.pop(name, "").split(":") if p]
            for name in (landlock.READ_VAR, landlock.WRITE_VAR, landlock.LIST_VAR)
        )
        landlock.restrict(read, write, listed)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv)
