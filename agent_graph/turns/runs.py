"""A turn is a run, not a request: it runs in a task of its own and keeps going when the client's
connection closes; every event it sends gets a number, so a client that reconnects (a reload,
a dropped connection, a second tab) replays what it missed and follows the rest live. No
FastAPI here.

A message sent while a run is going on the same session is queued: its run starts when the
one ahead ends (the turn lock orders them, across replicas too), and says so first with a
`queued` event. Any run, going or queued, can be cancelled. Finished runs stay readable for
`keep_s` seconds. In the server profile every run's events are also written to Redis Streams
(storage/run_streams.py), so a client rejoins, and cancels, through any replica, and every run
holds a lease, so another replica takes it over if this one dies (turns/takeover.py;
docs/protocol.md, "Runs").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agent_graph.events import DoneEvent, ErrorEvent, Event, QueuedEvent, SessionEvent
from agent_graph.storage.leases import RunLease
from agent_graph.storage.run_streams import RedisRunStreams, RunRecord
from agent_graph.telemetry.runs import traced_run, turn_started
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import Retake, TurnRunner
from agent_graph.turns.takeover import RunKeeper

log = logging.getLogger(__name__)

KEEP_S = 600.0
"""How long a finished run's events can still be replayed."""
CANCELLED = "Stopped: this answer was cancelled before it was complete."
CANCEL_POLL_S = 1.0
"""How often a run checks whether another replica asked to stop it."""


@dataclass
class Run:
    """One turn's events, numbered from 1, as its task produces them."""

    id: str
    user: str
    session_id: str
    message: str
    """The user's words that started it ('' for the answer to a confirmation)."""
    events: list[Event] = field(default_factory=list)
    ended_at: float | None = None
    task: asyncio.Task[None] | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def done(self) -> bool:
        return self.ended_at is not None

    @property
    def count(self) -> int:
        return len(self.events)

    @property
    def status(self) -> str:
        if self.done:
            return "done"
        started = any(not isinstance(e, SessionEvent | QueuedEvent) for e in self.events)
        return "running" if started else "queued"

    def add(self, event: Event) -> None:
        self.events.append(event)
        self._wake()

    def end(self) -> None:
        if self.ended_at is None:
            self.ended_at = time.monotonic()
            self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def follow(self, after: int = 0) -> AsyncIterator[tuple[int, Event]]:
        """(number, event) after event `after`: what was missed at once, then live to the end."""
        seq = after
        while True:
            while seq < len(self.events):
                seq += 1
                yield seq, self.events[seq - 1]
            if self.done:
                return
            await self._changed.wait()


@dataclass
class RemoteRun:
    """A run another replica runs (or ran), read from the shared streams."""

    record: RunRecord
    shared: RedisRunStreams

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def message(self) -> str:
        return self.record.message

    @property
    def count(self) -> int:
        return self.record.count

    def follow(self, after: int = 0) -> AsyncIterator[tuple[int, Event]]:
        return self.shared.follow(self.record.id, after)


class UnknownRunError(LookupError):
    """No such run on this session (never started here, or ended too long ago)."""


