"""The handoff inbox: requests a skill hands to a person (a tour request, a callback...), kept
for the `agent` role to read and mark handled. Generic: the skill names the kind and words the
title; the core keeps who asked and when.

Embedded profile: `{MEMORY_ROOT}/handoffs.json` (written atomically). A tool result
`{"type": "handoff", "kind", "title", "summary"?, "details"?}` becomes one.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HANDOFF = "handoff"
MAX_TEXT = 300
FILE_NAME = "handoffs.json"
Notify = Callable[[dict[str, Any]], Coroutine[Any, Any, None]]


def is_handoff(result: Any) -> bool:
    return isinstance(result, dict) and result.get("type") == HANDOFF


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
            kind=str(result.get("kind") or "request")[:40],
            title=str(result.get("title") or "A request")[:MAX_TEXT],
            summary=str(result.get("summary") or "")[:MAX_TEXT],
            details={str(k)[:40]: v for k, v in details.items()},
            at=_now(),
        )


@dataclass
class HandoffInbox:
    """The inbox in one JSON file; `notify` (the operator's webhook) hears each new handoff."""

    path: Path
    notify: Notify | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set, repr=False)

    def _read(self) -> list[dict[str, Any]]:
        try:
            loaded = json.loads(self.path.read_text())
        except FileNotFoundError:
            return []
        return loaded if isinstance(loaded, list) else []

    def _write(self, items: list[dict[str, Any]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_suffix(f".{os.getpid()}.tmp")
        temp.write_text(json.dumps(items))
        os.replace(temp, self.path)

    def add(self, handoff: Handoff) -> None:
        with self._lock:
            self._write([*self._read(), asdict(handoff)])

    def all(self, open_only: bool = False) -> list[Handoff]:
        """Newest first; only the unhandled ones with `open_only`."""
        with self._lock:
            items = [Handoff(**item) for item in self._read()]
        items = [h for h in items if not (open_only and h.handled_at)]
        return sorted(items, key=lambda h: h.at, reverse=True)

    def mark_handled(self, handoff_id: str, by: str) -> Handoff | None:
        """The handoff marked handled (once: a second mark keeps the first); None if unknown."""
        with self._lock:
            items = self._read()
            for item in items:
                if item.get("id") == handoff_id:
                    if not item.get("handled_at"):
                        item.update(handled_at=_now(), handled_by=by)
                        self._write(items)
                    return Handoff(**item)
        return None

    async def receive(self, user: str, skill: str, result: dict[str, Any]) -> Handoff:
        """Keep a skill's handoff result and tell the operator's webhook (in the background)."""
        handoff = Handoff.of(user, skill, result)
        await asyncio.to_thread(self.add, handoff)
        if self.notify is not None:
            task = asyncio.create_task(self.notify(asdict(handoff)))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return handoff
