"""reflect: rebuild the conversation-state block after tools ran (pure: no LLM, no I/O).

The block's lines come from the skills' planners (`state_lines`), plus the memory writes made
in this conversation; the block keeps one message id so each rebuild replaces the last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, SystemMessage

from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState
from agent_graph.llm.offline.reading import results_in
from agent_graph.security.sanitizer import wrap_recalled
from agent_graph.skills.planners import Planners

CONTEXT_BLOCK_ID = "propsearch-context-block"


def describe_state(messages: Sequence[BaseMessage], planners: Planners) -> str:
    """What the skills say the model should know about the conversation so far."""
    results = results_in(messages)
    lines = planners.state_lines(results)
    saved = [
        f"[{r.get('entry_type')}] {r.get('key')}: {r.get('value')}"
        for r in results
        if r.get("type") == "memory_write"
    ]
    if saved:
        lines.append("Preferences saved in this conversation: " + "; ".join(saved))
    if not lines:
        return ""
    return "Conversation state:\n" + wrap_recalled("conversation state", "\n".join(lines))


def context_block(messages: Sequence[BaseMessage], planners: Planners) -> SystemMessage | None:
    text = describe_state(messages, planners)
    return SystemMessage(content=text, id=CONTEXT_BLOCK_ID) if text else None


def make_reflect(services: Services) -> Any:
    def reflect(state: AgentState) -> dict[str, Any]:
        """Replace (same id) the previous block instead of appending another."""
        block = context_block(state.get("messages") or [], services.planners)
        return {"messages": [block]} if block else {}

    return reflect
