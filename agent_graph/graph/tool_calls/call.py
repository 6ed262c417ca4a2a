"""The tools node's call: its capabilities, in the order their declarations give, around the
dispatch on the skill's pool."""

from __future__ import annotations

from agent_graph.graph.tool_calls.checks import (
    Announce,
    CheckArguments,
    CheckMaybeRan,
    CheckRole,
    Declined,
)
from agent_graph.graph.tool_calls.protocol import ToolCall
from agent_graph.graph.tool_calls.records import ToolRequest, ToolResult
from agent_graph.graph.tool_calls.results import HandOff, KeepWrite, RedactResult
from agent_graph.graph.tool_calls.trace import TraceCall


async def dispatch(request: ToolRequest) -> ToolResult:
    """The call itself, on the skill's pool: its data."""
    return ToolResult(data=await request.run.services.skills.dispatch(request.name, request.args))


def tool_call() -> ToolCall:
    """The tools node's call: built once, so a capability list that cannot be ordered fails
    when the graph is built."""
    return ToolCall(
        [
            TraceCall(),
            Declined(),
            Announce(),
            CheckRole(),
            CheckMaybeRan(),
            CheckArguments(),
            RedactResult(),
            KeepWrite(),
            HandOff(),
        ],
        dispatch,
    )
