"""tools: run each tool call on its skill's pool; errors become ToolMessage(status="error").

What a result becomes (a data event and its renderer, the step summary, whether L3 may keep it)
is the tool's own metadata (agent_graph/skills/metadata.py), never a table here.

Calls whose tool declares `confirm` metadata pause the graph first with one LangGraph
`interrupt` for all of them (before anything runs: the node re-runs from the top on resume).
A declined call is not run; its ToolMessage says so. A call that may have run on a replica
that died is run again only when its tool is idempotent (`Context.maybe_ran`). A call refused
with a planner's correction and sent again unchanged, or changed but corrected the same way
again, did not take the correction in: it runs as the planners would make it for the user's
message, and the model is told so (it may still send another call); with no such plan it runs
as sent, the model overruling the correction.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage
from langgraph.runtime import Runtime
from langgraph.types import interrupt

from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.suggestion import planned_call
from agent_graph.graph.tool_guard import (
    call_key,
    refusals_this_turn,
    refused_this_turn,
)
from agent_graph.llm.offline.reading import read, results_in
from agent_graph.memory.write_policy import (
    WriteRefusedError,
    destructive_question,
    is_write,
    owned_write,
)
from agent_graph.security.roles import REFUSED, tool_allowed
from agent_graph.security.sanitizer import escape_data, wrap_error, wrap_external
from agent_graph.skills.arguments import checked_arguments, invalid_message
from agent_graph.skills.metadata import NO_CARD
from agent_graph.skills.pool import SkillCallError

TOOL_ERROR = "Error: {message}"
UNEXPECTED_ERROR = "{tool} failed unexpectedly ({kind}). Try again or choose another approach."
CORRECTED = (
    "Sent again without the correction, so it ran as the skill corrected it: {args}. "
    "Call it again with other arguments if the user meant something else."
)
DECLINED = "Cancelled: the user declined ({question}), so nothing was changed."
MAYBE_RAN = (
    "{tool} may already have run: the server running this turn stopped during the call, so it "
    "was not repeated. Check its effect before calling it again."
)
YES_WORDS = frozenset({"yes", "y", "ok", "okay", "approve", "approved", "confirm", "true"})


class _Blank(dict[str, Any]):
    """format_map helper: unknown fields stay as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def question_for(template: str, args: dict[str, Any]) -> str:
    """The confirm template filled from the call's args (str.format style)."""
    try:
        return template.format_map(_Blank(args))
    except (ValueError, IndexError, AttributeError):
        return template


def approved(answer: Any) -> bool:
    """Read a resume value: true/false, "yes"/"no", or {"approve": bool} (API and Studio)."""
    if isinstance(answer, dict):
        answer = answer.get("approve", answer.get("approved"))
    if isinstance(answer, str):
        return answer.strip().lower() in YES_WORDS
    return answer is True


