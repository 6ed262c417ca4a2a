"""`langgraph dev` serves graph.py offline; a run completes with the offline model."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.servers import ROOT, free_port, free_port_window

BANNER = re.compile(r"API: http://127\.0\.0\.1:(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def langgraph_dev(tmp_path: Path) -> Iterator[str]:
    log_path = tmp_path / "langgraph-dev.log"
    env = {
        **os.environ,
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
        "LANGSMITH_TRACING": "false",
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "AGENT_MODEL": "offline",
        "MEMORY_ROOT": str(tmp_path / "memory"),
        "HOST_PORT_START": str(free_port_window()),
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
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


def test_langgraph_dev_runs_the_agent_graph_offline(langgraph_dev: str) -> None:
    client = httpx.Client(base_url=langgraph_dev, timeout=120)
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
    assert any(m.get("type") == "tool" and m.get("name") == "get_current_time" for m in messages)
    assert re.search(r"It's \d{1,2}:\d{2} (AM|PM)", messages[-1]["content"])


async def _run(client: Any, thread_id: str, text: str) -> list[dict[str, Any]]:
    state = await client.runs.wait(
        thread_id, "agent", input={"messages": [{"role": "user", "content": text}]}
    )
    messages: list[dict[str, Any]] = state["messages"]
    return messages


def _human_texts(messages: list[dict[str, Any]]) -> list[str]:
    return [str(m["content"]) for m in messages if m.get("type") == "human"]


async def test_each_studio_thread_is_its_own_session(langgraph_dev: str, tmp_path: Path) -> None:
    from langgraph_sdk import get_client

    client = get_client(url=langgraph_dev)
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
    turns = json.loads((sessions / f"{first}.json").read_text())["turns"]
    assert [t["user"] for t in turns] == [
        "3 bedroom houses in Austin under $500k",
        "the second one",
    ]
