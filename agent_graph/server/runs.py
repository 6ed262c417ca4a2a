"""A turn is a run, not a request: it runs in a task of its own and keeps going when the client's
connection closes; every event it sends gets a number, so a client that reconnects (a reload,
a dropped connection, a second tab) replays what it missed and follows the rest live. No
FastAPI here.

A message sent while a run is going on the same session is queued: its run starts when the
one ahead ends (the turn lock orders them, across replicas too), and says so first with a
`queued` event. Any run, going or queued, can be cancelled. Finished runs stay readable for
`keep_s` seconds. Runs live in this process: a client rejoins through the replica that runs
the turn (docs/protocol.md, "Runs").
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from agent_graph.server.turns import TurnRunner

KEEP_S = 600.0
"""How long a finished run's events can still be replayed."""
CANCELLED = "Stopped: this answer was cancelled before it was complete."


@dataclass
class Run:
    """One turn's events, numbered from 1, as its task produces them."""

    id: str
    user: str
    session_id: str
    message: str
    """The user's words that started it ('' for the answer to a confirmation)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    ended_at: float | None = None
    task: asyncio.Task[None] | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def done(self) -> bool:
        return self.ended_at is not None

    @property
    def status(self) -> str:
        if self.done:
            return "done"
        started = any(e["type"] not in ("session", "queued") for e in self.events)
        return "running" if started else "queued"

    def add(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        self._wake()

    def end(self) -> None:
        if self.ended_at is None:
            self.ended_at = time.monotonic()
            self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def follow(self, after: int = 0) -> AsyncIterator[tuple[int, dict[str, Any]]]:
        """(number, event) after event `after`: what was missed at once, then live to the end."""
        seq = after
        while True:
            while seq < len(self.events):
                seq += 1
                yield seq, self.events[seq - 1]
            if self.done:
                return
            await self._changed.wait()


class UnknownRunError(LookupError):
    """No such run on this session (never started here, or ended too long ago)."""


class RunHub:
    """The runs of this process, by id and by session (the latest first)."""

    def __init__(self, runner: TurnRunner, keep_s: float = KEEP_S) -> None:
        self.runner = runner
        self.keep_s = keep_s
        self._runs: dict[str, Run] = {}

    def start(
        self,
        user: str,
        session_id: str,
        message: str | None,
        role: str = "user",
        persist: bool = True,
        confirm: dict[str, Any] | None = None,
    ) -> Run:
        self._sweep()
        ahead = [r for r in self.of_session(user, session_id) if not r.done]
        run = Run(uuid.uuid4().hex, user, session_id, message or "")
        if ahead:
            run.add({"type": "queued", "run_id": run.id, "ahead": len(ahead)})
        turn = self.runner.events(user, session_id, message, role, persist, confirm)
        run.task = asyncio.create_task(self._drive(run, turn))
        self._runs[run.id] = run
        return run

    async def events(self, *args: Any, **kwargs: Any) -> AsyncIterator[dict[str, Any]]:
        """Start a run and follow it to its end (a client that leaves does not stop it)."""
        run = self.start(*args, **kwargs)
        async for _, event in run.follow():
            yield event

    @staticmethod
    async def _drive(run: Run, turn: AsyncIterator[dict[str, Any]]) -> None:
        try:
            async for event in turn:
                run.add(event)
        except asyncio.CancelledError:
            run.add({"type": "error", "message": CANCELLED})
            run.add({"type": "done", "session_id": run.session_id})
        finally:
            run.end()

    def of_session(self, user: str, session_id: str) -> list[Run]:
        """The session's runs kept here, oldest first."""
        return [r for r in self._runs.values() if (r.user, r.session_id) == (user, session_id)]

    def find(self, user: str, session_id: str, run_id: str | None = None) -> Run:
        """The named run of this session, else its latest one; UnknownRunError when none."""
        runs = self.of_session(user, session_id)
        found = [r for r in runs if r.id == run_id] if run_id else runs[-1:]
        if not found:
            raise UnknownRunError(run_id or session_id)
        return found[0]

    def current(self, user: str, session_id: str) -> Run | None:
        """The run going on now (or the first queued one), for a client opening the session."""
        return next((r for r in self.of_session(user, session_id) if not r.done), None)

    async def cancel(self, user: str, session_id: str, run_id: str) -> bool:
        """Cancel one run, going or queued; False when it had already ended."""
        run = self.find(user, session_id, run_id)
        if run.done or run.task is None:
            return False
        run.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await run.task
        return True

    def _sweep(self) -> None:
        now = time.monotonic()
        for run_id in [
            r.id for r in self._runs.values() if r.done and now - (r.ended_at or now) > self.keep_s
        ]:
            del self._runs[run_id]

    async def close(self) -> None:
        """Cancel what still runs (the server is stopping)."""
        tasks = [r.task for r in self._runs.values() if r.task is not None and not r.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