def confirmations(
    services: Services, role: str, calls: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The calls that need a yes first: allowed for the role and with `confirm` metadata."""
    found = []
    for call in calls:
        meta = services.skills.meta(call["name"])
        template = meta.confirm
        if template and tool_allowed(role, meta):
            args = services.sanitizer.redact_value(call.get("args") or {})
            question = question_for(template, args)
            found.append(
                {"call_id": call["id"], "tool": call["name"], "args": args, "question": question}
            )
    return found


def ask(pending: list[dict[str, Any]]) -> bool:
    """Pause the graph with one question for every pending call; True when approved."""
    first = pending[0]
    question = first["question"]
    if len(pending) > 1:
        question = f"{len(pending)} changes: " + " ".join(p["question"] for p in pending)
    value = {"question": question, "tool": first["tool"], "args": first["args"], "calls": pending}
    return approved(interrupt(value))


def conversation_for_checks(messages: list[Any]) -> dict[str, Any]:
    """What a planner's `check` reads besides the call: the user's words of this turn, earlier
    turns' and this turn's structured results and the remembered preferences (never tool
    text)."""
    found = read(messages)
    return {
        "text": found.user_text,
        "earlier": results_in(found.earlier),
        "this_turn": [o.payload for o in found.this_turn_results if isinstance(o.payload, dict)],
        "preferences": dict(found.preferences),
    }


def make_tools(services: Services) -> Any:
    def as_corrected(
        messages: list[Any],
        calls: list[dict[str, Any]],
        conversation: dict[str, Any],
        said: dict[str, list[str]],
    ) -> list[dict[str, Any]]:
        """Each call that did not take in a correction made this turn (sent again unchanged, or
        corrected the same way again: `said` holds each tool's refusals), with the planners'
        arguments."""
        refused = refused_this_turn(messages)
        fixed = []
        for call in calls:
            name = call["name"]
            if call_key(call) in refused or (
                name in said and corrected_again(conversation, call, said[name])
            ):
                planned = planned_call(services.planners, messages, name)
                if planned and planned != call.get("args"):
                    call = {**call, "args": planned, "corrected": True}
            fixed.append(call)
        return fixed

    def corrected_again(
        conversation: dict[str, Any], call: dict[str, Any], earlier: list[str]
    ) -> bool:
        """The planners' checks find in `call` a problem they already reported this turn."""
        turn = {**conversation, "call": {"name": call["name"], "args": call.get("args") or {}}}
        problems = [escape_data(p) for p in services.planners.corrections(turn)]
        return any(problem in text for problem in problems for text in earlier)

    async def run_one(
        call: dict[str, Any],
        runtime: Runtime[Context],
        failures: dict[str, int],
        conversation: dict[str, Any],
    ) -> dict[str, Any]:
        name, args, call_id = call["name"], call.get("args") or {}, call["id"]
        corrected = call.get("corrected", False)
        emit = runtime.stream_writer
        safe_args = services.sanitizer.redact_value(args)
        meta = services.skills.meta(name)
        step = {"type": "step", "id": call_id, "name": name, "label": meta.progress_label}
        emit({**step, "status": "start", "args": safe_args})
        started = time.perf_counter()
        ctx = runtime.context or Context()
        write = None
        try:
            role = ctx.role
            if not tool_allowed(role, meta):  # defense in depth: the agent never binds it
                raise SkillCallError(REFUSED.format(tool=name, role=role))
            if call_id in ctx.maybe_ran and not meta.idempotent:  # reported, never run twice
                raise SkillCallError(MAYBE_RAN.format(tool=name))
            args, problems = checked_arguments(services.skills.tools, name, args)
            if services.checks and not problems and not failures.get(name):  # grounding: once
                turn = {**conversation, "call": {"name": name, "args": args}}
                problems = await asyncio.to_thread(services.planners.corrections, turn)
            if problems:
                raise SkillCallError(invalid_message(name, problems, failures.get(name, 0)))
            result = services.sanitizer.redact_value(await services.skills.dispatch(name, args))
            if is_write(result):  # only a request: honoured when the tool declared the entry
                owner = str(services.skills.skill_for(name))
                write = owned_write(meta, owner, result, role, ctx.persist)
            error = None
        except (SkillCallError, WriteRefusedError) as exc:
            result, error = None, services.sanitizer.redact(str(exc))
        except Exception as exc:
            result, error = None, UNEXPECTED_ERROR.format(tool=name, kind=type(exc).__name__)
        ms = round((time.perf_counter() - started) * 1000, 1)
        if error is not None:
            emit({**step, "status": "error", "summary": error, "ms": ms})
            message = ToolMessage(
                wrap_error(name, TOOL_ERROR.format(message=error)),
                tool_call_id=call_id,
                name=name,
                status="error",
            )
            return {
                "message": message,
                "outcome": {
                    "tool": name,
                    "skill": services.skills.skill_for(name),
                    "args": safe_args,
                    "error": error,
                },
            }
        emit({**step, "status": "end", "summary": meta.summarize(result), "ms": ms})
        source = f"{services.skills.skill_for(name)}.{name}"
        text = wrap_external(source, meta.model_text(result))
        if corrected:
            text = CORRECTED.format(args=json.dumps(safe_args)) + "\n" + text
        message = ToolMessage(  # the model reads the compact view; the graph keeps the result
            text,
            tool_call_id=call_id,
            name=name,
            artifact=result,
        )
        outcome = {
            "tool": name,
            "skill": services.skills.skill_for(name),
            "args": safe_args,
            "result": result,
            "remember": meta.remember,
        }
        record: dict[str, Any] = {"message": message, "outcome": outcome}
        if isinstance(result, dict) and meta.renders != NO_CARD:
            data = {**result, "type": meta.renders}
            emit({"type": "data", "data": data})
            record["data"] = data
        if write is not None:
            record["write"] = write
        return record

    def declined(call: dict[str, Any], question: str, runtime: Runtime[Context]) -> dict[str, Any]:
        name, call_id = call["name"], call["id"]
        text = DECLINED.format(question=question)
        label = services.skills.meta(name).progress_label
        step = {"type": "step", "id": call_id, "name": name, "label": label}
        runtime.stream_writer({**step, "status": "error", "summary": text})
        message = ToolMessage(text, tool_call_id=call_id, name=name, status="error")
        args = services.sanitizer.redact_value(call.get("args") or {})
        outcome = {"tool": name, "skill": services.skills.skill_for(name), "args": args}
        return {"message": message, "outcome": {**outcome, "error": text, "declined": True}}

    async def confirm_changes(
        records: list[dict[str, Any]],
        calls: list[dict[str, Any]],
        asked: set[str],
        runtime: Runtime[Context],
    ) -> None:
        """A write that deletes or changes a remembered entry waits for a yes (unless its tool
        already asked); a no drops the write and tells the model so."""
        memory, ctx = services.memory, runtime.context or Context()
        if memory is None or not ctx.persist:
            return
        changing = []
        for index, (record, call) in enumerate(zip(records, calls, strict=True)):
            if "write" not in record or call["id"] in asked:
                continue
            old = await memory.current_value(ctx.user_id, record["write"])
            if question := destructive_question(record["write"], old):
                args = services.sanitizer.redact_value(call.get("args") or {})
                pending = {"call_id": call["id"], "tool": call["name"], "args": args}
                changing.append((index, {**pending, "question": question}))
        if not changing or ask([p for _, p in changing]):
            return
        for index, pending in changing:
            records[index] = declined(calls[index], pending["question"], runtime)

    async def tools(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        messages = state.get("messages") or []
        last = messages[-1]
        conversation = conversation_for_checks(messages)
        calls = [dict(c) for c in last.tool_calls] if isinstance(last, AIMessage) else []
        refusals = refusals_this_turn(messages)
        if services.checks:
            calls = await asyncio.to_thread(as_corrected, messages, calls, conversation, refusals)
        failures = {name: len(texts) for name, texts in refusals.items()}
        pending = confirmations(services, (runtime.context or Context()).role, calls)
        refused = {} if not pending or ask(pending) else {p["call_id"]: p for p in pending}

        async def one(call: dict[str, Any]) -> dict[str, Any]:
            if call["id"] in refused:
                return declined(call, refused[call["id"]]["question"], runtime)
            return await run_one(call, runtime, failures, conversation)

        records = list(await asyncio.gather(*(one(c) for c in calls)))
        asked = {p["call_id"] for p in pending}
        await confirm_changes(records, calls, asked, runtime)
        return {
            "messages": [r["message"] for r in records],
            "iterations": state.get("iterations", 0) + 1,
            "results": [r["data"] for r in records if "data" in r],
            "memory_writes": [r["write"] for r in records if "write" in r],
            "tool_outcomes": [r["outcome"] for r in records],
        }

    return tools
