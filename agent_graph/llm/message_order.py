"""Message lists every provider accepts: one system message first, then a user message.

Several providers refuse a system message after the first non-system one (the graph's
conversation-state block sits near the end) or a history that opens with an AI or tool message
(what compaction can leave). The graph keeps its own order in state; only the model's copy is
reshaped, without changing any message's meaning.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage


def provider_safe(messages: Sequence[BaseMessage]) -> list[BaseMessage]:
    """All system text merged into one leading system message; the rest starts at a user
    message; tool results whose call is no longer in the list are dropped."""
    system = [str(m.content) for m in messages if isinstance(m, SystemMessage) and m.content]
    rest = [m for m in messages if not isinstance(m, SystemMessage)]
    first_user = next((i for i, m in enumerate(rest) if isinstance(m, HumanMessage)), 0)
    rest = rest[first_user:]
    announced: set[str] = set()
    kept: list[BaseMessage] = []
    for message in rest:
        if isinstance(message, AIMessage):
            announced.update(str(call["id"]) for call in message.tool_calls if call.get("id"))
        if isinstance(message, ToolMessage) and message.tool_call_id not in announced:
            continue
        kept.append(message)
    head: list[BaseMessage] = [SystemMessage("\n\n".join(system))] if system else []
    return head + kept
