"""`execute_tool {tool}` spans around skill calls (and calls refused before their skill), and
spans for memory recalls."""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from opentelemetry import trace
from opentelemetry.propagate import inject
from opentelemetry.trace import Span, SpanKind, Status, StatusCode

from agent_graph.telemetry import instruments, setup
from agent_graph.telemetry.attributes import KIND, content, size, turn_attributes

tracer = trace.get_tracer("propsearch.tools")
F = TypeVar("F", bound=Callable[..., Any])


def _outcome(error: BaseException) -> str:
    """timeout / error: what a failed call's message says it was; cancelled: it was stopped."""
    if not isinstance(error, Exception):
        return "cancelled"
    return "timeout" if "timed out" in str(error) else "error"


def _attributes(tool: str, skill: str | None, params: dict[str, Any]) -> dict[str, Any]:
    return {
        KIND: "TOOL",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool,
        "tool.name": tool,
        "propsearch.skill": skill or "",
        "propsearch.tool.arguments.bytes": size(params),
        **turn_attributes(),
    }


def _start(tool: str, skill: str | None, params: dict[str, Any], **kw: Any) -> Span:
    span = tracer.start_span(f"execute_tool {tool}", kind=SpanKind.INTERNAL, **kw)
    span.set_attributes(_attributes(tool, skill, params))
    if (text := content.text(params)) is not None:
        span.set_attribute("gen_ai.tool.call.arguments", text)
        span.set_attribute("input.value", text)
    return span


@asynccontextmanager
async def tool_span(
    tool: str,
    skill: str | None,
    params: dict[str, Any],
    attributes: dict[str, Any],
    confirmed: bool = False,
) -> AsyncIterator[Span]:
    """One skill call: skill, backend, isolation, arguments' size, outcome and duration (the
    duration metric also while only metrics are recorded); `confirmed`: it runs after the
    user's yes (outcome `confirmed` rather than `ok`)."""
    if not setup.recording():
        yield trace.INVALID_SPAN
        return
    span = _start(tool, skill, params) if setup.active() else trace.INVALID_SPAN
    span.set_attributes({k: v for k, v in attributes.items() if v is not None})
    started, outcome = time.perf_counter(), "confirmed" if confirmed else "ok"
    try:
        with trace.use_span(span, end_on_exit=False, record_exception=False):
            yield span
    except BaseException as exc:  # cancelled too: the turn stopped, or its replica
        outcome = _outcome(exc)
        span.set_status(Status(StatusCode.ERROR, type(exc).__name__))
        span.set_attribute("error.type", type(exc).__name__)
        raise
    finally:
        span.set_attribute("propsearch.tool.outcome", outcome)
        span.end()
        labels = {"gen_ai.tool.name": tool, "propsearch.tool.outcome": outcome}
        instruments.tool_duration().record(time.perf_counter() - started, labels)


def refused_call(
    tool: str, skill: str | None, params: dict[str, Any], reason: str, started_ns: int
) -> None:
    """A call stopped before its skill (`reason`: role, maybe_ran, arguments, declined): an
    `execute_tool` span of outcome `refused` all the same, from `started_ns` to now."""
    if not setup.recording():
        return
    labels = {"gen_ai.tool.name": tool, "propsearch.tool.outcome": "refused"}
    instruments.tool_duration().record((time.time_ns() - started_ns) / 1e9, labels)
    if not setup.active():
        return
    span = _start(tool, skill, params, start_time=started_ns)
    span.set_attributes({"propsearch.tool.outcome": "refused", "propsearch.tool.refusal": reason})
    span.end()


def trace_headers() -> dict[str, str]:
    """W3C `traceparent` (and `tracestate`) of the current span, for a request it makes."""
    headers: dict[str, str] = {}
    inject(headers)
    return headers


def recall_span(layer: str) -> Callable[[F], F]:
    """A memory recall under a RETRIEVER span: the layer, how many items, how long."""

    def wrap(recall: F) -> F:
        @functools.wraps(recall)
        async def traced(*args: Any, **kwargs: Any) -> Any:
            if not setup.active():
                return await recall(*args, **kwargs)
            with tracer.start_as_current_span(f"recall {layer}") as span:
                span.set_attributes({KIND: "RETRIEVER", "propsearch.memory.layer": layer})
                found = await recall(*args, **kwargs)
                span.set_attribute("propsearch.memory.items", len(found))
                return found

        return traced  # type: ignore[return-value]

    return wrap
