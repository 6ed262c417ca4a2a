"""The handoff inbox: requests a skill hands to a person (a tour request, a callback...), kept
for the `agent` role to read and mark handled. Generic: the skill names the kind and words the
title; the core keeps who asked and when.

Kept in the job store (SQLite under MEMORY_ROOT, or PostgreSQL in the server profile, where every
replica sees the same inbox). A tool result
`{"type": "handoff", "kind", "title", "summary"?, "details"?}` becomes one, only from a tool that
declares it (`x-propsearch.handoff`, which asks the user first) and within MAX_FIELDS.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

from agent_graph.storage.job_store import JobStore

HANDOFF = "handoff"
MAX_TEXT = 300
MAX_FIELDS = {"kind": 40, "title": MAX_TEXT, "summary": MAX_TEXT, "details": 2_000}
"""The most characters a handoff's field may hold (`details` as JSON); a larger one is refused."""
UNDECLARED = (
    "{tool} does not declare that it hands requests to a person (x-propsearch `handoff`, "
    "with `confirm`), so its request was not passed on."
)
TOO_LONG = (
    "The request's {field} is {size:,} characters long; a handoff's {field} may hold at most "
    "{limit:,}. It was not passed on."
)
Notify = Callable[[dict[str, Any]], Coroutine[Any, Any, object]]


class HandoffRefusedError(ValueError):
    """A tool result that may not become a handoff; the text says why."""


def is_handoff(result: Any) -> bool:
    return isinstance(result, dict) and result.get("type") == HANDOFF


def checked_handoff(tool: str, declared: bool, result: dict[str, Any]) -> dict[str, Any]:
    """`result` when `tool` declared handoffs and every field is within MAX_FIELDS;
    HandoffRefusedError otherwise."""
    if not declared:
        raise HandoffRefusedError(UNDECLARED.format(tool=tool))
    for name, limit in MAX_FIELDS.items():
        value = result.get(name)
        size = len(json.dumps(value, default=str)) if name == "details" else len(str(value or ""))
        if size > limit:
            raise HandoffRefusedError(TOO_LONG.format(field=name, size=size, limit=limit))
    return result


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class Handoff:
    """One request for a person: who asked (user id), through which skill, what and when."""

    id: str
    user: str
    skill: str
    kind: str
    title: str
    summary: str
    details: dict[str, Any]
    at: str
    handled_at: str | None = None
    handled_by: str | None = None

    @staticmethod
    def of(user: str, skill: str, result: dict[str, Any]) -> Handoff:
        raw = result.get("details")
        details: dict[str, Any] = raw if isinstance(raw, dict) else {}
        return Handoff(
            id=uuid.uuid4().hex[:16],
            user=user,
            skill=skill,
            kind=str(result.get("kind") or "request"),
            title=str(result.get("title") or "A request"),
            summary=str(result.get("summary") or ""),
            details={str(k)[:40]: v for k, v in details.items()},
            at=_now(),
        )


@dataclass
class HandoffInbox:
    """The inbox in the job store's `handoffs` table (storage/job_store.py): SQLite under
    MEMORY_ROOT, or PostgreSQL, shared by every replica; `notify` (the operator's webhook)
    hears each new handoff."""

    store: JobStore
    notify: Notify | None = None
    _tasks: set[asyncio.Task[object]] = field(default_factory=set, repr=False)

    def add(self, handoff: Handoff) -> None:
        self.store.add_handoff(asdict(handoff))

    def all(self, open_only: bool = False) -> list[Handoff]:
        """Newest first; only the unhandled ones with `open_only`."""
        return [Handoff(**item) for item in self.store.handoffs(open_only)]

    def mark_handled(self, handoff_id: str, by: str) -> Handoff | None:
        """The handoff marked handled (once: a second mark keeps the first); None if unknown."""
        found = self.store.mark_handoff(handoff_id, _now(), by)
        return Handoff(**found) if found else None

    async def receive(self, user: str, skill: str, result: dict[str, Any]) -> Handoff:
        """Keep a skill's handoff result and tell the operator's webhook (in the background)."""
        handoff = Handoff.of(user, skill, result)
        await asyncio.to_thread(self.add, handoff)
        if self.notify is not None:
            task = asyncio.create_task(self.notify(asdict(handoff)))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return handoff
