"""The LiteLLM path end to end against a local OpenAI-compatible server, and secret scrubbing."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.config import Settings
from api import create_app
from tests.openai_server import FakeOpenAI
from tests.servers import free_port_window, stream_turn

ROOT = Path(__file__).resolve().parents[2]
SECRET = "sk-planted-9f8e7d6c5b4a"
HOST_SECRET = "hostkey-0a1b2c3d4e5f"


@pytest.fixture
def skills_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "skills"
    shutil.copytree(ROOT / "skills" / "current_time", folder / "current_time")
    shutil.copytree(ROOT / "tests" / "fixtures" / "skills" / "flaky", folder / "flaky")
    (folder / "flaky" / ".env").write_text(f"FLAKY_SECRET={SECRET}\n")
    return folder


def _client(tmp_path: Path, skills_dir: Path, fake: FakeOpenAI) -> TestClient:
    settings = Settings(
        memory_root=tmp_path / "memory",
        skills_dir=skills_dir,
        host_port_start=free_port_window(),
        agent_model="openai/test-model",
        llm_api_base=fake.base_url,
        llm_api_key=HOST_SECRET,
        llm_timeout_s=20,
    )
    return TestClient(create_app(settings), base_url="http://localhost")


@pytest.fixture
def time_model() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI({"get_current_time": {"timezone": "America/Chicago"}})
    yield fake
    fake.close()


def test_litellm_streams_a_split_tool_call_then_the_answer(
    tmp_path: Path, skills_dir: Path, time_model: FakeOpenAI
) -> None:
    with _client(tmp_path, skills_dir, time_model) as client:
        events = stream_turn(client, "what time is it in Chicago?")
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    assert steps == [("get_current_time", "start"), ("get_current_time", "end")]
    start = next(e for e in events if e["type"] == "step")
    assert start["args"] == {"timezone": "America/Chicago"}
    text = "".join(e["content"] for e in events if e["type"] == "token")
    assert text.startswith("Tool said:") and "America/Chicago" in text
    assert events[-1]["type"] == "done"
    follow_up = [
        r for r in time_model.requests if any(m.get("role") == "tool" for m in r["messages"])
    ]
    assert follow_up, "the tool result was sent back to the model"
    assistant = next(m for m in follow_up[0]["messages"] if m.get("tool_calls"))
    assert assistant["tool_calls"][0]["function"]["name"] == "get_current_time"


def test_planted_secrets_never_leak(
    tmp_path: Path, skills_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOMEPROVIDER_API_KEY", HOST_SECRET)
    fake = FakeOpenAI({"echo": {"say": "hello"}})
    try:
        with _client(tmp_path, skills_dir, fake) as client:
            events = stream_turn(client, "echo something")
            session_id = events[0]["session_id"]
            stored = (
                tmp_path / "memory" / "users" / "local" / "sessions" / f"{session_id}.json"
            ).read_text()
            api_view = client.get(f"/sessions/{session_id}").text
    finally:
        fake.close()
    stream_text = json.dumps(events)
    assert "[REDACTED]" in stream_text, "the echoed secret was replaced"
    for secret in (SECRET, HOST_SECRET):
        assert secret not in stream_text
        assert secret not in stored
        assert secret not in api_view
        assert secret not in json.dumps(fake.requests)
    chroma = tmp_path / "memory" / "chroma"
    for path in chroma.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes()


def test_each_turn_reports_its_token_usage_in_the_stream_and_the_debug_view(
    tmp_path: Path, skills_dir: Path, time_model: FakeOpenAI
) -> None:
    with _client(tmp_path, skills_dir, time_model) as client:
        events = stream_turn(client, "what time is it in Chicago?")
        session_id = events[0]["session_id"]
        debug = client.get(f"/debug/sessions/{session_id}/context").json()
    usage = [e for e in events if e["type"] == "usage"]
    assert len(usage) == 1 and events[-2] == usage[0], "one usage event, right before done"
    assert usage[0]["calls"] == 2, "the tool call and the answer"
    assert usage[0]["prompt_tokens"] > 100 and usage[0]["completion_tokens"] == 14
    assert usage[0]["cost"] is None, "LiteLLM has no price for this model"
    assert debug["usage"] == usage[0]
