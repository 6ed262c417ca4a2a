"""`invoke_agent`: one span per run, whatever entry point started it, made current around each
step of the turn so that the graph's spans (graph_spans.py) and skill calls join it."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator

from opentelemetry import context, trace
from opentelemetry.trace import Span, Status, StatusCode

from agent_graph.events import ConfirmEvent, DoneEvent, ErrorEvent, Event, TokenEvent
from agent_graph.telemetry import instruments, setup
from agent_graph.telemetry.attributes import (
    AGENT_NAME,
    KIND,
    TurnIds,
    content,
    current_turn,
    hashed_user,
)
from agent_graph.turn_request import TurnRequest

tracer = trace.get_tracer("propsearch.runs")


def _trace_id(run_id: str) -> int | None:
    """A run id of 32 hex digits is its trace id: a takeover elsewhere lands in the same trace."""
    try:
        return int(run_id, 16) if len(run_id) == 32 else None
    except ValueError:
        return None


def _start(run_id: str, ids: TurnIds, role: str, taken_over: bool) -> Span:
    request = trace.get_current_span().get_span_context()  # the HTTP request that started it
    links = [trace.Link(request)] if request.is_valid else []
    wanted = setup.next_trace_id.set(_trace_id(run_id))
    try:
        span = tracer.start_span(
            f"invoke_agent {AGENT_NAME}", context=context.Context(), links=links
        )
    finally:
        setup.next_trace_id.reset(wanted)
    span.set_attributes(
        {
            KIND: "AGENT",
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": AGENT_NAME,
            "propsearch.run.id": run_id,
            "propsearch.role": role,
            "propsearch.run.taken_over": taken_over,
            **ids.attributes(),
        }
    )
    return span


def _outcome(outcome: str, event: Event) -> str:
    if isinstance(event, ErrorEvent):
        return "error"
    if isinstance(event, ConfirmEvent):
        return "paused"
    return outcome


def traced_run(
    turn: AsyncIterator[Event],
    run_id: str,
    request: TurnRequest,
    taken_over: bool = False,
) -> AsyncIterator[Event]:
    """`turn`'s events, under a run span while tracing is on, timed while metrics are
    recorded (traced or not), `turn` itself while neither. The request's `confirm` is the
    user's answer the run resumes with, if any."""
    if not setup.recording():
        return turn
    if taken_over:
        instruments.runs_taken_over().add(1)
    approved = bool(request.confirm and request.confirm.get("approve"))
    ids = TurnIds(request.session_id, hashed_user(request.user), approved)
    return _traced(turn, run_id, ids, request.role, request.message, taken_over)


async def _traced(
    turn: AsyncIterator[Event],
    run_id: str,
    ids: TurnIds,
    role: str,
    message: str | None,
    taken_over: bool,
) -> AsyncIterator[Event]:
    span = _start(run_id, ids, role, taken_over) if setup.active() else trace.INVALID_SPAN
    span.set_attribute("propsearch.input.chars", len(message or ""))
    if (text := content.text(message or "")) is not None:
        span.set_attribute("input.value", text)
    started, outcome, answer = time.perf_counter(), "ok", []
    ambient = trace.set_span_in_context(span)
    try:
        async with contextlib.aclosing(turn):  # type: ignore[type-var]
            while True:
                token, turn_token = context.attach(ambient), current_turn.set(ids)
                try:
                    event = await anext(turn)
                except StopAsyncIteration:
                    break
                finally:
                    current_turn.reset(turn_token)
                    context.detach(token)
                outcome = _outcome(outcome, event)
                if isinstance(event, TokenEvent):
                    answer.append(event.content)
                if isinstance(event, DoneEvent) and role == "admin":  # the operator's viewer
                    event = _with_link(event, span)
                yield event
    except BaseException as exc:
        outcome = "cancelled" if not isinstance(exc, Exception) else "error"
        raise
    finally:
        _finish(span, outcome, "".join(answer), time.perf_counter() - started)


def turn_started(waited_s: float) -> None:
    """A run's turn holds its session now, after `waited_s` in the queue (behind the session's
    turn ahead, or a dead replica's lock): on the run span and in `propsearch.turn.queue_wait`."""
    if not setup.recording():
        return
    trace.get_current_span().set_attribute("propsearch.turn.queue_wait_s", round(waited_s, 6))
    instruments.turn_queue_wait().record(waited_s)


def _with_link(event: DoneEvent, span: Span) -> DoneEvent:
    link = setup.trace_link(format(span.get_span_context().trace_id, "032x"))
    return event.model_copy(update={"trace_url": link}) if link else event


def _finish(span: Span, outcome: str, answer: str, seconds: float) -> None:
    span.set_attribute("propsearch.turn.outcome", outcome)
    span.set_attribute("propsearch.output.chars", len(answer))
    if (text := content.text(answer)) is not None:
        span.set_attribute("output.value", text)
    if outcome == "error":
        span.set_status(Status(StatusCode.ERROR))
    span.end()
    instruments.turn_duration().record(seconds, {"propsearch.turn.outcome": outcome})
