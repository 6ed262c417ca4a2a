"""Pure routers: they read state and name the next node."""

from __future__ import annotations

from typing import Literal

from langchain_core.messages import AIMessage

from agent_graph.graph.state import AgentState

AfterTools = Literal["confirm_writes", "agent"]


def calls_tools(state: AgentState) -> bool:
    """Whether the last message is the model's asking for tools."""
    messages = state.get("messages") or []
    last = messages[-1] if messages else None
    return isinstance(last, AIMessage) and bool(last.tool_calls)


def route_after_agent(state: AgentState) -> Literal["tools", "__end__"]:
    """Tools when the last AI message asks for them, otherwise the turn is finished (the agent's
    step that answered has post-processed it)."""
    return "tools" if calls_tools(state) else "__end__"  # END


def route_after_tools(state: AgentState) -> AfterTools:
    """confirm_writes when the round's memory writes wait for a yes, else back to the agent
    (whose `reflect` hook rebuilds the context block when the round left a result)."""
    return "confirm_writes" if state.get("awaiting_yes") else "agent"
