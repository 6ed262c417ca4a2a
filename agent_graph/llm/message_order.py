"""Message lists every provider accepts: one system message first, then a user message.

Several providers refuse a system message after the first non-system one (the graph's
conversation-state block sits near the end) or a history that opens with an AI or tool message
(what compaction can leave). The graph keeps its own order in state; only the model's copy is
reshaped, without changing any message's meaning.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage


def provider_safe(messages: Sequence[BaseMessage], merge_system: bool = True) -> list[BaseMessage]:
    """All system text merged into one leading system message; the rest starts at a user
    message; tool results whose call is no longer in the list are dropped.

    merge_system=False keeps later system messages in place, for servers whose chat template
    renders them (the local llama-server): merging would change the start of every prompt after
    a tool round, and with it the cached prefix (tool schemas included) the server reuses.
    """
    leading = next(
        (i for i, m in enumerate(messages) if not isinstance(m, SystemMessage)), len(messages)
    )
    head, rest = list(messages[:leading]), list(messages[leading:])
    if merge_system:
        head = [m for m in messages if isinstance(m, SystemMessage)]
        rest = [m for m in rest if not isinstance(m, SystemMessage)]
    system = [str(m.content) for m in head if m.content]
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
    leading_system: list[BaseMessage] = [SystemMessage("\n\n".join(system))] if system else []
    return leading_system + kept
