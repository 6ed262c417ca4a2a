"""Traces of turns, not of polls (issue 47, item 8): the real app in process, its spans recorded
by an in-memory exporter under the production sampler (tests/traced.py). A poll (`GET /alerts`,
`/sessions`, `/handoffs`) starts no trace; a turn does, and its chat span counts tokens on the
offline model too. TRACE_QUIET_ROUTES says which requests are polls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from opentelemetry import context, trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import NonRecordingSpan, SpanContext, SpanKind, TraceFlags
from pydantic import ValidationError

from agent_graph.config import Settings
from agent_graph.telemetry import setup
from api import create_app
from tests.servers import free_port_window, stream_turn
from tests.skill_env import ensure_skill_envs
from tests.traced import Recorded, recording


@pytest.fixture(scope="module")
def traced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Recorded]]:
    ensure_skill_envs()
    root: Path = tmp_path_factory.mktemp("memory")
    settings = Settings(memory_root=root, host_port_start=free_port_window(), agent_model="offline")
    with (
        recording() as recorded,
        TestClient(create_app(settings), base_url="http://localhost") as client,
    ):
        yield client, recorded


def test_polls_start_no_trace(traced: tuple[TestClient, Recorded]) -> None:
    client, recorded = traced
    recorded.spans.clear()
    for path in ("/alerts", "/sessions", "/handoffs"):
        assert client.get(path).status_code == 200, path
    assert recorded.finished() == []


def test_a_turn_is_traced_and_its_offline_chat_span_counts_tokens(
    traced: tuple[TestClient, Recorded],
) -> None:
    client, recorded = traced
    recorded.spans.clear()
    events = stream_turn(client, "3 bedroom houses in 78745 under 450k")
    assert "usage" not in {e["type"] for e in events}  # counted, not a provider's figure
    names = {span.name for span in recorded.finished()}
    assert {"POST /chat/stream", "invoke_agent propsearch", "chat OfflineChatModel"} <= names
    chats = [s for s in recorded.finished() if s.name == "chat OfflineChatModel"]
    for span in chats:
        attributes = dict(span.attributes or {})
        read, written = attributes["gen_ai.usage.input_tokens"], attributes["llm.token_count.total"]
        assert isinstance(read, int) and read > 0
        assert attributes["gen_ai.usage.output_tokens"] == written - read
        assert attributes["propsearch.usage.estimated"] is True
    # the answer's text was counted: the call that wrote it wrote more than the one that planned
    assert chats[-1].attributes["gen_ai.usage.output_tokens"] > 10  # type: ignore[index,operator]

    recorded.spans.clear()  # a session's own page is no poll: it is traced
    assert client.get(f"/sessions/{events[-1]['session_id']}").status_code == 200
    assert [s.name for s in recorded.finished() if s.kind is SpanKind.SERVER] == [
        "GET /sessions/{session_id}"
    ]


def _request(provider: TracerProvider, method: str, path: str, remote: bool = False) -> None:
    """A request span as FastAPI starts it (kind, method, path), with one span inside it."""
    parent = context.Context()
    if remote:  # the caller sent a traceparent: the request belongs to the caller's trace
        caller = SpanContext(7, 9, is_remote=True, trace_flags=TraceFlags(TraceFlags.SAMPLED))
        parent = trace.set_span_in_context(NonRecordingSpan(caller))
    tracer = provider.get_tracer("test")
    attributes = {"http.request.method": method, "url.path": path}
    with tracer.start_as_current_span(method, parent, SpanKind.SERVER, attributes):
        tracer.start_span("fastapi.endpoint").end()


def _kept(quiet: str, *requests: tuple[str, str, bool]) -> list[tuple[str, str]]:
    spans = InMemorySpanExporter()
    provider = TracerProvider(sampler=setup.sampler(Settings(TRACE_QUIET_ROUTES=quiet)))
    provider.add_span_processor(SimpleSpanProcessor(spans))
    for method, path, remote in requests:
        _request(provider, method, path, remote)
    return [
        (span.name, str((span.attributes or {}).get("url.path", "")))
        for span in spans.get_finished_spans()
    ]


def test_the_quiet_routes_are_a_setting() -> None:
    polls = [("GET", "/alerts", False), ("GET", "/sessions/abc/title", False)]
    turn = ("POST", "/alerts", False)  # another method on the same path is no poll
    assert _kept(Settings().trace_quiet_routes, *polls, turn) == [
        ("fastapi.endpoint", ""),
        ("POST", "/alerts"),
    ]
    assert len(_kept("", *polls)) == 4  # empty: every request is traced
    assert _kept("GET /ping", ("GET", "/alerts", False), ("GET", "/ping", False)) == [
        ("fastapi.endpoint", ""),
        ("GET", "/alerts"),
    ]
    # a poll inside a caller's trace is part of that trace, not a trace of its own
    assert len(_kept("GET /alerts", ("GET", "/alerts", True))) == 2


def test_a_malformed_quiet_route_is_refused_with_its_name() -> None:
    with pytest.raises(ValidationError) as raised:
        Settings(TRACE_QUIET_ROUTES="GET /alerts, alerts")
    assert "TRACE_QUIET_ROUTES" in str(raised.value) and "'alerts' is not a route" in str(
        raised.value
    )
