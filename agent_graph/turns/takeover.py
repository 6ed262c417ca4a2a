"""Taking over the runs of a replica that died (server profile; docs/protocol.md, "Takeover").

Every run holds a lease in PostgreSQL (storage/leases.py) that its replica renews every third
of `lease_s`. Each replica also claims leases nobody renewed for `lease_s` (SIGKILL, a lost
machine) and continues those runs in its own RunHub: the dead replica's hold on the session
passes to it, the turn resumes from the last step that finished (the graph checkpoints after
every step in this profile), and the run's stream goes on under the same id, so clients that
rejoin through any replica see it complete. It starts with a `resumed` event carrying the
answer text that still stands. A tool call that was in flight runs again only if its tool is
idempotent; any other is reported to the model as possibly done (graph/nodes/tools.py). A run
taken over `MAX_TAKEOVERS` times (a turn that kills its replica) ends with an error instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from agent_graph.events import DoneEvent, ErrorEvent, Event, StepEvent, TokenEvent
from agent_graph.storage.leases import RunLease, RunLeases
from agent_graph.storage.run_streams import RedisRunStreams
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import Retake

log = logging.getLogger(__name__)

MAX_TAKEOVERS = 2
GAVE_UP = (
    "This answer could not be finished: the server running it stopped {times} times while "
    "answering. Please try again."
)

Adopt = Callable[[RunLease, Sequence[Event], Retake], Awaitable[None]]
"""Continues a claimed run in this replica (RunHub.adopt)."""


class RunKeeper:
    """This replica's leases: held, renewed, released; and dead replicas' leases, claimed."""

    def __init__(
        self, leases: RunLeases, owner: str, lease_s: float, shared: RedisRunStreams
    ) -> None:
        self.leases = leases
        self.owner = owner
        self.lease_s = lease_s
        self.shared = shared
        self._loop: asyncio.Task[None] | None = None

    async def hold(self, run_id: str, request: TurnRequest) -> None:
        lease = RunLease(run_id, request, self.owner)
        await self._quietly(self.leases.hold, lease)

    async def started(self, run_id: str) -> None:
        await self._quietly(self.leases.started, run_id)

    async def release(self, run_id: str) -> None:
        await self._quietly(self.leases.release, run_id)

    @staticmethod
    async def _quietly(write: Callable[..., Any], *args: Any) -> None:
        """A lease write; failing (PostgreSQL down), it costs the run its protection, not the run."""
        try:
            await asyncio.to_thread(write, *args)
        except Exception as exc:
            log.warning("could not write a run lease: %r", exc)

    def start(self, adopt: Adopt) -> None:
        self._loop = asyncio.create_task(self._keep(adopt))

    async def stop(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop

    async def _keep(self, adopt: Adopt) -> None:
        while True:
            await asyncio.sleep(self.lease_s / 3)
            try:
                await asyncio.to_thread(self.leases.renew, self.owner)
                for lease, previous in await asyncio.to_thread(
                    self.leases.claim_expired, self.owner
                ):
                    await self._take(lease, previous, adopt)
            except Exception as exc:
                log.warning("could not keep the run leases: %r", exc)

    async def _take(self, lease: RunLease, previous: str, adopt: Adopt) -> None:
        events = await self.shared.events(lease.run_id)
        if any(isinstance(e, DoneEvent) for e in events):  # it ended; only the release was lost
            await self.release(lease.run_id)
            return
        if lease.takeovers > MAX_TAKEOVERS:
            log.error("run %s: given up after %d takeovers", lease.run_id, lease.takeovers - 1)
            for event in (
                ErrorEvent(message=GAVE_UP.format(times=lease.takeovers)),
                DoneEvent(session_id=lease.session_id),
            ):
                await self.shared.add(lease.run_id, event, "done")
            await self.shared.ended(lease.run_id, lease.user, lease.session_id)
            await self.release(lease.run_id)
            return
        log.warning("taking over run %s of replica %s", lease.run_id, previous)
        retake = Retake(previous, lease.started, *standing_text(events))
        await adopt(lease, events, retake)


def standing_text(events: Sequence[Event]) -> tuple[str, str]:
    """(every token sent, the tokens sent before the last step): what clients keep of the
    answer when the turn resumes after, or at, the model call that was streaming."""
    tokens = [(i, e.content) for i, e in enumerate(events) if isinstance(e, TokenEvent)]
    steps = [i for i, e in enumerate(events) if isinstance(e, StepEvent)]
    cut = steps[-1] if steps else -1
    return "".join(t for _, t in tokens), "".join(t for i, t in tokens if i < cut)
