"""Node and model-call spans from LangChain callbacks, hooked on the compiled graph from outside.

A root graph run becomes `invoke_agent` unless a run span is already current (server runs
start one, see runs.py); each graph node is a CHAIN span made current while it runs, so skill
calls and recalls inside it are its children; each chat model call is a `chat {model}` span.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import BaseMessage
from langchain_core.outputs import LLMResult
from opentelemetry import context, trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode

from agent_graph.telemetry import instruments
from agent_graph.telemetry.attributes import AGENT_NAME, KIND, content, turn_attributes
from agent_graph.telemetry.model_calls import ModelCall

tracer = trace.get_tracer("propsearch.graph")
_attached: ContextVar[UUID | None] = ContextVar("graph_span_attached", default=None)
"""A probe set beside each node span's attach: its reset tells whether a node ends in the
context it started in."""


def _same_context(probe: Token[UUID | None]) -> bool:
    """Whether this runs in the context the node's span was attached in. LangGraph may end a
    node from another task's copy of it, where OpenTelemetry's detach fails and logs a
    traceback (once per node: a cost and a flood of errors); there nothing is restored."""
    try:
        _attached.reset(probe)
    except (ValueError, RuntimeError):
        return False
    return True


class GraphSpans(BaseCallbackHandler):
    """Spans for graph runs, nodes and chat model calls, keyed by LangChain run id."""

    run_inline = True  # in the node's own task, so the node span can be made current there

    def __init__(self) -> None:
        self._spans: dict[UUID, tuple[Span, object | None]] = {}
        self._parents: dict[UUID, UUID | None] = {}
        self._calls: dict[UUID, ModelCall] = {}

    def _parent_span(self, parent_run_id: UUID | None) -> Span | None:
        """The span of the nearest ancestor run that has one."""
        while parent_run_id is not None:
            if parent_run_id in self._spans:
                return self._spans[parent_run_id][0]
            parent_run_id = self._parents.get(parent_run_id)
        return None

    def _start(self, name: str, run_id: UUID, parent_run_id: UUID | None, **kw: Any) -> Span:
        parent = self._parent_span(parent_run_id)
        ctx = trace.set_span_in_context(parent) if parent is not None else None
        return tracer.start_span(name, context=ctx, **kw)

    def on_chain_start(
        self,
        serialized: dict[str, Any] | None,
        inputs: Any,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        metadata: dict[str, Any] | None = None,
        name: str | None = None,
        **kwargs: Any,
    ) -> None:
        self._parents[run_id] = parent_run_id
        meta = metadata or {}
        node = meta.get("langgraph_node")
        if parent_run_id is None:
            self._start_root(run_id, meta, inputs)
        elif node and name == node:
            span = self._start(node, run_id, parent_run_id)
            span.set_attributes({KIND: "CHAIN", "langgraph.node": node, **turn_attributes()})
            token = context.attach(trace.set_span_in_context(span))
            self._spans[run_id] = (span, (token, _attached.set(run_id)))

    def _start_root(self, run_id: UUID, meta: dict[str, Any], inputs: Any) -> None:
        """A graph run not started by a server run (Studio, the bench): its own invoke_agent."""
        current = trace.get_current_span()
        if current.is_recording():  # the server's run span stands for it
            self._spans[run_id] = (current, None)
            return
        span = tracer.start_span(f"invoke_agent {AGENT_NAME}")
        thread = str(meta.get("thread_id") or "")
        span.set_attributes(
            {
                KIND: "AGENT",
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": AGENT_NAME,
                "gen_ai.conversation.id": thread,
                "session.id": thread,
            }
        )
        if (text := content.text(inputs)) is not None:
            span.set_attribute("input.value", text)
        self._spans[run_id] = (span, "own")

    def on_chain_end(self, outputs: Any, *, run_id: UUID, **kwargs: Any) -> None:
        self._end(run_id, None)

    def on_chain_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        self._end(run_id, error)

    def _end(self, run_id: UUID, error: BaseException | None) -> None:
        self._parents.pop(run_id, None)
        span, token = self._spans.pop(run_id, (None, None))
        if span is None or token is None:  # no span, or the server run's (it ends it)
            return
        if error is not None and type(error).__name__ != "GraphInterrupt":
            span.set_status(Status(StatusCode.ERROR, type(error).__name__))
            span.set_attribute("error.type", type(error).__name__)
        if isinstance(token, tuple) and _same_context(token[1]):
            context.detach(token[0])
        span.end()

    def on_chat_model_start(
        self,
        serialized: dict[str, Any] | None,
        messages: list[list[BaseMessage]],
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        metadata: dict[str, Any] | None = None,
        invocation_params: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        self._parents[run_id] = parent_run_id
        params = invocation_params or kwargs.get("invocation_params")
        call = ModelCall.begin(serialized or {}, metadata or {}, params)
        span = self._start(call.span_name, run_id, parent_run_id, kind=SpanKind.CLIENT)
        span.set_attributes({**call.request_attributes(), **turn_attributes()})
        call.record_input(span, messages)
        self._spans[run_id] = (span, "own")
        self._calls[run_id] = call

    def on_llm_new_token(self, token: Any, *, run_id: UUID, **kwargs: Any) -> None:
        call = self._calls.get(run_id)
        if call is not None and call.first_token_at is None:
            call.first_token_at = time.perf_counter()

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        call = self._calls.pop(run_id, None)
        span = self._spans.get(run_id, (None, None))[0]
        if call is not None and span is not None:
            call.record_output(span, response)
        self._end(run_id, None)

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        call = self._calls.pop(run_id, None)
        if call is not None:
            instruments.operation_duration().record(
                call.elapsed_s(), {**call.metric_attributes(), "error.type": type(error).__name__}
            )
        self._end(run_id, error)


@contextmanager
def step_span(name: str) -> Iterator[None]:
    """A part of a node's step as a CHAIN span of its own, current while it runs (its recalls
    and planner calls are its children): hydrate, inside the agent's first step of a turn.
    None where the node has no span (nothing is traced)."""
    if not trace.get_current_span().is_recording():
        yield
        return
    with tracer.start_as_current_span(name) as span:
        span.set_attributes({KIND: "CHAIN", **turn_attributes()})
        yield
