"""Start (and stop) exporting: a tracer and a meter provider over OTLP/HTTP, from Settings."""

from __future__ import annotations

import atexit
import logging
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any

from opentelemetry import metrics, trace
from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.exporter.prometheus import PrometheusMetricReader
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import MetricReader, PeriodicExportingMetricReader
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider, sampling
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult
from opentelemetry.sdk.trace.id_generator import RandomIdGenerator

from agent_graph.config import Settings
from agent_graph.security.pseudonyms import deployment_key
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.telemetry import instruments
from agent_graph.telemetry.attributes import content, user_ids
from agent_graph.telemetry.quiet_routes import QuietRoutes

log = logging.getLogger(__name__)

EXPORT_TIMEOUT_S = 5.0
QUEUE_SPANS = 2048
"""Spans waiting for export; past that they are dropped (and counted), never waited for."""
METRICS_INTERVAL_MS = 15000

next_trace_id: ContextVar[int | None] = ContextVar("next_trace_id", default=None)
"""A run's own trace id (its run id), taken by the next root span started in this context."""

_providers: list[TracerProvider | MeterProvider] = []
_viewer: list[str] = []
"""TRACE_VIEWER_URL, when set."""
PHOENIX_TRACE = "/redirects/traces/{trace_id}"
"""Phoenix's address of a trace by its OpenTelemetry id (any project)."""


class RunIdGenerator(RandomIdGenerator):
    """Root spans of a run take the run's id as trace id, so a takeover continues the trace."""

    def generate_trace_id(self) -> int:
        wanted = next_trace_id.get()
        return wanted if wanted else super().generate_trace_id()


class CountingExporter(SpanExporter):
    """The OTLP exporter, counting the spans it could not deliver (the collector is down)."""

    def __init__(self, inner: SpanExporter) -> None:
        self.inner = inner

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        result = self.inner.export(spans)
        if result is not SpanExportResult.SUCCESS:
            instruments.dropped_spans().add(len(spans), {"reason": "export_failed"})
        return result

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self.inner.force_flush(timeout_millis)


def sampler(settings: Settings) -> sampling.Sampler:
    """OTEL_TRACES_SAMPLER's choice, less the requests to TRACE_QUIET_ROUTES (polls)."""
    return QuietRoutes(_chosen_sampler(settings), settings.quiet_routes)


def _chosen_sampler(settings: Settings) -> sampling.Sampler:
    ratio = sampling.TraceIdRatioBased(settings.otel_sampler_arg)
    base: dict[str, sampling.Sampler] = {
        "always_on": sampling.ALWAYS_ON,
        "always_off": sampling.ALWAYS_OFF,
        "traceidratio": ratio,
    }
    name = settings.otel_sampler.removeprefix("parentbased_")
    chosen = base[name]
    return sampling.ParentBased(chosen) if settings.otel_sampler.startswith("parent") else chosen


def _metric_readers(settings: Settings) -> list[MetricReader]:
    """OTLP every METRICS_INTERVAL_MS, and/or a Prometheus registry for GET /metrics."""
    readers: list[MetricReader] = []
    if "otlp" in settings.metrics_exporters:
        exporter = OTLPMetricExporter(
            endpoint=f"{settings.otel_endpoint}/v1/metrics", timeout=EXPORT_TIMEOUT_S
        )
        readers.append(
            PeriodicExportingMetricReader(exporter, export_interval_millis=METRICS_INTERVAL_MS)
        )
    if "prometheus" in settings.metrics_exporters:
        readers.append(PrometheusMetricReader())
    return readers


def active() -> bool:
    """Spans are being exported (configure found an endpoint)."""
    return any(isinstance(p, TracerProvider) for p in _providers)


def recording() -> bool:
    """Anything is being recorded: spans or metrics (else a turn is left as it is)."""
    return bool(_providers)


def trace_link(trace_id: str) -> str | None:
    """Where the viewer shows a trace: TRACE_VIEWER_URL with `{trace_id}` filled in, or
    Phoenix's redirect under it; None without a viewer (or while nothing is traced)."""
    if not _viewer or not active():
        return None
    template = _viewer[0] if "{trace_id}" in _viewer[0] else _viewer[0] + PHOENIX_TRACE
    return template.replace("{trace_id}", trace_id)


def redact_with(sanitizer: Sanitizer) -> None:
    """Captured content goes through `sanitizer`: the one stored turns go through."""
    content.sanitizer = sanitizer


def configure(settings: Settings) -> bool:
    """Export traces when an endpoint is set, metrics where OTEL_METRICS_EXPORTER says; True
    when spans are exported. Content is captured only as the settings say (off by default)."""
    content.capture = settings.trace_content
    if settings.pseudonym_secret:  # else the runtime sets the key it keeps (after its checks)
        user_ids.key = deployment_key(settings.pseudonym_secret, settings.memory_root)
    _viewer[:] = [settings.trace_viewer_url] if settings.trace_viewer_url else []
    if _providers:
        return active()
    resource = Resource.create({"service.name": settings.otel_service_name})
    if readers := _metric_readers(settings):
        meter_provider = MeterProvider(resource=resource, metric_readers=readers)
        metrics.set_meter_provider(meter_provider)
        _providers.append(meter_provider)
        atexit.register(meter_provider.shutdown)
    if settings.tracing_on:
        _start_tracing(settings, resource)
    return active()


def _start_tracing(settings: Settings, resource: Resource) -> None:
    """Spans batched to OTLP/HTTP on a background thread; log records get their ids."""
    endpoint = str(settings.otel_endpoint)
    tracer_provider = TracerProvider(
        resource=resource, sampler=sampler(settings), id_generator=RunIdGenerator()
    )
    exporter = OTLPSpanExporter(endpoint=f"{endpoint}/v1/traces", timeout=EXPORT_TIMEOUT_S)
    tracer_provider.add_span_processor(
        BatchSpanProcessor(CountingExporter(exporter), max_queue_size=QUEUE_SPANS)
    )
    trace.set_tracer_provider(tracer_provider)
    _providers.append(tracer_provider)
    atexit.register(tracer_provider.shutdown)
    logging.setLogRecordFactory(_with_trace_ids(logging.getLogRecordFactory()))
    log.info("exporting traces to %s", endpoint)


def flush() -> None:
    """Send what is queued now (bounded by the export timeout): at shutdown, or in a test."""
    for provider in _providers:
        provider.force_flush(int(EXPORT_TIMEOUT_S * 1000))


LOG_FORMAT = "%(levelname)s:%(name)s:%(message)s [trace_id=%(trace_id)s span_id=%(span_id)s]"
"""The log line format while tracing: each line names its turn's trace and span."""


def _with_trace_ids(make: Callable[..., logging.LogRecord]) -> Callable[..., logging.LogRecord]:
    """A log record factory whose records carry the current trace and span ids."""

    def record(*args: Any, **kwargs: Any) -> logging.LogRecord:
        made = make(*args, **kwargs)
        context = trace.get_current_span().get_span_context()
        made.trace_id = format(context.trace_id, "032x") if context.is_valid else "-"
        made.span_id = format(context.span_id, "016x") if context.is_valid else "-"
        return made

    return record