class RunHub:
    """The runs of this process, by id and by session (the latest first)."""

    def __init__(
        self,
        runner: TurnRunner,
        keep_s: float = KEEP_S,
        shared: RedisRunStreams | None = None,
        keeper: RunKeeper | None = None,
    ) -> None:
        self.runner = runner
        self.keep_s = keep_s
        self.shared = shared
        """Where other replicas read this one's runs (server profile), None: this process only."""
        self.keeper = keeper
        """This replica's run leases, and the runs it takes over from dead ones (turns/takeover.py)."""
        self._runs: dict[str, Run] = {}

    def open(self) -> None:
        """Start keeping leases (and taking over dead replicas' runs)."""
        if self.keeper is not None:
            self.keeper.start(self.adopt)

    def start(self, request: TurnRequest) -> Run:
        self._sweep()
        ahead = [r for r in self.of_session(request.user, request.session_id) if not r.done]
        run = Run(uuid.uuid4().hex, request.user, request.session_id, request.message or "")
        if ahead:
            run.add(QueuedEvent(run_id=run.id, ahead=len(ahead)))
        turn = self.runner.events(request, on_started=self._started(run.id, time.perf_counter()))
        turn = traced_run(turn, run.id, request)
        run.task = asyncio.create_task(self._drive(run, turn, request))
        self._runs[run.id] = run
        return run

    async def adopt(self, lease: RunLease, events: Sequence[Event], retake: Retake) -> None:
        """Continue a dead replica's run here, under its id, after the events it sent."""
        run = Run(lease.run_id, lease.user, lease.session_id, lease.request.message or "")
        run.events = list(events)
        started = self._started(run.id, time.perf_counter())
        turn = self.runner.events(lease.request, retake=retake, on_started=started)
        turn = traced_run(turn, run.id, lease.request, taken_over=True)
        run.task = asyncio.create_task(self._drive(run, turn, None))
        self._runs[run.id] = run

    def _started(self, run_id: str, since: float) -> Callable[[], Awaitable[None]]:
        """What the turn awaits once it holds the session: its wait since `since` measured,
        its lease marked begun."""

        async def started() -> None:
            turn_started(time.perf_counter() - since)
            if self.keeper is not None:
                await self.keeper.started(run_id)

        return started

    async def events(self, request: TurnRequest) -> AsyncIterator[Event]:
        """Start a run and follow it to its end (a client that leaves does not stop it)."""
        run = self.start(request)
        async for _, event in run.follow():
            yield event

    async def _drive(
        self, run: Run, turn: AsyncIterator[Event], request: TurnRequest | None
    ) -> None:
        """Run the turn, publishing its events; `request` None: a run taken over, whose
        earlier events and lease exist already."""
        watch = None
        if self.keeper is not None and request is not None:
            await self.keeper.hold(run.id, request)
        if self.shared is not None:
            if request is not None:
                started = self.shared.started(run.id, run.user, run.session_id, run.message)
                await self._mirror(started)
            watch = asyncio.create_task(self._watch_cancel(run, self.shared))
        try:
            if request is not None:
                for event in run.events:  # added before the task started (`queued`)
                    await self._publish(run, event)
            async for event in turn:
                if request is None and isinstance(event, SessionEvent):
                    continue  # sent by the replica that started it
                run.add(event)
                await self._publish(run, event)
        except asyncio.CancelledError:
            for event in (
                ErrorEvent(message=CANCELLED),
                DoneEvent(session_id=run.session_id),
            ):
                run.add(event)
                await self._publish(run, event)
        finally:
            run.end()
            if watch is not None:
                watch.cancel()
            if self.shared is not None:
                shared = self.shared.ended(run.id, run.user, run.session_id)
                await asyncio.shield(self._mirror(shared))
            if self.keeper is not None:
                await asyncio.shield(self.keeper.release(run.id))

    async def _publish(self, run: Run, event: Event) -> None:
        if self.shared is not None:
            await self._mirror(self.shared.add(run.id, event, run.status))

    @staticmethod
    async def _mirror(write: Any) -> None:
        """A write to the shared streams; failing, it costs other replicas the view, not the turn."""
        try:
            await write
        except Exception as exc:
            log.warning("could not share a run's event: %r", exc)

    @staticmethod
    async def _watch_cancel(run: Run, shared: RedisRunStreams) -> None:
        """Stop this run when another replica was asked to (DELETE .../runs/{run} there)."""
        while not run.done:
            await asyncio.sleep(CANCEL_POLL_S)
            with contextlib.suppress(Exception):
                if await shared.cancel_requested(run.id) and run.task is not None:
                    run.task.cancel()
                    return

    def of_session(self, user: str, session_id: str) -> list[Run]:
        """The session's runs kept here, oldest first."""
        return [r for r in self._runs.values() if (r.user, r.session_id) == (user, session_id)]

    async def find(self, user: str, session_id: str, run_id: str | None = None) -> Run | RemoteRun:
        """The named run of this session, else its latest one, here or on another replica;
        UnknownRunError when none is kept."""
        runs = self.of_session(user, session_id)
        found = [r for r in runs if r.id == run_id] if run_id else runs[-1:]
        if found:
            return found[0]
        if self.shared is not None:
            record = await self.shared.find(user, session_id, run_id)
            if record is not None:
                return RemoteRun(record, self.shared)
        raise UnknownRunError(run_id or session_id)

    async def current(self, user: str, session_id: str) -> Run | RemoteRun | None:
        """The run going on now (or the first queued one), for a client opening the session."""
        here = next((r for r in self.of_session(user, session_id) if not r.done), None)
        if here is not None or self.shared is None:
            return here
        record = await self.shared.current(user, session_id)
        return RemoteRun(record, self.shared) if record is not None else None

    async def cancel(self, user: str, session_id: str, run_id: str) -> bool:
        """Cancel one run, going or queued, wherever it runs; False when it had ended."""
        run = await self.find(user, session_id, run_id)
        if isinstance(run, RemoteRun):
            if run.status == "done" or self.shared is None:
                return False
            await self.shared.request_cancel(run.id)
            return True
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
        if self.keeper is not None:
            await self.keeper.stop()
        tasks = [r.task for r in self._runs.values() if r.task is not None and not r.task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
