"""The tool call's `execute_tool` span, made here only: around the dispatch (outcome ok,
confirmed, error, timeout or cancelled), or, for a call stopped before its skill, a span of
outcome `refused` with why."""

from __future__ import annotations

from agent_graph.graph.tool_calls.protocol import Dispatch, ToolCapability
from agent_graph.graph.tool_calls.records import ToolRequest, ToolResult
from agent_graph.telemetry.tool_calls import refused_call, tool_span


class TraceCall(ToolCapability):
    """A dispatched call is spanned from the outside of every other wrap-hook; in the round the
    user said yes to, a call the yes was for is `confirmed` (`ToolRequest.confirmed`)."""

    name = "trace_call"

    async def wrap(self, request: ToolRequest, call_next: Dispatch) -> ToolResult:
        about = request.run.services.skills.about(request.name)
        spanned = tool_span(request.name, request.skill, request.args, about, request.confirmed)
        async with spanned:
            return await call_next(request)

    async def after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        error = result.error
        if error is not None and error.kind == "refused":
            refused_call(
                request.name, request.skill, request.args, error.reason, request.started_ns
            )
        return result
