"""The repository's `.env`: read whatever the cwd, its provider key picks the model and reaches
LiteLLM (never the model), and its secrets are redacted everywhere environment secrets are."""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph import config
from agent_graph.config import Settings
from api import create_app
from tests.openai_server import FakeOpenAI
from tests.servers import free_port_window, stream_turn

ROOT = Path(__file__).resolve().parents[2]
DOTENV_KEY = "sk-dotenv-only-5f4e3d2c1b0a"
DOTENV_TOKEN = "tok-dotenv-9a8b7c6d5e4f"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in repository root whose `.env` config.py reads; the cwd is somewhere else."""
    root = tmp_path / "repo"
    root.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / ".env").write_text("AGENT_MODEL=groq/decoy\nMAX_TOOL_ITERATIONS=49\n")
    monkeypatch.setattr(config, "DOTENV_PATH", root / ".env")
    monkeypatch.chdir(elsewhere)
    for name in ("AGENT_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("GROQ_API_KEY", raising=False)
    monkeypatch.delenv("PROPSEARCH_DOTENV", raising=False)
    return root


def test_the_repository_env_is_read_whatever_the_cwd(repo: Path) -> None:
    (repo / ".env").write_text("MAX_TOOL_ITERATIONS=3\n")
    settings = Settings()
    assert settings.max_tool_iterations == 3, "the cwd's .env must not be read"
    assert settings.model_name == "offline"


def test_a_provider_key_in_env_picks_the_default_model_and_its_key(repo: Path) -> None:
    (repo / ".env").write_text(f"OPENAI_API_KEY={DOTENV_KEY}\n")
    settings = Settings()
    assert settings.model_name == "openai/gpt-4o-mini"
    assert settings.model_api_key == DOTENV_KEY
    assert DOTENV_KEY in settings.secrets


def test_the_environment_wins_over_env(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / ".env").write_text(f"OPENAI_API_KEY={DOTENV_KEY}\nAGENT_MODEL=openai/x\n")
    monkeypatch.setenv("AGENT_MODEL", "offline")
    assert Settings().model_name == "offline"


@pytest.fixture
def skills_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "skills"
    shutil.copytree(ROOT / "tests" / "fixtures" / "skills" / "flaky", folder / "flaky")
    return folder


def test_env_key_reaches_litellm_and_env_secrets_are_redacted_everywhere(
    repo: Path, tmp_path: Path, skills_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The model echoes both .env secrets through a tool: stream, session file, API replies,
    Chroma and logs show [REDACTED]; only the Authorization header carries the key."""
    fake = FakeOpenAI({"echo": {"say": f"{DOTENV_KEY} and {DOTENV_TOKEN}"}})
    (repo / ".env").write_text(
        f"OPENAI_API_KEY={DOTENV_KEY}\nGITHUB_TOKEN={DOTENV_TOKEN}\n"
        f"AGENT_MODEL=openai/test-model\nLLM_API_BASE={fake.base_url}\n"
    )
    settings = Settings(
        memory_root=tmp_path / "memory",
        skills_dir=skills_dir,
        host_port_start=free_port_window(),
        llm_timeout_s=20,
    )
    caplog.set_level(logging.INFO)
    try:
        with TestClient(create_app(settings), base_url="http://localhost") as client:
            events = stream_turn(client, "echo something")
            session_id = events[0]["session_id"]
            replies = [
                client.get(f"/sessions/{session_id}").text,
                client.get("/sessions").text,
                client.get(f"/debug/sessions/{session_id}/context").text,
            ]
        stored = (tmp_path / "memory" / "users" / "local" / "sessions").rglob("*.json")
        files = [path.read_bytes() for path in stored]
        files += [p.read_bytes() for p in (tmp_path / "memory").rglob("*") if p.is_file()]
    finally:
        fake.close()
    assert fake.authorizations and all(a == f"Bearer {DOTENV_KEY}" for a in fake.authorizations)
    stream_text = json.dumps(events)
    assert "[REDACTED]" in stream_text, "the echoed secrets were replaced"
    tool_results = json.dumps(
        [m for r in fake.requests for m in r["messages"] if m.get("role") == "tool"]
    )
    for secret in (DOTENV_KEY, DOTENV_TOKEN):
        assert secret not in stream_text
        assert [secret in reply for reply in replies] == [False] * len(replies), replies
        assert all(secret.encode() not in blob for blob in files)
        assert secret not in tool_results, "the tool result reached the model unredacted"
        assert secret not in caplog.text
