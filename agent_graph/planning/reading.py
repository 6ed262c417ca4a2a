"""Reads a message list the way the planners need it: this turn and the tools' results.

What the state knows besides the messages (L1 entries, the time zone) is never read back from
the prompt's text: the planners get it as data (view.py, `Facts`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolCall, ToolMessage

from agent_graph.security.sanitizer import unwrap_external


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
    if last_human < 0:
        return reading
    reading.user_text = message_text(messages[last_human])
    reading.earlier = list(messages[:last_human])
    names = call_names(messages[last_human:])
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


def calls_by_id(messages: Sequence[BaseMessage]) -> dict[str, ToolCall]:
    """Each tool call of `messages` by its id."""
    return {
        str(call["id"]): call
        for m in messages
        if isinstance(m, AIMessage)
        for call in m.tool_calls
        if call.get("id")
    }


def call_names(messages: Sequence[BaseMessage]) -> dict[str, str]:
    """The tool each call id of `messages` called."""
    return {call_id: call["name"] for call_id, call in calls_by_id(messages).items()}


def tool_results(messages: Sequence[BaseMessage]) -> list[tuple[str, dict[str, Any]]]:
    """Structured tool results (dicts with a `type`) in message order, each with its tool."""
    names = call_names(messages)
    found = []
    for message in messages:
        if isinstance(message, ToolMessage) and message.status != "error":
            payload = payload_of(message)
            if isinstance(payload, dict) and "type" in payload:
                found.append((message.name or names.get(message.tool_call_id, ""), payload))
    return found
