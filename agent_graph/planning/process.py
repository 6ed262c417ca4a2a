"""One skill's planner, running in a confined process of its own (`planner_host.py`).

A planner is skill code: it never runs inside the agent. Its process is started through
`skills/isolation/launcher.py` with the skill's interpreter and the same Landlock confinement as the skill's
workers (skills/isolation/sandbox.py), with none of the skill's `.env` secrets; it lives as long as the agent and
answers plain-data calls over JSON lines, several asked at one point of a turn in one round
trip (`replies`). A call that raises, times out, replies with too much
or kills the process gives None (logged): the process is restarted on the next call, and after
`MAX_FAILURES` failures in a row the planner is switched off for this run. Calls are
synchronous and one at a time per planner: callers run them off the event loop.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agent_graph.planning.host import BATCH
from agent_graph.skills.backends.process import LAUNCHER, skill_argv
from agent_graph.skills.isolation.reply_limits import MAX_REPLY_BYTES, ReplyLimitError, parsed_reply
from agent_graph.skills.isolation.sandbox import available as sandbox_available
from agent_graph.skills.isolation.sandbox import sandbox_env
from agent_graph.telemetry.planner_calls import planner_failed

log = logging.getLogger(__name__)

HOST = Path(__file__).with_name("host.py")
START_TIMEOUT_S = 15.0
CALL_TIMEOUT_S = 5.0
MAX_FAILURES = 3
_PASSTHROUGH = ("PATH", "LANG", "LC_ALL", "TZ")


class PlannerFailure(RuntimeError):
    """The planner process did not answer as the protocol says (dead, slow, oversize, garbled)."""


def _kill(box: list[subprocess.Popen[bytes] | None]) -> None:
    proc = box[0]
    if proc is not None and proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    if proc is not None:
        for pipe in (proc.stdin, proc.stdout):
            if pipe is not None:
                pipe.close()
    box[0] = None


class PlannerProcess:
    """The planner of one skill folder; `greeting` says its PRIORITY and functions."""

    def __init__(self, folder: Path, planner: Path) -> None:
        self.folder = folder
        self.planner = planner
        self.greeting: dict[str, Any] = {}
        self.failures = 0
        self._lock = threading.Lock()
        self._box: list[subprocess.Popen[bytes] | None] = [None]
        self._buffer = b""
        weakref.finalize(self, _kill, self._box)  # never outlives its owner, nor the interpreter

    @property
    def name(self) -> str:
        return self.folder.name

    def spawn(self) -> None:
        """Start the process; `await_greeting` reads its first line (so many start at once)."""
        argv = [*skill_argv(self.folder, ("python",)), "-I", str(HOST)]
        argv += [str(self.planner), str(self.folder.parent)]
        env = {k: os.environ[k] for k in _PASSTHROUGH if k in os.environ}
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        if sandbox_available():
            env.update(sandbox_env(self.folder, argv[:1], None, HOST))
        self._buffer = b""
        self._box[0] = subprocess.Popen(
            [sys.executable, "-I", "-S", str(LAUNCHER), str(os.getpid()), *argv],
            cwd=self.folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,
        )

    def await_greeting(self) -> dict[str, Any]:
        reply = self._read(START_TIMEOUT_S)
        if not isinstance(reply.get("functions"), list) or not isinstance(
            reply.get("priority"), int
        ):
            raise PlannerFailure(f"the planner of {self.name} did not start")
        self.greeting = reply
        return reply

    def call(self, function: str, argument: Any) -> Any:
        """The planner's answer, or None when it has no such function or failed."""
        if function not in self.greeting.get("functions", ()):
            return None
        return self.answer_of(function, self.replies([(function, argument)])[0])

    def replies(self, requests: Sequence[tuple[str, Any]]) -> list[dict[str, Any]]:
        """The planner's reply to each `(function, argument)`, in order, all asked in one round
        trip (several as one `batch` request): `{"ok": ...}`, `{"error": ...}` when the
        function raised, or `{"failed": kind}` when the exchange failed; read each with
        `answer_of`. Only the functions the planner has may be asked."""
        if not requests:
            return []
        with self._lock:
            if self.failures >= MAX_FAILURES:
                return [{"failed": "SwitchedOff"}] * len(requests)
            try:
                found = self._exchange(requests)
            except (PlannerFailure, ReplyLimitError, OSError) as exc:
                self._failed(exc, [function for function, _ in requests])
                return [{"failed": type(exc).__name__}] * len(requests)
            self.failures = 0
            return found

    def answer_of(self, function: str, reply: dict[str, Any]) -> Any:
        """One reply as its caller reads it: the answer, else None, marking the failure in the
        current span (telemetry/planner_calls.py)."""
        if "failed" in reply:
            planner_failed(str(reply["failed"]))
            return None
        if "error" in reply:
            planner_failed("PlannerError")
            log.error("planner of %s raised in %s(): %s", self.name, function, reply["error"])
            return None
        return reply.get("ok")

    def _failed(self, exc: Exception, functions: list[str]) -> None:
        self.failures += 1
        log.error("planner of %s failed in %s(): %s", self.name, "(), ".join(functions), exc)
        _kill(self._box)
        if self.failures == MAX_FAILURES:
            log.error("planner of %s switched off after %d failures", self.name, MAX_FAILURES)

    def close(self) -> None:
        with self._lock:
            _kill(self._box)

    def _exchange(self, requests: Sequence[tuple[str, Any]]) -> list[dict[str, Any]]:
        if self._box[0] is None or self._box[0].poll() is not None:
            _kill(self._box)
            self.spawn()
            self.await_greeting()
        proc = self._box[0]
        assert proc is not None and proc.stdin is not None
        asked = [{"fn": function, "arg": argument} for function, argument in requests]
        request = asked[0] if len(asked) == 1 else {"fn": BATCH, "arg": asked}
        proc.stdin.write(json.dumps(request, default=str).encode() + b"\n")
        proc.stdin.flush()
        reply = self._read(CALL_TIMEOUT_S)
        if len(asked) == 1:
            return [reply]
        found = reply.get("ok")
        if not isinstance(found, list) or len(found) != len(asked):
            raise PlannerFailure(f"a batch reply that does not answer its {len(asked)} requests")
        if not all(isinstance(each, dict) for each in found):
            raise PlannerFailure("a batch reply that is not a list of objects")
        return found

    def _read(self, timeout_s: float) -> dict[str, Any]:
        """One reply line within `timeout_s`, no longer than a skill's reply may be."""
        proc = self._box[0]
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + timeout_s
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_REPLY_BYTES:
                raise ReplyLimitError(f"the planner of {self.name} replied with too much")
            left = deadline - time.monotonic()
            if left <= 0 or not _readable(fd, left):
                raise PlannerFailure(f"no reply within {timeout_s:g} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise PlannerFailure("the process exited")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        reply = parsed_reply(f"the planner of {self.name}", line)
        if not isinstance(reply, dict):
            raise PlannerFailure("a reply that is not an object")
        return reply


def _readable(fd: int, timeout_s: float) -> bool:
    """Whether `fd` has something to read within `timeout_s`; poll, not select: select fails
    outright on a descriptor numbered 1,024 or more, which a busy server reaches."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(timeout_s * 1000))
