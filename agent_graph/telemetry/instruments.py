"""The metrics PropSearch records, by their GenAI-convention names where one exists."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from opentelemetry import metrics
from opentelemetry.metrics import CallbackOptions, Counter, Histogram, Meter, Observation

TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576]
SECONDS_BUCKETS = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96]


def _meter() -> Meter:
    return metrics.get_meter("propsearch")


def _seconds(name: str, description: str) -> Histogram:
    return _meter().create_histogram(
        name, unit="s", description=description, explicit_bucket_boundaries_advisory=SECONDS_BUCKETS
    )


@cache
def token_usage() -> Histogram:
    """`gen_ai.client.token.usage`: tokens per model call, by `gen_ai.token.type`."""
    return _meter().create_histogram(
        "gen_ai.client.token.usage",
        unit="{token}",
        description="Tokens used by one model call",
        explicit_bucket_boundaries_advisory=TOKEN_BUCKETS,
    )


@cache
def operation_duration() -> Histogram:
    """`gen_ai.client.operation.duration`: one model call, start to last token."""
    return _seconds("gen_ai.client.operation.duration", "Duration of one model call")


@cache
def tool_duration() -> Histogram:
    """`gen_ai.execute_tool.duration`: one skill call, by tool and outcome (errors included)."""
    return _seconds("gen_ai.execute_tool.duration", "Duration of one tool call")


@cache
def turn_duration() -> Histogram:
    """`propsearch.turn.duration`: a whole run, queue wait included, by outcome."""
    return _seconds("propsearch.turn.duration", "Duration of one turn")


@cache
def turn_queue_wait() -> Histogram:
    """`propsearch.turn.queue_wait`: from a run's start to its turn holding the session."""
    return _seconds(
        "propsearch.turn.queue_wait", "Time a turn waited for the session's previous turn"
    )


@cache
def runs_taken_over() -> Counter:
    """`propsearch.runs.taken_over`: runs continued here after their replica died."""
    return _meter().create_counter("propsearch.runs.taken_over", unit="{run}")


@cache
def dropped_spans() -> Counter:
    """`propsearch.telemetry.dropped_spans`: spans the collector never got."""
    return _meter().create_counter("propsearch.telemetry.dropped_spans", unit="{span}")


def observe_pools(status: Callable[[], dict[str, dict[str, Any]]]) -> None:
    """`propsearch.skill.pool.ready` / `.size`: each skill's idle workers and pool size."""

    def observe(field: str) -> Callable[[CallbackOptions], Iterable[Observation]]:
        def read(options: CallbackOptions) -> Iterable[Observation]:
            return [
                Observation(int(s.get(field) or 0), {"propsearch.skill": name})
                for name, s in status().items()
            ]

        return read

    for field in ("ready", "size"):
        _meter().create_observable_gauge(
            f"propsearch.skill.pool.{field}", callbacks=[observe(field)], unit="{worker}"
        )
