"""Past turns' context blocks, replayed where they were read (a model that replays turns).

The local model's prompt grows append-only: each turn's first call starts with the whole last
call of the turn before (its context block included) and that call's answer, so a follow-up
sent the moment an answer ends reads only the results no call read, its own block and its
message. A block says only what changed since the blocks the prompt replays (the sections
known ahead: preferences and conversation state), so the history does not repeat the state
each turn; what is recalled for a message is that message's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

TURN_CONTEXT = "turn_context"
"""Key, in a stored user message's additional_kwargs, of the block its turn was answered with:
{"shown": its text, "known": the known-ahead sections it said, by name ("" for one gone)}."""
KNOWN = "known_sections"
"""Key, in a block's additional_kwargs, of the known-ahead sections it says (by name)."""


def _stored(message: BaseMessage) -> dict[str, Any]:
    block = (
        message.additional_kwargs.get(TURN_CONTEXT) if isinstance(message, HumanMessage) else None
    )
    return block if isinstance(block, dict) else {}


def with_past_blocks(messages: list[BaseMessage]) -> list[BaseMessage]:
    """Each stored user message preceded by the block it was answered with, as it was read."""
    shown: list[BaseMessage] = []
    for message in messages:
        text = _stored(message).get("shown")
        if isinstance(text, str) and text:
            shown.append(SystemMessage(text))
        shown.append(message)
    return shown


def known_in(messages: list[BaseMessage]) -> dict[str, str]:
    """What the replayed blocks say of each known-ahead section (the latest block that said it)."""
    known: dict[str, str] = {}
    for message in messages:
        said = _stored(message).get("known")
        if isinstance(said, Mapping):
            known.update({str(name): str(text) for name, text in said.items()})
    return known


def stored_block(block: SystemMessage | None) -> dict[str, Any] | None:
    """What a turn's user message keeps of the block it was answered with (None without one)."""
    if block is None:
        return None
    return {"shown": str(block.content), "known": dict(block.additional_kwargs.get(KNOWN) or {})}
