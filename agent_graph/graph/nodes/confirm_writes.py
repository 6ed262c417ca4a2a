"""confirm_writes: asks the user's yes for the memory writes the last tools round held
(`awaiting_yes`: a change of a remembered entry, or a new one after tool output), in one
LangGraph `interrupt`. It runs after the tools round is checkpointed, so the resume that brings
the answer re-enters this node only: no call of the round is dispatched again. A yes keeps the
writes; a no drops them and replaces each call's result with a note that nothing was changed."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.tool_calls import confirm
from agent_graph.telemetry.attributes import in_approved_round


def make_confirm_writes(services: Services) -> Any:
    async def confirm_writes(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        held = state.get("awaiting_yes") or []
        if not held:
            return {}
        yes = confirm.ask_held(held)
        in_approved_round(held)  # the yes was for this question, not for a later round's calls
        if yes:
            return {
                "memory_writes": [h["write"] for h in held],
                "tool_outcomes": [h["outcome"] for h in held],
                "awaiting_yes": [],
            }
        records = [confirm.declined_write(services, runtime.stream_writer, h) for h in held]
        return {
            "messages": [r.message for r in records],
            "tool_outcomes": [r.outcome for r in records],
            "awaiting_yes": [],
        }

    return confirm_writes
