"""What a tool call leaves behind (`record_of` its request and result): its step on the
stream, the model's ToolMessage and the turn's outcome record, for data, an error or a
declined call. A failed step's summary is a person's words for the kind of failure
(skills/model/failures.py); the error's own text is the model's only."""

from __future__ import annotations

import json
import time
from typing import Any

from langchain_core.messages import ToolMessage

from agent_graph.events import DataEvent, StepEvent, StepStatus
from agent_graph.graph.tool_calls.records import ToolError, ToolRecord, ToolRequest, ToolResult
from agent_graph.security.sanitizer import wrap_error, wrap_external
from agent_graph.skills.model.failures import Failure
from agent_graph.skills.model.metadata import NO_CARD

TOOL_ERROR = "Error: {message}"
DECLINED = "Cancelled: the user declined ({question}), so nothing was changed."
CORRECTED = (
    "Sent again without the correction, so it ran as the skill corrected it: {args}. "
    "Call it again with other arguments if the user meant something else."
)


def step_of(request: ToolRequest, status: StepStatus, **details: Any) -> StepEvent:
    """The stream's step event for this call: its `status` and `details` (summary, ms, args)."""
    label = request.meta.progress_label
    event = StepEvent(id=request.call_id, name=request.name, label=label, status=status, **details)
    return event


def failed(request: ToolRequest, error: ToolError, ms: float) -> ToolRecord:
    """The record of a call that did not run, or failed: the model reads the error's text, the
    person its kind in words."""
    shown = request.meta.shown(error.failure)
    request.run.emit(step_of(request, "error", summary=shown, ms=ms))
    message = ToolMessage(
        wrap_error(request.name, TOOL_ERROR.format(message=error.text)),
        tool_call_id=request.call_id,
        name=request.name,
        status="error",
    )
    outcome = {"tool": request.name, "skill": request.skill, "args": request.safe_args}
    return ToolRecord(message, {**outcome, "error": error.text})


def record_of(request: ToolRequest, result: ToolResult) -> ToolRecord:
    """What the call of `request` leaves, from its `result`."""
    ms = round((time.time_ns() - request.started_ns) / 1e6, 1)
    if result.error is None:
        record = succeeded(request, result.data, ms)
        record.write = result.write
        return record
    if result.error.reason == "declined":
        return declined(request, result.error.text)
    return failed(request, result.error, ms)


def declined(request: ToolRequest, text: str) -> ToolRecord:
    """The record of a call the user said no to: nothing ran, and the model is told so."""
    request.run.emit(step_of(request, "error", summary=request.meta.shown(Failure.DECLINED)))
    message = ToolMessage(text, tool_call_id=request.call_id, name=request.name, status="error")
    outcome = {"tool": request.name, "skill": request.skill, "args": request.safe_args}
    return ToolRecord(message, {**outcome, "error": text, "declined": True})


def succeeded(request: ToolRequest, result: Any, ms: float) -> ToolRecord:
    """The record of a call that ran: the model reads the compact view, the graph keeps the
    result, and a result that renders as a card is streamed as data."""
    meta, emit = request.meta, request.run.emit
    summary = meta.summarize(result)
    emit(step_of(request, "end", ms=ms, **({"summary": summary} if summary else {})))
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
        emit(DataEvent(data=record.data))
    return record
