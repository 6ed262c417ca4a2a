"""Who owns a skill container, and whether that owner is provably gone.

Every container carries `propsearch.owner.procs`: the boot, PID namespace and (pid, start time)
of the agent and of its reaper. Another agent may adopt a container only when both processes are
provably gone: same boot and PID namespace (so the pids mean the same thing here), and neither pid
runs the process that was there. Anything else (an agent on another machine or in another
container, a label this code does not know) counts as alive and is left alone.
"""

from __future__ import annotations

import os
from pathlib import Path

LABEL_OWNER_PROCS = "propsearch.owner.procs"


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return ""


def _pid_namespace() -> str:
    try:
        return os.readlink("/proc/self/ns/pid")
    except OSError:
        return ""


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (never reused with its pid); None when
    it is gone or a zombie (dead, only not yet reaped by its parent)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def owner_mark(pids: list[int]) -> str:
    """The label value for containers owned by these processes ('' where /proc is missing)."""
    boot, namespace = _boot_id(), _pid_namespace()
    marks = [f"{pid}@{start}" for pid in pids if (start := _start_time(pid)) is not None]
    if not boot or not namespace or len(marks) != len(pids):
        return ""
    return " ".join([boot, namespace, *marks])


def owner_gone(mark: str) -> bool:
    """True only when every process named by `mark` is provably no longer running."""
    boot, namespace, *marks = mark.split(" ") if mark else ["", ""]
    if not marks or boot != _boot_id() or namespace != _pid_namespace():
        return False
    for entry in marks:
        pid, _, start = entry.partition("@")
        if not pid.isdigit() or _start_time(int(pid)) == start:
            return False
    return True
