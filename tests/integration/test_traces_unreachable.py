"""A collector nobody answers at: turns still run and answer, the spans that could not be
delivered are counted, and the count is on the Prometheus `/metrics` page."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.servers import ServerProcess, free_port, free_port_window, sse_events, start_server
from tests.skill_env import ensure_skill_envs

DROPPED = re.compile(r"^propsearch_telemetry_dropped_spans\w*\{[^}]*\} (\d+(?:\.\d+)?)$", re.M)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ensure_skill_envs()
    running = start_server(
        tmp_path_factory.mktemp("unreachable") / "memory",
        free_port_window(),
        OTEL_EXPORTER_OTLP_ENDPOINT=f"http://127.0.0.1:{free_port()}",  # nothing listens
        OTEL_METRICS_EXPORTER="prometheus",
        OTEL_BSP_SCHEDULE_DELAY="100",
    )
    yield running
    running.stop()


def dropped(server: ServerProcess) -> float:
    page = httpx.get(f"{server.url}/metrics", timeout=10)
    assert page.status_code == 200 and "text/plain" in page.headers["content-type"]
    return sum(float(n) for n in DROPPED.findall(page.text))


def test_turns_answer_and_undelivered_spans_are_counted(server: ServerProcess) -> None:
    body = {"message": "find me a 3-bed house in Austin under $500k"}
    with httpx.stream("POST", f"{server.url}/chat/stream", json=body, timeout=120) as response:
        events = sse_events(response.iter_lines())
    assert [e["type"] for e in events if e["type"] in ("error", "done")] == ["done"]
    assert any(e["type"] == "data" for e in events)
    count = 0.0
    for _ in range(300):  # the exporter gives up on a batch after its timeout, off the turn
        count = dropped(server)
        if count:
            break
        time.sleep(0.2)
    assert count > 0


def test_metrics_name_the_turns_and_tool_calls(server: ServerProcess) -> None:
    page = httpx.get(f"{server.url}/metrics", timeout=10).text
    assert "propsearch_turn_duration_seconds_count" in page
    assert "propsearch_turn_queue_wait_seconds_count" in page
    assert "gen_ai_execute_tool_duration_seconds_count" in page
    assert re.search(
        r'^propsearch_skill_pool_size\{[^}]*propsearch_skill="real_estate"', page, re.M
    )


def test_metrics_alone_count_turns_without_tracing(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """OTEL_TRACES_EXPORTER=none, metrics on /metrics only: turns, their queue wait and skill
    calls are counted all the same, and no span is exported (nothing counts as dropped)."""
    ensure_skill_envs()
    server = start_server(
        tmp_path_factory.mktemp("metrics-only") / "memory",
        free_port_window(),
        OTEL_EXPORTER_OTLP_ENDPOINT=f"http://127.0.0.1:{free_port()}",
        OTEL_TRACES_EXPORTER="none",
        OTEL_METRICS_EXPORTER="prometheus",
    )
    try:
        body = {"message": "find me a 3-bed house in Austin under $500k"}
        with httpx.stream("POST", f"{server.url}/chat/stream", json=body, timeout=120) as response:
            assert sse_events(response.iter_lines())[-1]["type"] == "done"
        page = httpx.get(f"{server.url}/metrics", timeout=10).text
    finally:
        server.stop()
    turns = re.search(
        r'^propsearch_turn_duration_seconds_count\{[^}]*"ok"[^}]*\} (\S+)$', page, re.M
    )
    assert turns and float(turns.group(1)) == 1
    assert re.search(r"^propsearch_turn_queue_wait_seconds_count\S* 1\.0$", page, re.M)
    assert 'propsearch_tool_outcome="ok"' in page and "gen_ai_execute_tool_duration" in page
    assert not DROPPED.findall(page)
