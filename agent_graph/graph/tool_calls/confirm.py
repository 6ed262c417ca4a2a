"""Calls that wait for the user's yes. A tool with `confirm` metadata asks before anything of its
round runs (one LangGraph `interrupt` for all of them, before any call dispatches: the tools node
re-runs from the top on resume, and nothing had run). A write that deletes or changes a
remembered entry, or a new entry proposed after tool output in the same turn, can only be known
once its call ran: it is held, and asked after the round's results are checkpointed, by the
confirm_writes node (a resume re-enters that node, never the dispatching one). A no is told to
the model."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, ToolMessage
from langgraph.types import interrupt

from agent_graph.events import Emit, StepEvent
from agent_graph.graph.services import Services
from agent_graph.graph.tool_calls.outcomes import DECLINED
from agent_graph.graph.tool_calls.records import ToolRecord, ToolRequest, ToolRun
from agent_graph.memory.write_policy import destructive_question
from agent_graph.planning.view import TurnView
from agent_graph.security.roles import tool_allowed
from agent_graph.skills.model.failures import Failure

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
    services: Services, role: str, calls: list[dict[str, Any]], turn: TurnView | None = None
) -> list[dict[str, Any]]:
    """The calls that need a yes first: allowed for the role and with `confirm` metadata; the
    question in the words of the tool's planner when it has them (`turn`), else the template's."""
    found = []
    for call in calls:
        meta = services.skills.meta(call["name"])
        template = meta.confirm
        if template and tool_allowed(role, meta):
            args = services.sanitizer.redact_value(call.get("args") or {})
            worded = turn and services.planners.question(turn.with_call(call["name"], args))
            question = services.sanitizer.redact(worded) if worded else question_for(template, args)
            found.append(
                {"call_id": call["id"], "tool": call["name"], "args": args, "question": question}
            )
    return found


async def asked(
    services: Services, role: str, calls: list[dict[str, Any]], turn: TurnView
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The round's calls that need a yes, asked together before any of the round dispatches
    (the graph pauses here), and the question of each the user said no to, by call id."""
    if not any(services.skills.meta(str(call["name"])).confirm for call in calls):
        return [], {}
    # the planners word the questions: an IPC call, off the event loop
    pending = await asyncio.to_thread(confirmations, services, role, calls, turn)
    if not pending or ask(pending):
        return pending, {}
    return pending, {p["call_id"]: p["question"] for p in pending}


def ask(pending: list[dict[str, Any]]) -> bool:
    """Pause the graph with one question for every pending call; True when approved."""
    first = pending[0]
    question = first["question"]
    if len(pending) > 1:
        question = f"{len(pending)} changes: " + " ".join(p["question"] for p in pending)
    value = {"question": question, "tool": first["tool"], "args": first["args"], "calls": pending}
    return approved(interrupt(value))


def tool_output_this_turn(messages: Sequence[BaseMessage]) -> bool:
    """Whether a tool's output came back earlier in this turn (since the user's last message):
    the calls being made now may follow what it said."""
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            return False
        if isinstance(message, ToolMessage):
            return True
    return False


async def writes_awaiting_yes(
    run: ToolRun,
    records: list[ToolRecord],
    requests: list[ToolRequest],
    confirmed_calls: set[str],
    after_output: bool = False,
) -> list[dict[str, Any]]:
    """The writes of a round that ran which wait for a yes: one that deletes or changes a
    remembered entry, unless its call is one of `confirmed_calls` (its tool's own confirmation
    came first), and a new one `after_output` (tool_output_this_turn). Each is taken out of its
    record and held, with its outcome, for the confirm_writes node, which asks after this
    round's results are checkpointed (a resume never dispatches the round again)."""
    memory, ctx = run.services.memory, run.context
    if memory is None or not ctx.persist:
        return []
    held = []
    for record, request in zip(records, requests, strict=True):
        if record.write is None or request.call_id in confirmed_calls:
            continue
        old = await memory.current_value(ctx.user_id, record.write)
        if question := destructive_question(record.write, old, after_output):
            record.message.id = record.message.id or str(uuid.uuid4())
            held.append(_held(request, record, question))
            record.write = None
    return held


def _held(request: ToolRequest, record: ToolRecord, question: str) -> dict[str, Any]:
    return {
        "call_id": request.call_id,
        "tool": request.name,
        "args": request.safe_args,
        "question": question,
        "write": record.write,
        "outcome": record.outcome,
        "message_id": record.message.id,
    }


def ask_held(held: list[dict[str, Any]]) -> bool:
    """One question for every held write (the user sees the calls, never the writes)."""
    return ask([{k: h[k] for k in ("call_id", "tool", "args", "question")} for h in held])


def declined_write(services: Services, emit: Emit, held: dict[str, Any]) -> ToolRecord:
    """A held write the user said no to: dropped, and its call's result replaced (same message
    id) by the model's note that nothing was changed."""
    call_id, tool = held["call_id"], held["tool"]
    text = DECLINED.format(question=held["question"])
    meta = services.skills.meta(tool)
    shown = meta.shown(Failure.DECLINED)
    step = StepEvent(
        id=call_id, name=tool, label=meta.progress_label, status="error", summary=shown
    )
    emit(step)
    message = ToolMessage(
        text, id=held["message_id"], tool_call_id=call_id, name=tool, status="error"
    )
    outcome = {k: held["outcome"].get(k) for k in ("tool", "skill", "args")}
    return ToolRecord(message, {**outcome, "error": text, "declined": True})
