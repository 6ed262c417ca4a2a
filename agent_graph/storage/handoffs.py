"""The handoff inbox: requests a skill hands to a person (a tour request, a callback...), kept
for the `agent` role to read and mark handled. Generic: the skill names the kind and words the
title as what was asked for ("Tour request for 12 Oak St": the alerts read "An agent answered
your tour request for 12 Oak St"); the core keeps who asked and when, the replies of the person who acts on it, and tells
the asker (an alert) when it is handled or answered.

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
Notify = Callable[[str, dict[str, Any]], Coroutine[Any, Any, object]]
"""The operator's webhook: (event type, the handoff)."""
EVENTS = {"new": "handoff.created", "handled": "handoff.handled", "reply": "handoff.replied"}


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


def _asked_for(handoff: Handoff) -> str:
    """The handoff's title as it reads after "your" ("Tour request for 12 Oak St" becomes
    "tour request for 12 Oak St")."""
    return handoff.title[:1].lower() + handoff.title[1:]


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
    replies: list[dict[str, str]] = field(default_factory=list)
    """What the people acting on it answered (`at`, `by`, `text`), oldest first."""

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

    def all(self, open_only: bool = False, user: str | None = None) -> list[Handoff]:
        """Newest first, with their replies; only the unhandled ones with `open_only`, only
        one user's with `user` (what that user asked for)."""
        found = self.store.handoffs(open_only, user=user)
        replies = self.store.handoff_replies([item["id"] for item in found])
        return [Handoff(**item, replies=replies.get(item["id"], [])) for item in found]

    def mark_handled(self, handoff_id: str, by: str) -> Handoff | None:
        """The handoff marked handled (once: a second mark keeps the first; the asker is told
        the first time); None if unknown."""
        found = self.store.mark_handoff(handoff_id, _now(), by)
        if found is None:
            return None
        handoff = self._with_replies(found)
        title = f"An agent handled your {_asked_for(handoff)}"
        self._tell_asker(handoff, "handled", "handoff_handled", title, "")
        return handoff

    def reply(self, handoff_id: str, by: str, text: str) -> Handoff | None:
        """Keep an answer to the asker, mark the request handled, and tell the asker (an
        alert); None if unknown."""
        if not self.store.handoffs(handoff_id=handoff_id):
            return None
        self.store.add_handoff_reply(handoff_id, _now(), by, text[:MAX_TEXT])
        self.store.mark_handoff(handoff_id, _now(), by)
        handoff = self.all_by_id(handoff_id)
        number = len(handoff.replies)
        title = f"An agent answered your {_asked_for(handoff)}"
        self._tell_asker(handoff, f"reply:{number}", "handoff_reply", title, text[:MAX_TEXT])
        return handoff

    def all_by_id(self, handoff_id: str) -> Handoff:
        return self._with_replies(self.store.handoffs(handoff_id=handoff_id)[0])

    def _with_replies(self, item: dict[str, Any]) -> Handoff:
        replies = self.store.handoff_replies([item["id"]]).get(item["id"], [])
        return Handoff(**item, replies=replies)

    def _tell_asker(self, handoff: Handoff, what: str, kind: str, title: str, body: str) -> None:
        """An alert for the user who asked (once per key: a second mark tells nothing new);
        its item is what the skill said of the request (the web UI opens what it names)."""
        alert = {
            "user": handoff.user,
            "key": f"handoff_{handoff.id}:{what}",
            "kind": kind,
            "title": title[:MAX_TEXT],
            "body": body,
            "items": [handoff.details] if handoff.details else [],
        }
        self.store.add_alert(handoff.skill, f"handoff-{handoff.id}", alert, None)

    def tell_operator(self, handoff: Handoff, change: str) -> None:
        """The operator's webhook hears it too (`change`: new, handled, reply; as the event
        types of EVENTS), in the background."""
        if self.notify is not None:
            data = {**asdict(handoff), "change": change}
            task = asyncio.create_task(self.notify(EVENTS[change], data))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def receive(self, user: str, skill: str, result: dict[str, Any]) -> Handoff:
        """Keep a skill's handoff result and tell the operator's webhook (in the background)."""
        handoff = Handoff.of(user, skill, result)
        await asyncio.to_thread(self.add, handoff)
        self.tell_operator(handoff, "new")
        return handoff
