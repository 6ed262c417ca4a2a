"""Running one chat turn: per-session serialisation, events, errors, done (no FastAPI here)."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import AsyncIterator
from typing import Any

from langchain_core.messages import HumanMessage

from agent_graph.nodes.agent import ModelTimeoutError
from agent_graph.sanitizer import Sanitizer
from agent_graph.state import Context
from agent_graph.streaming import STREAM_MODES, to_events

log = logging.getLogger(__name__)

TIMEOUT_MESSAGE = "The model did not answer in time. Please try again."
FAILURE_MESSAGE = (
    "Something went wrong while answering ({kind}). Your conversation is safe; please try again."
)


class TurnRunner:
    """Runs turns of a compiled graph; two turns on one session never overlap."""

    def __init__(self, graph: Any, sanitizer: Sanitizer, timezone: str = "UTC") -> None:
        self.graph = graph
        self.sanitizer = sanitizer
        self.timezone = timezone
        self._locks: defaultdict[tuple[str, str], asyncio.Lock] = defaultdict(asyncio.Lock)
        self.last_context: dict[tuple[str, str], dict[str, Any]] = {}

    async def events(
        self, user: str, session_id: str, message: str
    ) -> AsyncIterator[dict[str, Any]]:
        """session, then the graph's events, an error if any, and always done last."""
        yield {"type": "session", "session_id": session_id}
        context = Context(user_id=user, session_id=session_id, timezone=self.timezone)
        inputs = {"messages": [HumanMessage(content=message)]}
        try:
            async with self._locks[(user, session_id)]:
                async for mode, chunk in self.graph.astream(
                    inputs, context=context, stream_mode=STREAM_MODES
                ):
                    if mode == "updates" and isinstance(chunk, dict) and "hydrate" in chunk:
                        self._keep_context(user, session_id, chunk["hydrate"] or {})
                    for event in to_events(mode, chunk, self.sanitizer):
                        yield event
        except ModelTimeoutError:
            yield {"type": "error", "message": TIMEOUT_MESSAGE}
        except Exception as exc:
            log.error("turn failed: %s", self.sanitizer.redact(repr(exc)))
            yield {"type": "error", "message": FAILURE_MESSAGE.format(kind=type(exc).__name__)}
        yield {"type": "done", "session_id": session_id}

    def _keep_context(self, user: str, session_id: str, update: dict[str, Any]) -> None:
        """Debug view of what hydrate built: sections plus the message list's shape."""
        messages = [m for m in update.get("messages", []) if getattr(m, "type", "") != "remove"]
        self.last_context[(user, session_id)] = {
            "sections": update.get("context", {}),
            "messages": [
                {"type": m.type, "content": self.sanitizer.redact(str(m.content))} for m in messages
            ],
        }

    async def collect(self, user: str, session_id: str, message: str) -> dict[str, Any]:
        """The whole turn as one JSON answer (POST /chat)."""
        answer: dict[str, Any] = {
            "session_id": session_id,
            "message": "",
            "data": None,
            "hints": [],
        }
        tokens: list[str] = []
        async for event in self.events(user, session_id, message):
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
