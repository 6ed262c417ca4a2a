"""Message-history helpers shared by hydrate and post_process (pure functions)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    messages_from_dict,
    messages_to_dict,
)

from agent_graph.planning.reading import payload_of

CANCELLED = "Cancelled: the turn was interrupted before this tool returned."
SKILLS_WORDED = "skills_worded"
"""Marks, in an answer's additional_kwargs, one the skills worded (see skills_worded)."""


def exchanges(messages: list[BaseMessage]) -> list[list[BaseMessage]]:
    """Split a non-system history into exchanges, each starting at a user message."""
    groups: list[list[BaseMessage]] = []
    for message in messages:
        if isinstance(message, SystemMessage):
            continue
        if isinstance(message, HumanMessage) or not groups:
            groups.append([])
        groups[-1].append(message)
    return groups


def close_dangling_tool_calls(messages: list[BaseMessage]) -> list[BaseMessage]:
    """Add an error ToolMessage for every tool call that never got a result."""
    answered = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
    repaired: list[BaseMessage] = []
    for index, message in enumerate(messages):
        repaired.append(message)
        if not isinstance(message, AIMessage) or not message.tool_calls:
            continue
        following = messages[index + 1 :]
        later_results = {
            m.tool_call_id
            for m in following[: _next_non_tool(following)]
            if isinstance(m, ToolMessage)
        }
        for call in message.tool_calls:
            if call["id"] not in later_results and call["id"] not in answered:
                repaired.append(
                    ToolMessage(
                        CANCELLED, tool_call_id=call["id"], name=call["name"], status="error"
                    )
                )
    return repaired


def _next_non_tool(messages: list[BaseMessage]) -> int:
    for index, message in enumerate(messages):
        if not isinstance(message, ToolMessage):
            return index
    return len(messages)


def with_kwargs(message: HumanMessage, **kept: Any) -> HumanMessage:
    """The user's message carrying what its turn was answered with (the non-empty `kept`), to
    be stored: the skills offered, the context block (graph/past_blocks.py)."""
    kept = {key: value for key, value in kept.items() if value}
    if not kept:
        return message
    kwargs = {**message.additional_kwargs, **kept}
    return message.model_copy(update={"additional_kwargs": kwargs})


def skills_worded(text: str) -> AIMessage:
    """An answer the skills worded from the results. Later turns leave it out of what the model
    reads: the exchange ends with the results, which the model has in the tools' compact
    views. Shown to it, a small model took such answers for its own and wrote the next one
    ("I found 1,410 houses…") instead of calling a tool; the lead paragraph alone did the same."""
    return AIMessage(text, additional_kwargs={SKILLS_WORDED: True})


UNREAD_RESULT = (
    "Shown to the user, who saw all of it; the conversation state numbers these results. "
    "Call a tool again for facts you need."
)
"""What the local model reads for a result no call read (see as_read)."""


def as_read(messages: list[BaseMessage], short_unread: bool = False) -> list[BaseMessage]:
    """The history as the model reads it: without the answers the skills worded; with
    `short_unread`, the results those answers worded (which no call read) as UNREAD_RESULT,
    their data kept as the artifact. A pure function of the stored history, so a replayed
    exchange reads the same every turn (the prompt grows append-only)."""
    read: list[BaseMessage] = []
    unread = False
    for message in reversed(messages):
        if isinstance(message, AIMessage) and message.additional_kwargs.get(SKILLS_WORDED):
            unread = short_unread
            continue
        if isinstance(message, ToolMessage) and unread:
            message = _unread(message)
        elif not isinstance(message, ToolMessage):
            unread = False
        read.append(message)
    return read[::-1]


def _unread(message: ToolMessage) -> ToolMessage:
    update = {"content": UNREAD_RESULT, "artifact": payload_of(message)}
    return message.model_copy(update=update)


def current_turn(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """The non-system messages from the last user message on (this turn's exchange)."""
    start = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0)
    return [m for m in messages[start:] if not isinstance(m, SystemMessage)]


def final_answer(messages: Sequence[BaseMessage]) -> str:
    for message in reversed(messages):
        if isinstance(message, AIMessage) and isinstance(message.content, str):
            return message.content
    return ""


def dump(messages: list[BaseMessage]) -> list[dict[str, Any]]:
    return messages_to_dict(messages)


def load(data: list[dict[str, Any]]) -> list[BaseMessage]:
    return messages_from_dict(data)
