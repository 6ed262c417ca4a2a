"""`langgraph dev` serves graph.py offline; a run completes with the offline model."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_graph.storage.session_file import parsed
from tests.openai_server import FakeOpenAI
from tests.processes import descendants, still_running
from tests.servers import ROOT, free_port, free_port_window, wait_ok

BANNER = re.compile(r"API: http://127\.0\.0\.1:(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class DevServer:
    url: str
    process: subprocess.Popen[bytes]


@contextmanager
def run_langgraph_dev(tmp_path: Path, **extra: str) -> Iterator[DevServer]:
    """`langgraph dev` from the repository with its usual environment plus `extra`."""
    log_path = tmp_path / "langgraph-dev.log"
    env = {
        **os.environ,
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
        "LANGSMITH_TRACING": "false",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "AGENT_MODEL": "offline",
        "MEMORY_ROOT": str(tmp_path / "memory"),
        "HOST_PORT_START": str(free_port_window()),
        **extra,
    }
    cli = Path(sys.executable).parent / "langgraph"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(cli), "dev", "--no-browser", "--no-reload", "--port", str(free_port())],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 120
        url = None
        while time.monotonic() < deadline and url is None:
            assert process.poll() is None, log_path.read_text()
            match = BANNER.search(ANSI.sub("", log_path.read_text()))
            if match:
                url = f"http://127.0.0.1:{match.group(1)}"
            time.sleep(0.3)
        assert url, f"no banner:\n{log_path.read_text()}"
        left = deadline - time.monotonic()
        assert wait_ok(f"{url}/ok", left, process), f"/ok never answered:\n{log_path.read_text()}"
        yield DevServer(url, process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture
def langgraph_dev(tmp_path: Path) -> Iterator[DevServer]:
    with run_langgraph_dev(tmp_path) as server:
        yield server


def test_langgraph_dev_runs_the_agent_graph_offline_and_leaves_no_worker(
    langgraph_dev: DevServer,
) -> None:
    client = httpx.Client(base_url=langgraph_dev.url, timeout=120)
    assert client.get("/ok").json()["ok"] is True
    assistants = client.post("/assistants/search", json={}).json()
    assert any(a["graph_id"] == "agent" for a in assistants)
    thread = client.post("/threads", json={}).json()["thread_id"]
    result = client.post(
        f"/threads/{thread}/runs/wait",
        json={
            "assistant_id": "agent",
            "input": {"messages": [{"role": "user", "content": "what time is it?"}]},
        },
    )
    assert result.status_code == 200, result.text
    messages = result.json()["messages"]
    assert any(m.get("type") == "tool" and m.get("name") == "get_current_time" for m in messages), (
        messages
    )
    assert re.search(r"It's \d{1,2}:\d{2} (AM|PM)", messages[-1]["content"])

    workers = descendants(langgraph_dev.process.pid)
    assert workers, "the run started no skill worker"
    langgraph_dev.process.terminate()  # what Ctrl-C does; nothing closes the Studio graph's pools
    langgraph_dev.process.wait(timeout=20)
    assert still_running(workers, within_s=2.0) == set()


def test_langgraph_dev_uses_the_repository_env_without_leaking_its_key(tmp_path: Path) -> None:
    """langgraph.json loads only `.env.studio` (quiet, offline knobs) into the environment; the
    repository `.env` reaches graph.py through Settings: its key picks the model and authorises
    the provider call, and is redacted from what the graph returns."""
    key = "sk-studio-dotenv-7e6d5c4b3a29"
    fake = FakeOpenAI({"echo": {"say": f"the key is {key}"}})
    skills = tmp_path / "skills"
    shutil.copytree(ROOT / "tests" / "fixtures" / "skills" / "flaky", skills / "flaky")
    dotenv = tmp_path / "repo.env"
    dotenv.write_text(f"OPENAI_API_KEY={key}\nLLM_API_BASE={fake.base_url}\nSKILLS_DIR={skills}\n")
    try:
        # AGENT_MODEL empty: the .env key alone must pick the model.
        with run_langgraph_dev(tmp_path, PROPSEARCH_DOTENV=str(dotenv), AGENT_MODEL="") as server:
            client = httpx.Client(base_url=server.url, timeout=120)
            thread = client.post("/threads", json={}).json()["thread_id"]
            result = client.post(
                f"/threads/{thread}/runs/wait",
                json={
                    "assistant_id": "agent",
                    "input": {"messages": [{"role": "user", "content": "echo it"}]},
                },
            )
    finally:
        fake.close()
    assert result.status_code == 200, result.text
    assert fake.authorizations and all(a == f"Bearer {key}" for a in fake.authorizations)
    assert fake.requests[0]["model"] == "gpt-4o-mini", "the .env key picked the default model"
    tool_results = [m for m in result.json()["messages"] if m.get("type") == "tool"]
    assert tool_results and "[REDACTED]" in tool_results[0]["content"]
    assert key not in json.dumps(tool_results)


def test_studio_resumes_a_turn_paused_for_a_confirmation(langgraph_dev: DevServer) -> None:
    client = httpx.Client(base_url=langgraph_dev.url, timeout=120)
    thread = client.post("/threads", json={}).json()["thread_id"]

    def run(body: dict[str, object]) -> dict[str, object]:
        result = client.post(f"/threads/{thread}/runs/wait", json={"assistant_id": "agent", **body})
        assert result.status_code == 200, result.text
        return dict(result.json())

    run({"input": {"messages": [{"role": "user", "content": "my budget is $400k"}]}})
    run({"input": {"messages": [{"role": "user", "content": "forget my budget"}]}})
    state = client.get(f"/threads/{thread}/state").json()
    assert state["next"] == ["tools"]
    [pending] = [i for task in state["tasks"] for i in task.get("interrupts", [])]
    assert pending["value"]["question"] == "Forget your budget ($400,000)?"
    resumed = run({"command": {"resume": "yes"}})
    messages = resumed["messages"]
    assert isinstance(messages, list)
    tool = [m for m in messages if m.get("type") == "tool"][-1]
    assert tool["name"] == "forget_search_criteria" and tool.get("status") != "error"
    assert "forgotten your saved budget max" in messages[-1]["content"]


async def _run(client: Any, thread_id: str, text: str) -> list[dict[str, Any]]:
    state = await client.runs.wait(
        thread_id, "agent", input={"messages": [{"role": "user", "content": text}]}
    )
    messages: list[dict[str, Any]] = state["messages"]
    return messages


def _human_texts(messages: list[dict[str, Any]]) -> list[str]:
    return [str(m["content"]) for m in messages if m.get("type") == "human"]


async def test_each_studio_thread_is_its_own_session(
    langgraph_dev: DevServer, tmp_path: Path
) -> None:
    from langgraph_sdk import get_client

    client = get_client(url=langgraph_dev.url)
    first = (await client.threads.create())["thread_id"]
    second = (await client.threads.create())["thread_id"]
    await _run(client, first, "3 bedroom houses in Austin under $500k")
    await _run(client, second, "what time is it?")
    again = await _run(client, first, "the second one")

    # The thread's own earlier turn is in its context; the other thread's is not.
    assert _human_texts(again) == ["3 bedroom houses in Austin under $500k", "the second one"]
    assert "what time is it?" not in json.dumps(again)
    # "the second one" resolved against this thread's results: a detail answer, not a new search.
    assert any(m.get("name") == "get_property_details" for m in again if m.get("type") == "tool")
    sessions = tmp_path / "memory" / "users" / "local" / "sessions"
    assert sorted(p.stem for p in sessions.glob("*.json")) == sorted([first, second])
    turns = parsed((sessions / f"{first}.json").read_text())[0]["turns"]
    assert [t["user"] for t in turns] == [
        "3 bedroom houses in Austin under $500k",
        "the second one",
    ]
