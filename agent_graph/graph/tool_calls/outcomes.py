"""What a tool call leaves behind: its step on the stream, the model's ToolMessage and the
turn's outcome record, for a result, an error or a declined call."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import ToolMessage

from agent_graph.events import DataEvent, StepEvent, StepStatus
from agent_graph.graph.tool_calls.records import ToolRecord, ToolRequest
from agent_graph.memory.write_policy import (
    GUEST,
    WriteRefusedError,
    is_write,
    may_remember,
    owned_write,
)
from agent_graph.security.sanitizer import wrap_error, wrap_external
from agent_graph.skills.model.metadata import NO_CARD
from agent_graph.storage.handoffs import HandoffRefusedError, checked_handoff, is_handoff

TOOL_ERROR = "Error: {message}"
NO_INBOX = "This server keeps no handoff inbox, so the request could not be passed on."
CORRECTED = (
    "Sent again without the correction, so it ran as the skill corrected it: {args}. "
    "Call it again with other arguments if the user meant something else."
)


def step_of(request: ToolRequest, status: StepStatus, **details: Any) -> dict[str, Any]:
    """The stream's step event for this call: its `status` and `details` (summary, ms, args)."""
    label = request.meta.progress_label
    event = StepEvent(id=request.call_id, name=request.name, label=label, status=status, **details)
    return event.as_dict()


def failed(request: ToolRequest, error: str, ms: float) -> ToolRecord:
    """The record of a call that did not run, or failed: the model reads the error."""
    request.run.emit(step_of(request, "error", summary=error, ms=ms))
    message = ToolMessage(
        wrap_error(request.name, TOOL_ERROR.format(message=error)),
        tool_call_id=request.call_id,
        name=request.name,
        status="error",
    )
    outcome = {"tool": request.name, "skill": request.skill, "args": request.safe_args}
    return ToolRecord(message, {**outcome, "error": error})


def written(request: ToolRequest, result: Any) -> dict[str, Any] | None:
    """The memory write a result asks for, honoured when the tool declared the entry
    (WriteRefusedError otherwise)."""
    if not is_write(result):
        return None
    context = request.run.context
    return owned_write(request.meta, str(request.skill), result, context.role, context.persist)


async def handed_off(request: ToolRequest, result: Any) -> None:
    """Keep a handoff result (a request for a person) in the inbox, from a tool that declares
    handoffs (and so asked first) and within the fields' limits; guests are refused, as a
    memory write would be (the tool is not theirs anyway)."""
    inbox, context = request.run.services.handoffs, request.run.context
    if not is_handoff(result):
        return
    if not may_remember(context.role, context.persist):
        raise WriteRefusedError(GUEST)
    if inbox is None:
        raise WriteRefusedError(NO_INBOX)
    try:
        checked_handoff(request.name, request.meta.handoff, result)
    except HandoffRefusedError as exc:
        raise WriteRefusedError(str(exc)) from None
    safe = request.run.services.sanitizer.redact_value(result)
    await inbox.receive(context.user_id, str(request.skill), safe)


def succeeded(request: ToolRequest, result: Any, ms: float) -> ToolRecord:
    """The record of a call that ran: the model reads the compact view, the graph keeps the
    result, and a result that renders as a card is streamed as data."""
    meta, emit = request.meta, request.run.emit
    emit(step_of(request, "end", summary=meta.summarize(result), ms=ms))
    text = wrap_external(f"{request.skill}.{request.name}", meta.model_text(result))
    if request.corrected:
        text = CORRECTED.format(args=json.dumps(request.safe_args)) + "\n" + text
    message = ToolMessage(text, tool_call_id=request.call_id, name=request.name, artifact=result)
    outcome = {
        "tool": request.name,
        "skill": request.skill,
        "args": request.safe_args,
        "result": result,
        "remember": meta.remember,
    }
    record = ToolRecord(message, outcome)
    if isinstance(result, dict) and meta.renders != NO_CARD:
        record.data = {**result, "type": meta.renders}
        emit(DataEvent(data=record.data).as_dict())
    return record
