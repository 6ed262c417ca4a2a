"""build_graph(...): the only place that adds nodes and edges and compiles the graph."""

from __future__ import annotations

from typing import Any

from langgraph.graph import END, START, StateGraph

from agent_graph.graph.nodes.agent import make_agent
from agent_graph.graph.nodes.confirm_writes import make_confirm_writes
from agent_graph.graph.nodes.tools import make_tools
from agent_graph.graph.routing import route_after_agent, route_after_tools
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.telemetry.graph_spans import GraphSpans
from agent_graph.telemetry.setup import active as telemetry_active


def build_graph(services: Services, checkpointer: Any = None) -> Any:
    """agent -> (tools -> [confirm_writes ->] agent)*: the agent's first step of a turn
    hydrates first, the context block is rebuilt after a tool round by its `reflect` hook, and
    the step that answers post-processes the turn, all in the agent's step (a LangGraph step of
    its own cost a turn 1-2 ms of bookkeeping, bench/results/overhead.md)."""
    builder = StateGraph(AgentState, context_schema=Context)
    builder.add_node("agent", make_agent(services))
    builder.add_node("tools", make_tools(services))
    builder.add_node("confirm_writes", make_confirm_writes(services))
    builder.add_edge(START, "agent")
    builder.add_conditional_edges("agent", route_after_agent, ["tools", END])
    builder.add_conditional_edges("tools", route_after_tools, ["confirm_writes", "agent"])
    builder.add_edge("confirm_writes", "agent")
    graph = builder.compile(checkpointer=checkpointer)
    return graph.with_config(callbacks=[GraphSpans()]) if telemetry_active() else graph
