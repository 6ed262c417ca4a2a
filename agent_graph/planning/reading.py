"""Reads a message list the way the planners need it: this turn, results, preferences."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.security.sanitizer import unwrap_external

PAST_CONTEXT = "past_context"
"""Marks a past turn's context block put back before its message (graph/history.py,
with_past_context): its preference lines are not this turn's, so reading skips it."""

_PREFERENCE_LINE = re.compile(
    r"^\s*[-*]?\s*\[(PREFERENCE|DECISION|SAVED|SEARCH|WATCH)\]\s*([\w.-]+)\s*:\s*(.+?)\s*$", re.M
)
_TIMEZONE_LINE = re.compile(r"User timezone:\s*([\w/+-]+)")


@dataclass
class ToolOutcome:
    """One tool result of the current turn."""

    name: str
    ok: bool
    payload: Any
    text: str


@dataclass
class Reading:
    """What the planners know about the conversation."""

    user_text: str = ""
    earlier: list[BaseMessage] = field(default_factory=list)
    this_turn_results: list[ToolOutcome] = field(default_factory=list)
    preferences: dict[str, str] = field(default_factory=dict)
    timezone: str = "UTC"


def message_text(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    return " ".join(
        part.get("text", "") if isinstance(part, dict) else str(part) for part in content
    )


def read(messages: Sequence[BaseMessage]) -> Reading:
    reading = Reading()
    last_human = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1)
    for message in messages:
        if isinstance(message, SystemMessage) and not message.additional_kwargs.get(PAST_CONTEXT):
            text = message_text(message)
            for _kind, key, value in _PREFERENCE_LINE.findall(text):
                reading.preferences[key] = value
            if zone := _TIMEZONE_LINE.search(text):
                reading.timezone = zone.group(1)
    if last_human < 0:
        return reading
    reading.user_text = message_text(messages[last_human])
    reading.earlier = list(messages[:last_human])
    names = {
        call["id"]: call["name"]
        for m in messages[last_human:]
        if isinstance(m, AIMessage)
        for call in m.tool_calls
    }
    for message in messages[last_human + 1 :]:
        if isinstance(message, ToolMessage):
            name = message.name or names.get(message.tool_call_id, "tool")
            reading.this_turn_results.append(
                ToolOutcome(
                    name=name,
                    ok=message.status != "error",
                    payload=payload_of(message),
                    text=message_text(message),
                )
            )
    return reading


def payload_of(message: ToolMessage) -> Any:
    """A tool message's structured result: its artifact (what the model read may be a compact
    view of it), else the JSON it was given as."""
    if message.artifact is not None:
        return message.artifact
    return unwrap_external(message.content)


def results_in(messages: Sequence[BaseMessage]) -> list[dict[str, Any]]:
    """Structured tool results (dicts with a `type`) in message order."""
    found = []
    for message in messages:
        if isinstance(message, ToolMessage) and message.status != "error":
            payload = payload_of(message)
            if isinstance(payload, dict) and "type" in payload:
                found.append(payload)
    return found
