"""Graph stream -> typed SSE events (pure: no FastAPI import)."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessageChunk

from agent_graph.events import (
    AlertsEvent,
    ConfirmEvent,
    DataEvent,
    Event,
    HintsEvent,
    StepEvent,
    TokenEvent,
)
from agent_graph.security.sanitizer import Sanitizer

STREAM_MODES = ["messages", "updates", "custom"]


def to_events(mode: str, chunk: Any, sanitizer: Sanitizer) -> list[Event]:
    """Translate one (mode, chunk) item of graph.astream into zero or more events. Tokens stay
    as the model wrote them: the answer's filters (llm/answer_filters.py) judge the same text
    the stored answer was judged on, and the turn's rolling window (`TurnRunner.events`)
    redacts them after; every other event is redacted here."""
    if mode == "messages":
        message, meta = chunk
        if (
            isinstance(message, AIMessageChunk)
            and meta.get("langgraph_node") == "agent"
            and isinstance(message.content, str)
            and message.content
        ):
            return [TokenEvent(content=message.content)]
        return []
    if mode == "custom":
        if isinstance(chunk, TokenEvent):
            return [chunk]
        if isinstance(chunk, StepEvent | DataEvent | AlertsEvent):
            return [chunk.redacted(sanitizer.redact_value)]
        return []
    if mode == "updates" and isinstance(chunk, dict):
        if "__interrupt__" in chunk:
            return [
                confirm_event(i).redacted(sanitizer.redact_value) for i in chunk["__interrupt__"]
            ]
        update = chunk.get("agent") or {}  # the step that answered also made the hints
        if update.get("hints"):
            return [HintsEvent(hints=update["hints"])]
    return []


def confirm_event(pending: Any) -> ConfirmEvent:
    """A LangGraph Interrupt (of the tools or the confirm_writes node) -> the `confirm` event
    (docs/protocol.md)."""
    value: dict[str, Any] = (
        pending.value if isinstance(pending.value, dict) else {"question": str(pending.value)}
    )
    return ConfirmEvent(
        id=pending.id,
        question=value.get("question", "Go ahead?"),
        tool=value.get("tool") or "",
        args=value.get("args") or {},
    )
