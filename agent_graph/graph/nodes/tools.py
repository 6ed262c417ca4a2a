"""tools: run each tool call of the model's last message through the tool call's capabilities
(graph/tool_calls/call.py); an error becomes ToolMessage(status="error").

What a result becomes (a data event and its renderer, the step summary, whether L3 may keep it)
is the tool's own metadata (agent_graph/skills/model/metadata.py), never a table here.

Calls whose tool declares `confirm` metadata pause the graph first with one LangGraph
`interrupt` for all of them, before any call of the round dispatches (graph/tool_calls/confirm.py).
A declined call is not run; its ToolMessage says so. A memory write that needs a yes (known only
once its call ran) is held in `awaiting_yes` and asked by the next node, confirm_writes: this node
never pauses after it dispatched, so a resume never runs a call twice. A call that may have run
on a replica that died is run again only when its tool is idempotent (`Context.maybe_ran`). A
call that did not take in a planner's correction runs as the planners make it
(graph/tool_calls/corrections.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage
from langgraph.runtime import Runtime

from agent_graph.events import Emit
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.tool_calls import confirm, outcomes
from agent_graph.graph.tool_calls.call import tool_call
from agent_graph.graph.tool_calls.corrections import taken_in
from agent_graph.graph.tool_calls.protocol import ToolCall
from agent_graph.graph.tool_calls.records import ToolRecord, ToolRequest, ToolRun
from agent_graph.graph.tool_guard import refusals_this_turn
from agent_graph.planning.facts import facts_of
from agent_graph.planning.view import turn_of
from agent_graph.telemetry.attributes import in_approved_round

TOOL_CALL = tool_call()


def request_for(run: ToolRun, call: dict[str, Any], declined: str | None = None) -> ToolRequest:
    """The request of one of the model's calls; `declined`: the question the user said no to."""
    name = call["name"]
    meta = run.services.skills.meta(name)
    args = call.get("args") or {}
    confirmed = in_approved_round(run) and bool(meta.confirm or meta.writes)
    corrected = call.get("corrected", False)
    return ToolRequest(run, call["id"], name, args, meta, corrected, confirmed, declined)


async def run_one(request: ToolRequest, call: ToolCall = TOOL_CALL) -> ToolRecord:
    """One call through its capabilities; what it leaves behind (outcomes.py)."""
    request, result = await call.run(request)
    return outcomes.record_of(request, result)


def round_update(
    iterations: int, records: list[ToolRecord], held: list[dict[str, Any]]
) -> dict[str, Any]:
    """What a round leaves in the state; a call whose write waits for a yes (`held`) leaves
    its outcome to confirm_writes."""
    asking = {h["call_id"] for h in held}
    return {
        "messages": [r.message for r in records],
        "iterations": iterations,
        "results": [r.data for r in records if r.data is not None],
        "memory_writes": [r.write for r in records if r.write is not None],
        "tool_outcomes": [r.outcome for r in records if r.message.tool_call_id not in asking],
        "awaiting_yes": held,
    }


def tool_run(services: Services, state: AgentState, context: Context, emit: Emit) -> ToolRun:
    """What every call of this round shares."""
    messages = state.get("messages") or []
    failures = {name: len(texts) for name, texts in refusals_this_turn(messages).items()}
    conversation = turn_of(messages, [], facts_of(services, state, context))
    return ToolRun(services, context, emit, failures, conversation)


def calls_of(messages: Sequence[BaseMessage]) -> list[dict[str, Any]]:
    """The tool calls of the model's last message."""
    last = messages[-1]
    return [dict(c) for c in last.tool_calls] if isinstance(last, AIMessage) else []


def make_tools(services: Services) -> Any:
    call = tool_call()

    async def tools(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        messages = state.get("messages") or []
        ctx = runtime.context or Context()
        run = tool_run(services, state, ctx, runtime.stream_writer)
        calls = await taken_in(run, messages, calls_of(messages))
        pending, declined = await confirm.asked(services, ctx.role, calls, run.conversation)
        requests = [request_for(run, c, declined.get(c["id"])) for c in calls]
        records = list(await asyncio.gather(*(run_one(r, call) for r in requests)))
        after_output = confirm.tool_output_this_turn(messages)
        confirmed = {p["call_id"] for p in pending}
        held = await confirm.writes_awaiting_yes(run, records, requests, confirmed, after_output)
        return round_update(state.get("iterations", 0) + 1, records, held)

    return tools
