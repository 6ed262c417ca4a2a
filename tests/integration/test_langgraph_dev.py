"""`langgraph dev` serves graph.py offline; a run completes with the offline model."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.processes import descendants, still_running
from tests.servers import ROOT, free_port, free_port_window

BANNER = re.compile(r"API: http://127\.0\.0\.1:(\d+)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class DevServer:
    url: str
    process: subprocess.Popen[bytes]


@pytest.fixture
def langgraph_dev(tmp_path: Path) -> Iterator[DevServer]:
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
        yield DevServer(url, process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


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
    assert any(m.get("type") == "tool" and m.get("name") == "get_current_time" for m in messages)
    assert re.search(r"It's \d{1,2}:\d{2} (AM|PM)", messages[-1]["content"])

    workers = descendants(langgraph_dev.process.pid)
    assert workers, "the run started no skill worker"
    langgraph_dev.process.terminate()  # what Ctrl-C does; nothing closes the Studio graph's pools
    langgraph_dev.process.wait(timeout=20)
    assert still_running(workers, within_s=2.0) == set()
