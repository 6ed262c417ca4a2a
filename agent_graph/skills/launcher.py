"""Exec launcher for local workers: the worker dies with the process that started it.

    python -I -S launcher.py PARENT_PID COMMAND [ARG ...]

Sets PR_SET_PDEATHSIG (SIGKILL; kept across exec) and exits at once if PARENT_PID is no longer
its parent (it died before the flag was set), then execs COMMAND. Runs as a plain script in the
worker's process, before any skill code, so it imports nothing but the standard library. Done
here rather than with `preexec_fn`, which is unsafe in a process with threads.
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def main(argv: list[str]) -> None:
    parent, command = int(argv[1]), argv[2:]
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            sys.exit(f"prctl(PR_SET_PDEATHSIG) failed: errno {ctypes.get_errno()}")
    if os.getppid() != parent:
        sys.exit(0)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main(sys.argv)
