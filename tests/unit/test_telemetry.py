"""Telemetry without a collector: malformed OTEL_* settings fail fast, nothing is traced while
the endpoint is unset, and a model call's usage becomes GenAI and OpenInference attributes."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, LLMResult
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from pydantic import ValidationError

from agent_graph.config import Settings
from agent_graph.telemetry.attributes import content, hashed_user
from agent_graph.telemetry.model_calls import ModelCall
from agent_graph.telemetry.setup import configure
from tests.servers import ROOT


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "localhost:4318"),
        ("OTEL_TRACES_SAMPLER", "sometimes"),
        ("OTEL_TRACES_SAMPLER_ARG", "2"),
        ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
        ("OTEL_METRICS_EXPORTER", "statsd"),
        ("TRACE_VIEWER_URL", "phoenix"),
    ],
)
def test_a_malformed_otel_setting_is_refused_with_its_name(name: str, value: str) -> None:
    with pytest.raises(ValidationError) as raised:
        Settings(**{name: value})
    assert name in str(raised.value)


def test_the_server_does_not_start_with_a_malformed_sampler() -> None:
    env = {**os.environ, "OTEL_TRACES_SAMPLER": "sometimes", "AGENT_MODEL": "offline"}
    started = subprocess.run(
        [sys.executable, "-c", "import api"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert started.returncode != 0
    assert "OTEL_TRACES_SAMPLER" in started.stderr and "parentbased_always_on" in started.stderr


def test_nothing_is_exported_while_the_endpoint_is_unset() -> None:
    settings = Settings(OTEL_EXPORTER_OTLP_ENDPOINT="", OTEL_METRICS_EXPORTER="otlp")
    assert not settings.tracing_on and settings.metrics_exporters == set()
    assert (
        Settings(OTEL_EXPORTER_OTLP_ENDPOINT="http://c:4318", OTEL_SDK_DISABLED="true").tracing_on
        is False
    )


def test_users_are_pseudonymous_and_stable() -> None:
    assert hashed_user("alice") == hashed_user("alice") != hashed_user("bob")
    assert "alice" not in hashed_user("alice") and len(hashed_user("alice")) == 16


def test_the_trace_user_id_depends_on_the_deployments_secret(tmp_path: Path) -> None:
    plain = hashlib.sha256(b"propsearch-user:alice").hexdigest()[:16]  # the unsalted one
    seen = []
    for secret in ("first-deployment-secret", "second-deployment-secret"):
        configure(Settings(PSEUDONYM_SECRET=secret, MEMORY_ROOT=tmp_path))
        seen.append(hashed_user("alice"))
        assert hashed_user("alice") == hashed_user("alice") != plain
    assert seen[0] != seen[1]


def _recorded(call: ModelCall, response: LLMResult) -> dict[str, object]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    span = provider.get_tracer("test").start_span(call.span_name)
    span.set_attributes(call.request_attributes())
    call.record_input(span, [[HumanMessage("3 beds in Austin")]])
    call.record_output(span, response)
    span.end()
    (finished,) = exporter.get_finished_spans()
    assert finished.name == "chat gpt-4o-mini"
    return dict(finished.attributes or {})


def test_a_model_calls_usage_and_finish_reason_become_attributes() -> None:
    call = ModelCall.begin(
        {}, {"ls_provider": "openai"}, {"model": "gpt-4o-mini", "temperature": 0}
    )
    message = AIMessage(
        "Here are three homes.",
        usage_metadata={
            "input_tokens": 1200,
            "output_tokens": 40,
            "total_tokens": 1240,
            "input_token_details": {"cache_read": 1024},
        },
        response_metadata={"finish_reason": "stop"},
    )
    attrs = _recorded(call, LLMResult(generations=[[ChatGeneration(message=message)]]))
    assert attrs["gen_ai.operation.name"] == "chat" and attrs["gen_ai.provider.name"] == "openai"
    assert (
        attrs["gen_ai.request.model"] == "gpt-4o-mini" and attrs["gen_ai.request.temperature"] == 0
    )
    assert attrs["gen_ai.usage.input_tokens"] == 1200 and attrs["gen_ai.usage.output_tokens"] == 40
    assert attrs["gen_ai.usage.cache_read.input_tokens"] == 1024
    assert attrs["llm.token_count.total"] == 1240
    assert attrs["gen_ai.response.finish_reasons"] == ("stop",)
    assert "gen_ai.input.messages" not in attrs and "Austin" not in str(attrs.values())


def test_captured_content_is_redacted_like_stored_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    from agent_graph.security.sanitizer import Sanitizer

    monkeypatch.setattr(content, "capture", True)
    monkeypatch.setattr(content, "sanitizer", Sanitizer(["sk-secret-123456"]))
    call = ModelCall.begin({}, {}, {"model": "gpt-4o-mini"})
    message = AIMessage("your key sk-secret-123456 is safe")
    attrs = _recorded(call, LLMResult(generations=[[ChatGeneration(message=message)]]))
    assert "3 beds in Austin" in str(attrs["gen_ai.input.messages"])
    assert "sk-secret-123456" not in str(attrs["gen_ai.output.messages"])
    assert "is safe" in str(attrs["output.value"])


def test_a_skill_call_carries_the_current_span_as_w3c_traceparent() -> None:
    from opentelemetry import trace

    from agent_graph.telemetry.tool_calls import trace_headers

    span = TracerProvider().get_tracer("test").start_span("execute_tool x")
    with trace.use_span(span, end_on_exit=True):
        headers = trace_headers()
    context = span.get_span_context()
    flags = f"{context.trace_flags:02x}"
    assert headers["traceparent"] == f"00-{context.trace_id:032x}-{context.span_id:016x}-{flags}"
    assert trace_headers() == {}  # outside any span: nothing to join
