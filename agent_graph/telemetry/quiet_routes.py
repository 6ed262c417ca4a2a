"""Polls are not turns: a request to a route TRACE_QUIET_ROUTES lists (`GET /alerts`, the web
UI's sessions and inbox, the CLI's job polls…: Settings.quiet_routes) starts no trace of its
own, so the viewer lists turns. A sampler decides it at the request span's start, from the method and path FastAPI gives
it; the spans inside such a request are dropped with it. Metrics are recorded all the same."""

from __future__ import annotations

from collections.abc import Sequence
from fnmatch import fnmatchcase

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.sdk.trace.sampling import Decision, Sampler, SamplingResult
from opentelemetry.trace import Link, SpanKind, TraceState
from opentelemetry.util.types import Attributes


class QuietRoutes(Sampler):
    """Drops a request to a quiet route that is a trace's root, and every span under a span
    that was dropped; asks `inner` for everything else."""

    def __init__(self, inner: Sampler, routes: list[tuple[str, str]]) -> None:
        self.inner = inner
        self.routes = routes

    def should_sample(
        self,
        parent_context: otel_context.Context | None,
        trace_id: int,
        name: str,
        kind: SpanKind | None = None,
        attributes: Attributes = None,
        links: Sequence[Link] | None = None,
        trace_state: TraceState | None = None,
    ) -> SamplingResult:
        parent = trace.get_current_span(parent_context).get_span_context()
        under_dropped = parent.is_valid and not parent.is_remote and not parent.trace_flags.sampled
        if under_dropped or (not parent.is_valid and self._quiet(kind, attributes)):
            return SamplingResult(Decision.DROP, None, _state(parent))
        return self.inner.should_sample(
            parent_context, trace_id, name, kind, attributes, links, trace_state
        )

    def _quiet(self, kind: SpanKind | None, attributes: Attributes) -> bool:
        if kind is not SpanKind.SERVER or not attributes:
            return False
        method = str(attributes.get("http.request.method") or "")
        path = str(attributes.get("url.path") or "")
        return any(method == m and fnmatchcase(path, p) for m, p in self.routes)

    def get_description(self) -> str:
        return f"QuietRoutes{{{self.inner.get_description()}}}"


def _state(parent: trace.SpanContext) -> TraceState | None:
    return parent.trace_state if parent.is_valid else None
