"""Running one chat turn: per-session serialisation, events, errors, done (no FastAPI here)."""

from __future__ import annotations

import asyncio
import errno
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from langchain_core.messages import HumanMessage

from agent_graph.graph.nodes.agent import ModelTimeoutError
from agent_graph.graph.services import SessionStorage
from agent_graph.graph.state import Context
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.server.interrupted import TurnProgress, save_interrupted
from agent_graph.server.streaming import STREAM_MODES, to_events

log = logging.getLogger(__name__)

TIMEOUT_MESSAGE = "The model did not answer in time. Please try again."
FAILURE_MESSAGE = (
    "Something went wrong while answering ({kind}). Your conversation is safe; please try again."
)
STORAGE_MESSAGE = (
    "The conversation could not be saved: the server's storage failed ({reason}). "
    "Please tell the operator; nothing else was changed."
)
MAX_CONTEXTS = 1000
STORAGE_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOTDIR, errno.EDQUOT}


class TurnRunner:
    """Runs turns of a compiled graph; two turns on one session never overlap."""

    def __init__(
        self,
        graph: Any,
        sanitizer: Sanitizer,
        timezone: str = "UTC",
        after_turn: Callable[[str], Awaitable[None]] | None = None,
        sessions: SessionStorage | None = None,
    ) -> None:
        self.graph = graph
        self.sanitizer = sanitizer
        self.timezone = timezone
        self.after_turn = after_turn
        """Awaited after `done` is sent (e.g. deferred memory writes), before the stream ends."""
        self.sessions = sessions
        """Where an interrupted turn is kept (None: interrupted turns are dropped)."""
        # Weak: a session's lock lives while a turn holds or awaits it, so idle ones don't pile up.
        self._locks: weakref.WeakValueDictionary[tuple[str, str], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self.last_context: dict[tuple[str, str], dict[str, Any]] = {}
        """The debug view of the most recent turns' hydrated context (at most MAX_CONTEXTS)."""

    def _lock(self, user: str, session_id: str) -> asyncio.Lock:
        lock = self._locks.get((user, session_id))
        if lock is None:
            lock = self._locks[(user, session_id)] = asyncio.Lock()
        return lock

    async def events(
        self, user: str, session_id: str, message: str, role: str = "user", persist: bool = True
    ) -> AsyncIterator[dict[str, Any]]:
        """session, then the graph's events, an error if any, and always done last."""
        yield {"type": "session", "session_id": session_id}
        context = Context(
            user_id=user, session_id=session_id, timezone=self.timezone, role=role, persist=persist
        )
        inputs = {"messages": [HumanMessage(content=message)]}
        try:
            async with self._lock(user, session_id):
                turn = TurnProgress(message, time.time())
                try:
                    async for mode, chunk in self.graph.astream(
                        inputs,
                        {"configurable": {"thread_id": session_id}},  # a session is a thread
                        context=context,
                        stream_mode=STREAM_MODES,
                    ):
                        if mode == "updates" and isinstance(chunk, dict):
                            turn.observe(chunk)
                            if "hydrate" in chunk and persist:
                                self._keep_context(user, session_id, chunk["hydrate"] or {})
                        for event in to_events(mode, chunk, self.sanitizer):
                            yield event
                except (asyncio.CancelledError, GeneratorExit):
                    if persist and not turn.saved and self.sessions is not None:
                        save_interrupted(self.sessions, user, session_id, turn)
                    raise
        except ModelTimeoutError:
            yield {"type": "error", "message": TIMEOUT_MESSAGE}
        except OSError as exc:
            log.error("turn failed: %s", self.sanitizer.redact(repr(exc)))
            yield {"type": "error", "message": _failure_text(exc)}
        except Exception as exc:
            log.error("turn failed: %s", self.sanitizer.redact(repr(exc)))
            yield {"type": "error", "message": FAILURE_MESSAGE.format(kind=type(exc).__name__)}
        yield {"type": "done", "session_id": session_id}
        if self.after_turn is not None and persist:
            await self.after_turn(user)

    def _keep_context(self, user: str, session_id: str, update: dict[str, Any]) -> None:
        """Debug view of what hydrate built: sections plus the message list's shape."""
        messages = [m for m in update.get("messages", []) if getattr(m, "type", "") != "remove"]
        self.last_context.pop((user, session_id), None)
        while len(self.last_context) >= MAX_CONTEXTS:
            self.last_context.pop(next(iter(self.last_context)))
        self.last_context[(user, session_id)] = {
            "sections": update.get("context", {}),
            "messages": [
                {"type": m.type, "content": self.sanitizer.redact(str(m.content))} for m in messages
            ],
        }

    async def collect(
        self, user: str, session_id: str, message: str, role: str = "user", persist: bool = True
    ) -> dict[str, Any]:
        """The whole turn as one JSON answer (POST /chat)."""
        answer: dict[str, Any] = {
            "session_id": session_id,
            "message": "",
            "data": None,
            "hints": [],
        }
        tokens: list[str] = []
        async for event in self.events(user, session_id, message, role, persist):
            kind = event["type"]
            if kind == "token":
                tokens.append(event["content"])
            elif kind == "data":
                answer["data"] = event["data"]
            elif kind == "hints":
                answer["hints"] = event["hints"]
            elif kind == "error":
                answer["error"] = event["message"]
        answer["message"] = "".join(tokens)
        return answer


def _failure_text(exc: OSError) -> str:
    if exc.errno in STORAGE_ERRNOS:
        return STORAGE_MESSAGE.format(reason=exc.strerror or type(exc).__name__)
    return FAILURE_MESSAGE.format(kind=type(exc).__name__)
