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

    merge_system=False, for servers whose chat template renders every system message (the
    local llama-server), keeps the first system message alone (the stable part, which the
    template follows with the tool schemas), merges the rest of the leading ones after it, and
    keeps later system messages in place: anything else would change the start of the prompt
    between turns or tool rounds, and with it the prefix (tool schemas included) the server
    caches.
    """
    leading = next(
        (i for i, m in enumerate(messages) if not isinstance(m, SystemMessage)), len(messages)
    )
    head, rest = list(messages[:leading]), list(messages[leading:])
    if merge_system:
        head = [m for m in messages if isinstance(m, SystemMessage)]
        rest = [m for m in rest if not isinstance(m, SystemMessage)]
    system = [str(m.content) for m in head if m.content]
    if not merge_system and len(system) > 1:
        system = [system[0], "\n\n".join(system[1:])]
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
    if merge_system:
        system = ["\n\n".join(system)] if system else []
    leading_system: list[BaseMessage] = [SystemMessage(text) for text in system]
    return leading_system + kept
