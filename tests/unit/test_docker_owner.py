"""Whether a container's owner is provably gone, judged from /proc with real processes."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from agent_graph.skills.backends.docker_owner import owner_gone, owner_mark


def sleeper() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])


def test_an_owner_is_gone_only_when_every_process_of_it_is() -> None:
    agent, reaper = sleeper(), sleeper()
    try:
        mark = owner_mark([agent.pid, reaper.pid])
        assert not owner_gone(mark)
        agent.kill()
        agent.wait()
        assert not owner_gone(mark)  # its reaper still runs and will remove the containers
        reaper.kill()
        deadline = time.monotonic() + 5  # SIGKILL takes effect asynchronously
        while not owner_gone(mark) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert owner_gone(mark)  # a zombie, not yet reaped, is gone too
        reaper.wait()
        assert owner_gone(mark)
    finally:
        for process in (agent, reaper):
            process.kill()
            process.wait()


def test_a_reused_pid_is_not_the_owner() -> None:
    boot, namespace, pid_start = owner_mark([os.getpid()]).split(" ")
    pid, _, start = pid_start.partition("@")
    assert pid == str(os.getpid())
    assert owner_gone(f"{boot} {namespace} {pid}@{int(start) + 1}")


def test_an_owner_that_cannot_be_judged_counts_as_alive() -> None:
    boot, namespace, mark = owner_mark([os.getpid()]).split(" ")
    dead = "999999999@1"
    assert not owner_gone("")  # no label: a container of an older version or of someone else
    assert not owner_gone(f"another-boot {namespace} {dead}")  # another machine
    assert not owner_gone(f"{boot} pid:[1] {dead}")  # another PID namespace (another container)
    assert not owner_gone(f"{boot} {namespace}")  # names no process
    assert owner_gone(f"{boot} {namespace} {dead}")
    assert mark.startswith(f"{os.getpid()}@")
