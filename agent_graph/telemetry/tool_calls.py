"""`execute_tool {tool}` spans around skill calls, and spans for memory recalls."""

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
from agent_graph.telemetry.attributes import (
    KIND,
    content,
    current_turn,
    size,
    turn_attributes,
)

tracer = trace.get_tracer("propsearch.tools")
F = TypeVar("F", bound=Callable[..., Any])


def _outcome(error: BaseException) -> str:
    """timeout / error: what a failed call's message says it was."""
    return "timeout" if "timed out" in str(error) else "error"


@asynccontextmanager
async def tool_span(
    tool: str, skill: str, params: dict[str, Any], attributes: dict[str, Any]
) -> AsyncIterator[Span]:
    """One skill call: skill, backend, isolation, arguments' size, outcome and duration."""
    if not setup.active():
        yield trace.INVALID_SPAN
        return
    span = tracer.start_span(f"execute_tool {tool}", kind=SpanKind.INTERNAL)
    span.set_attributes(
        {
            KIND: "TOOL",
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": tool,
            "tool.name": tool,
            "propsearch.skill": skill,
            "propsearch.tool.arguments.bytes": size(params),
            **{k: v for k, v in attributes.items() if v is not None},
            **turn_attributes(),
        }
    )
    if (text := content.text(params)) is not None:
        span.set_attribute("gen_ai.tool.call.arguments", text)
        span.set_attribute("input.value", text)
    turn = current_turn.get()
    started, outcome = time.perf_counter(), "confirmed" if turn and turn.approved else "ok"
    try:
        with trace.use_span(span, end_on_exit=False, record_exception=False):
            yield span
    except Exception as exc:
        outcome = _outcome(exc)
        span.set_status(Status(StatusCode.ERROR, type(exc).__name__))
        span.set_attribute("error.type", type(exc).__name__)
        raise
    finally:
        span.set_attribute("propsearch.tool.outcome", outcome)
        span.end()
        labels = {"gen_ai.tool.name": tool, "propsearch.tool.outcome": outcome}
        instruments.tool_duration().record(time.perf_counter() - started, labels)


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
            with tracer.start_as_current_span(f"recall {layer}") as span:
                span.set_attributes({KIND: "RETRIEVER", "propsearch.memory.layer": layer})
                found = await recall(*args, **kwargs)
                span.set_attribute("propsearch.memory.items", len(found))
                return found

        return traced  # type: ignore[return-value]

    return wrap
