"""The real product for the eval: a uvicorn API subprocess (skill pools, memory, llama-server)."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[2]
READY_TIMEOUT_S = 600.0
TURN_TIMEOUT_S = 900.0
"""Longest wait for the next byte of one turn's stream, within the eval's deadline."""
READING_S = 30.0
"""A person reading ten listing cards or a detail card before the next message: the product's
background read of the conversation (graph/read_ahead.py) runs meanwhile. Not part of a turn's
time; `--reading-s 0` measures a user who sends the next message at once."""
TETHER = (sys.executable, "-m", "agent_graph.llm.local.tether")


def _free_port(port: int = 0) -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
        return int(sock.getsockname()[1])


def _free_window(span: int = 40) -> int:
    """The start of `span` consecutive free ports for the skill workers."""
    for _ in range(100):
        start = random.randrange(20000, 60000, 50)
        try:
            for port in range(start, start + span):
                _free_port(port)
        except OSError:
            continue
        return start
    raise RuntimeError("no free port window for the skill workers")


@dataclass
class Turn:
    """What the product showed for one message: its SSE events, and how long it took."""

    events: list[dict[str, Any]]
    seconds: float

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [e for e in self.events if e.get("type") == kind]

    @property
    def session_id(self) -> str:
        return str(self.events[0]["session_id"])

    @property
    def text(self) -> str:
        return "".join(e["content"] for e in self.of("token"))

    @property
    def data(self) -> list[dict[str, Any]]:
        return [e["data"] for e in self.of("data")]

    @property
    def tool_calls(self) -> list[dict[str, Any]]:
        return [e for e in self.of("step") if e.get("status") == "start" and e["name"] != "model"]

    def usage(self, key: str) -> int:
        return sum(int(e.get(key) or 0) for e in self.of("usage"))

    @property
    def calls(self) -> list[dict[str, Any]]:
        """Each model call of the turn: prompt, cached and completion tokens, seconds."""
        return [call for e in self.of("usage") for call in e.get("per_call") or []]


@dataclass
class Product:
    """A running API on the local model with its own memory root."""

    url: str
    process: subprocess.Popen[bytes]
    log_path: Path
    turns: list[Turn] = field(default_factory=list)
    deadline: float = float("inf")
    """time.monotonic() after which a turn still streaming is abandoned (the eval's budget)."""
    reading_s: float = READING_S
    """How long the user reads an answer before the next message in the same session."""
    _ended: dict[str, float] = field(default_factory=dict)

    @classmethod
    def start(cls, memory_root: Path, wait_for_model: bool = True, **env: str) -> Product:
        """Started and healthy; with `wait_for_model`, also done reading its prompt prefix."""
        port = _free_port()
        memory_root.mkdir(parents=True, exist_ok=True)
        log_path = memory_root / "api.log"
        environment = {
            **os.environ,
            "AGENT_MODEL": "local",
            "MEMORY_ROOT": str(memory_root),
            "HOST_PORT_START": str(_free_window()),
            **env,
        }
        with log_path.open("wb") as log:
            # Tethered: the API (and its llama-server) dies with the eval, even on SIGKILL.
            process = subprocess.Popen(
                [*TETHER, sys.executable, "-m", "uvicorn", "api:app", "--port", str(port)],
                cwd=REPO,
                env=environment,
                stdin=subprocess.PIPE,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        product = cls(f"http://127.0.0.1:{port}", process, log_path)
        product.wait_ready(wait_for_model)
        return product

    def wait_ready(self, wait_for_model: bool = True) -> None:
        """Healthy; with `wait_for_model`, the model done reading its prompt prefix too."""
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the API exited during start-up:\n{self.log()}")
            try:
                health = httpx.get(f"{self.url}/health", timeout=2)
                # the model's start-up read of its prompt prefix is start-up, not a turn
                ready = not wait_for_model or health.json().get("model_ready") is not False
                if health.status_code == 200 and ready:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"the API did not become healthy:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def send(
        self, message: str | None, session_id: str | None = None, approve: str | None = None
    ) -> Turn:
        """A message; or, with `approve` (a confirm id), the yes to that confirmation."""
        body: dict[str, Any] = {"message": message}
        if approve:
            body = {"confirm": {"id": approve, "approve": True}}
        if session_id:
            body["session_id"] = session_id
            read_until = self._ended.get(session_id, 0.0) + self.reading_s
            time.sleep(max(0.0, min(read_until, self.deadline) - time.monotonic()))
        started = time.monotonic()
        wait = max(1.0, min(TURN_TIMEOUT_S, self.deadline - started))
        timeout = httpx.Timeout(wait, connect=10)
        events = []
        with httpx.stream("POST", f"{self.url}/chat/stream", json=body, timeout=timeout) as reply:
            reply.raise_for_status()
            for line in reply.iter_lines():
                if time.monotonic() > self.deadline:
                    raise httpx.ReadTimeout("the eval's deadline passed mid-turn")
                if line.startswith("data:"):
                    events.append(json.loads(line[5:]))
        turn = Turn(events, time.monotonic() - started)
        self.turns.append(turn)
        if events:
            self._ended[turn.session_id] = time.monotonic()
        return turn

    def get(self, path: str) -> Any:
        return httpx.get(f"{self.url}{path}", timeout=30).json()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
