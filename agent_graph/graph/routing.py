"""Pure routers: they read state and name the next node."""

from __future__ import annotations

from typing import Literal

from langchain_core.messages import AIMessage

from agent_graph.graph.state import AgentState

AfterTools = Literal["confirm_writes", "agent"]


def route_after_agent(state: AgentState) -> Literal["tools", "post_process"]:
    """Tools when the last AI message asks for them, otherwise the turn is finished."""
    messages = state.get("messages") or []
    last = messages[-1] if messages else None
    if isinstance(last, AIMessage) and last.tool_calls:
        return "tools"
    return "post_process"


def route_after_tools(state: AgentState) -> AfterTools:
    """confirm_writes when the round's memory writes wait for a yes, else back to the agent
    (whose `reflect` hook rebuilds the context block when the round left a result)."""
    return "confirm_writes" if state.get("awaiting_yes") else "agent"
