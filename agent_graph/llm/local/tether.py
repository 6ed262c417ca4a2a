"""Run a command so it never outlives the process that started this wrapper.

`python -m agent_graph.llm.local.tether CMD...` starts CMD with PR_SET_PDEATHSIG=SIGKILL (tied
to this wrapper's main thread, which lives as long as the wrapper) and watches its own stdin, a
pipe from the app: when the app dies, however abruptly (SIGKILL included), the pipe closes and
CMD is killed. SIGTERM/SIGINT are passed on to CMD. Exits with CMD's status, or 128 + the
signal that killed it, as a shell does.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import threading
from typing import Any

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _kill_on_eof(child: subprocess.Popen[bytes]) -> None:
    while sys.stdin.buffer.read(4096):
        pass
    child.kill()


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m agent_graph.llm.local.tether CMD [ARG...]", file=sys.stderr)
        return 2
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, preexec_fn=_die_with_parent)

    def forward(signum: int, _frame: Any) -> None:
        child.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    threading.Thread(target=_kill_on_eof, args=(child,), daemon=True).start()
    code = child.wait()
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    status = main(sys.argv[1:])
    sys.stdout.flush()
    os._exit(status)  # not sys.exit: the thread blocked on stdin would abort the shutdown
