"""Pure routers: they read state and name the next node."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from langchain_core.messages import AIMessage, BaseMessage

from agent_graph.graph.state import AgentState
from agent_graph.planning.reading import tool_results

AfterTools = Literal["confirm_writes", "reflect", "agent"]


def route_after_agent(state: AgentState) -> Literal["tools", "post_process"]:
    """Tools when the last AI message asks for them, otherwise the turn is finished."""
    messages = state.get("messages") or []
    last = messages[-1] if messages else None
    if isinstance(last, AIMessage) and last.tool_calls:
        return "tools"
    return "post_process"


def route_after_tools(state: AgentState) -> AfterTools:
    """confirm_writes when the round's memory writes wait for a yes; reflect when the round
    left a structured result, which the context block reads; else back to the agent, since
    reflect would rebuild the block as it is (only refusals, errors or plain text came back)."""
    if state.get("awaiting_yes"):
        return "confirm_writes"
    return "reflect" if round_results(state.get("messages") or []) else "agent"


def route_after_tools_block_kept(state: AgentState) -> AfterTools:
    """route_after_tools for a model that replays turns, whose block stays as the turn began
    (graph/nodes/reflect.py): reflect has nothing to do after any round."""
    return "confirm_writes" if state.get("awaiting_yes") else "agent"


def round_results(messages: Sequence[BaseMessage]) -> bool:
    """Whether the last tool round (the messages after the last AI message) left a structured
    result (planning/reading.py `tool_results`)."""
    last_call = max((i for i, m in enumerate(messages) if isinstance(m, AIMessage)), default=-1)
    return bool(tool_results(messages[last_call + 1 :]))
