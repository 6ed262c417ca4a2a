"""tools: run each tool call on its skill's pool through a chain of small interceptors
(graph/tool_calls/interceptors.py); errors become ToolMessage(status="error").

What a result becomes (a data event and its renderer, the step summary, whether L3 may keep it)
is the tool's own metadata (agent_graph/skills/model/metadata.py), never a table here.

Calls whose tool declares `confirm` metadata pause the graph first with one LangGraph
`interrupt` for all of them, before any call of the round dispatches (graph/tool_calls/confirm.py).
A declined call is not run; its ToolMessage says so. A memory write that needs a yes (known only
once its call ran) is held in `awaiting_yes` and asked by the next node, confirm_writes: this node
never pauses after it dispatched, so a resume never runs a call twice. A call that may have run on a replica that died is run again only when its
tool is idempotent (`Context.maybe_ran`). A call refused with a planner's correction and sent
again unchanged, or changed but corrected the same way again, did not take the correction in:
it runs as the planners would make it for the user's message, and the model is told so (it may
still send another call); with no such plan it runs as sent, the model overruling the correction.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.runtime import Runtime

from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.tool_calls import confirm, outcomes
from agent_graph.graph.tool_calls.interceptors import INTERCEPTORS, chain, dispatch
from agent_graph.graph.tool_calls.records import ToolRecord, ToolRequest, ToolRun
from agent_graph.graph.tool_guard import call_key, refusals_this_turn, refused_this_turn
from agent_graph.memory.write_policy import WriteRefusedError
from agent_graph.planning.checks import corrected_again
from agent_graph.planning.facts import facts_of
from agent_graph.planning.suggestion import planned_call
from agent_graph.planning.view import turn_of
from agent_graph.skills.backends.pool import SkillCallError

UNEXPECTED_ERROR = "{tool} failed unexpectedly ({kind}). Try again or choose another approach."
EXECUTE = chain(INTERCEPTORS, dispatch)


def as_corrected(
    run: ToolRun,
    messages: list[Any],
    calls: list[dict[str, Any]],
    said: dict[str, list[str]],
    refused: set[str],
) -> list[dict[str, Any]]:
    """Each call that did not take in a correction made this turn (sent again unchanged, or
    corrected the same way again: `said` holds each tool's refusals, `refused` the keys of
    the calls refused), with the planners' arguments."""
    services = run.services
    fixed = []
    for call in calls:
        name = call["name"]
        if call_key(call) in refused or (
            name in said and corrected_again(services.planners, run.conversation, call, said[name])
        ):
            planned = planned_call(services.planners, messages, name, run.conversation.facts)
            if planned and planned != call.get("args"):
                call = {**call, "args": planned, "corrected": True}
        fixed.append(call)
    return fixed


def request_for(run: ToolRun, call: dict[str, Any]) -> ToolRequest:
    name = call["name"]
    meta = run.services.skills.meta(name)
    args = call.get("args") or {}
    return ToolRequest(run, call["id"], name, args, meta, call.get("corrected", False))


async def run_one(request: ToolRequest) -> ToolRecord:
    """One call through the interceptors; what it leaves behind (outcomes.py)."""
    run = request.run
    run.emit(outcomes.step_of(request, "start", args=request.safe_args))
    started = time.perf_counter()
    try:
        result = await EXECUTE(request)
        write = outcomes.written(request, result)
        await outcomes.handed_off(request, result)
    except (SkillCallError, WriteRefusedError) as exc:
        error = run.services.sanitizer.redact(str(exc))
    except Exception as exc:
        error = UNEXPECTED_ERROR.format(tool=request.name, kind=type(exc).__name__)
    else:
        ms = round((time.perf_counter() - started) * 1000, 1)
        record = outcomes.succeeded(request, result, ms)
        record.write = write
        return record
    return outcomes.failed(request, error, round((time.perf_counter() - started) * 1000, 1))


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


def make_tools(services: Services) -> Any:
    async def tools(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        messages = state.get("messages") or []
        last = messages[-1]
        calls = [dict(c) for c in last.tool_calls] if isinstance(last, AIMessage) else []
        refusals = refusals_this_turn(messages)
        ctx = runtime.context or Context()
        failures = {name: len(texts) for name, texts in refusals.items()}
        conversation = turn_of(messages, [], facts_of(services, state, ctx))
        run = ToolRun(services, ctx, runtime.stream_writer, failures, conversation)
        refused_calls = refused_this_turn(messages)
        if services.checks and (refusals or refused_calls):  # else nothing to take in
            args = (run, messages, calls, refusals, refused_calls)
            calls = await asyncio.to_thread(as_corrected, *args)
        pending: list[dict[str, Any]] = []
        if any(services.skills.meta(str(call["name"])).confirm for call in calls):
            # the planners word the questions: an IPC call, off the event loop
            ask = (services, ctx.role, calls, conversation)
            pending = await asyncio.to_thread(confirm.confirmations, *ask)
        refused = {} if not pending or confirm.ask(pending) else {p["call_id"]: p for p in pending}
        requests = [request_for(run, call) for call in calls]

        async def one(request: ToolRequest) -> ToolRecord:
            if request.call_id in refused:
                return confirm.not_run(request, refused[request.call_id]["question"])
            return await run_one(request)

        records = list(await asyncio.gather(*(one(r) for r in requests)))
        after_output = confirm.tool_output_this_turn(messages)
        confirmed = {p["call_id"] for p in pending}
        held = await confirm.writes_awaiting_yes(run, records, requests, confirmed, after_output)
        return round_update(state.get("iterations", 0) + 1, records, held)

    return tools
