"""Helpers to run the real API: in-process (TestClient) or as a uvicorn subprocess."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from agent_graph.skills.backends.ports import SPAN

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def free_port_window(span: int = 40) -> int:
    """The start of `span` consecutive free ports for skill workers, random so tests never
    collide, and below the kernel's ephemeral range: an outgoing connection's local port is drawn
    from that range and could take a worker's port between its check and its bind."""
    below = max(_ephemeral_low() - SPAN, 10001)  # room for a PortAllocator's whole cycle
    for _ in range(100):
        start = random.randrange(10000, below, 50)
        if all(_is_free(port) for port in range(start, start + span)):
            return start
    raise RuntimeError("no free port window")


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def sse_events(lines: Iterator[str]) -> list[dict[str, Any]]:
    """Parse `data:` lines of an SSE body into event dicts."""
    return [json.loads(line[5:].strip()) for line in lines if line.startswith("data:")]


def stream_turn(client: Any, message: str, session_id: str | None = None) -> list[dict[str, Any]]:
    body: dict[str, Any] = {"message": message}
    if session_id:
        body["session_id"] = session_id
    with client.stream("POST", "/chat/stream", json=body) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def last_data(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The payload of a turn's last `data` event (fails the test when there is none)."""
    found = [e["data"] for e in events if e["type"] == "data"]
    assert found, f"no data event in {[e['type'] for e in events]}"
    return dict(found[-1])


def answer_text(events: list[dict[str, Any]]) -> str:
    """The answer a turn streamed, its tokens joined."""
    return "".join(e["content"] for e in events if e["type"] == "token")


def started_tools(events: list[dict[str, Any]]) -> list[str]:
    """The tools a turn ran, in the order their steps started."""
    return [e["name"] for e in events if e["type"] == "step" and e["status"] == "start"]


def wait_ok(url: str, timeout_s: float, process: subprocess.Popen[Any] | None = None) -> bool:
    """Poll GET `url` until it answers 200 (True), time runs out or `process` exits (False)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return False
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    return False


@dataclass
class ServerProcess:
    """A uvicorn subprocess serving api:app."""

    url: str
    process: subprocess.Popen[bytes]
    log_path: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def uvicorn_command(host: str, port: int) -> list[str]:
    """uvicorn itself on api:app, forwarded headers off (as `propsearch serve` starts it)."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        "api:app",
        "--host",
        host,
        "--port",
        str(port),
        "--no-proxy-headers",
    ]


def serve_command(host: str, port: int) -> list[str]:
    """`propsearch serve`, the documented way to start the server."""
    return [sys.executable, "-m", "agent_graph.cli", "serve", "--host", host, "--port", str(port)]


def start_server(
    memory_root: Path, port_base: int, host: str = "127.0.0.1", **env: str
) -> ServerProcess:
    """uvicorn on api:app (uvicorn_command) on a free port, healthy."""
    return start_with(uvicorn_command, memory_root, port_base, host, **env)


def start_with(
    command: Callable[[str, int], list[str]],
    memory_root: Path,
    port_base: int,
    host: str = "127.0.0.1",
    port: int | None = None,
    **env: str,
) -> ServerProcess:
    """The server `command` starts on `port` (a free one without), healthy; its log beside
    `memory_root`. A known port lets a test make PUBLIC_URL before the server starts."""
    port = port or free_port()
    log_path = memory_root.parent / f"server-{port}.log"
    memory_root.mkdir(parents=True, exist_ok=True)
    environment = {
        **os.environ,
        "MEMORY_ROOT": str(memory_root),
        "HOST_PORT_START": str(port_base),
        "AGENT_MODEL": "offline",
        **env,
    }
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command(host, port),
            cwd=ROOT,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    server = ServerProcess(f"http://127.0.0.1:{port}", process, log_path)
    if wait_ok(f"{server.url}/health", 90, process):
        return server
    exited = process.poll() is not None
    server.stop()
    raise RuntimeError(
        f"server {'exited early' if exited else 'did not become healthy'}:\n{server.log()}"
    )
