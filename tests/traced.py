"""Telemetry recorded in memory for in-process tests: the SDK's own tracer and meter providers
(the RunIdGenerator as in production) with an in-memory span exporter and metric reader,
switched on for one test and off after it.

OpenTelemetry's global providers can be set once per process, so they are made once and only
their membership in `setup`'s providers (what `setup.active()` / `setup.recording()` read) is
switched per test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from opentelemetry import metrics, trace
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from agent_graph.config import Settings
from agent_graph.telemetry import setup


@dataclass
class Recorded:
    tracer_provider: TracerProvider
    spans: InMemorySpanExporter
    meter_provider: MeterProvider
    reader: InMemoryMetricReader

    def finished(self) -> list[ReadableSpan]:
        return list(self.spans.get_finished_spans())

    def points(self, name: str) -> list[tuple[dict[str, Any], Any]]:
        """(attributes, data point) of metric `name` recorded so far (cumulative)."""
        found: list[tuple[dict[str, Any], Any]] = []
        data = self.reader.get_metrics_data()
        for resource in data.resource_metrics if data else []:
            for scope in resource.scope_metrics:
                for metric in scope.metrics:
                    if metric.name == name:
                        found += [(dict(p.attributes or {}), p) for p in metric.data.data_points]
        return found

    def count(self, name: str, **attributes: Any) -> int:
        """How many values of histogram `name` (or the counter's sum) carry `attributes`."""
        total = 0
        for labels, point in self.points(name):
            if all(labels.get(k.replace("__", ".")) == v for k, v in attributes.items()):
                total += int(getattr(point, "count", None) or getattr(point, "value", 0))
        return total


@cache
def _recorded() -> Recorded:
    spans = InMemorySpanExporter()
    sampler = setup.sampler(Settings())  # as in production: polls start no trace
    tracer_provider = TracerProvider(sampler=sampler, id_generator=setup.RunIdGenerator())
    tracer_provider.add_span_processor(SimpleSpanProcessor(spans))
    trace.set_tracer_provider(tracer_provider)
    assert trace.get_tracer_provider() is tracer_provider, "another test set the global provider"
    reader = InMemoryMetricReader()
    meter_provider = MeterProvider(metric_readers=[reader])
    metrics.set_meter_provider(meter_provider)
    return Recorded(tracer_provider, spans, meter_provider, reader)


@contextmanager
def recording(traces: bool = True) -> Iterator[Recorded]:
    """Spans (unless `traces` is False) and metrics recorded in memory for the block; what
    earlier blocks recorded is not in `finished()` (metrics are cumulative: compare counts)."""
    recorded = _recorded()
    recorded.spans.clear()
    added = [recorded.meter_provider] + ([recorded.tracer_provider] if traces else [])
    setup._providers.extend(added)
    try:
        yield recorded
    finally:
        for provider in added:
            setup._providers.remove(provider)
