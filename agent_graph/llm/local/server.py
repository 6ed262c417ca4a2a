"""LocalLLMServer: the app's own `llama-server` on a free 127.0.0.1 port, like a skill worker.

Started by the API lifespan (and graph.py for Studio) when AGENT_MODEL=local; health-checked
before use; restarted on the same port when it crashes (a watchdog thread, at most
MAX_RESTARTS times in RESTART_WINDOW_S); stopped with the app. It runs behind the tether
wrapper, so it dies with the app even on SIGKILL. Its output goes to LOG_NAME under the
memory root's logs/ folder.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from agent_graph.config import Settings
from agent_graph.llm.local.assets import CHAT_TEMPLATE, LocalModelError, model_file, server_binary
from agent_graph.llm.local.smoke import describe_exit
from agent_graph.llm.profile import ModelProfile
from agent_graph.llm.slots import TOOL_SLOTS

log = logging.getLogger(__name__)

ALIAS = "local"
LOG_NAME = "llama-server.log"
READY_TIMEOUT_S = 120.0
MAX_RESTARTS = 5
RESTART_WINDOW_S = 300.0
RETRY_HINT = (
    "Try `make llm` again: it smoke-tests the binary on this CPU and falls back to a portable "
    "build when the native one crashes (`LLM_PORTABLE=1 make llm` asks for the portable one)."
)
BATCH = 512
"""Prompt tokens per batch: llama-server reports its progress once a batch (about 6 s here),
which is what the user sees and what keeps the timeout from firing while a prompt is read;
the reading speed is the same as with its default of 2048."""
SLOTS = TOOL_SLOTS + 1
"""Slots for calls with tools and one for calls without (llm/slots.py), each with its own
LOCAL_MODEL_CTX of cache: with llama-server's default (4 slots sharing one context) a call
without tools replaced the cached tool schemas, and every next turn read them again."""


def slot_folder(settings: Settings) -> Path:
    """Where a slot's cache passes on its way to another slot (deleted at once; private, as
    everything under MEMORY_ROOT)."""
    return settings.memory_root / "llm-slots"


def physical_cores() -> int:
    """The physical cores among those this process may use (hyper-threads of one core count
    once), as llama.cpp's own default does; at least one. Never the load at this moment: a
    server started beside a busy process kept one thread for its whole life."""
    usable = os.sched_getaffinity(0)
    cores = {_siblings(cpu) for cpu in usable}
    return max(1, len(cores))


def _siblings(cpu: int) -> str:
    """The CPUs sharing `cpu`'s core ("0,2" or "0-1"); the CPU alone where Linux does not say."""
    path = Path(f"/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list")
    try:
        return path.read_text().strip()
    except OSError:
        return str(cpu)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LocalLLMServer:
    """One llama-server process serving the verified local model over OpenAI's wire format."""

    def __init__(self, command: list[str], port: int, log_path: Path) -> None:
        self.command = command
        self.port = port
        self.log_path = log_path
        self.base_url = f"http://127.0.0.1:{port}/v1"
        self.restarts: list[float] = []
        self._process: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._watchdog: threading.Thread | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> LocalLLMServer:
        """Resolve (and verify) the files first: a bad model raises before anything runs."""
        model, binary = model_file(settings), server_binary(settings)
        slot_folder(settings).mkdir(parents=True, exist_ok=True)
        port = free_port()
        threads = settings.local_model_threads or physical_cores()
        log.info("llama-server threads: %s", threads)
        command = [
            *(sys.executable, "-m", "agent_graph.llm.local.tether"),
            *(str(binary), "-m", str(model), "--alias", ALIAS, "--jinja"),
            *("--chat-template-file", str(CHAT_TEMPLATE)),
            *("-c", str(settings.local_model_ctx * SLOTS), "-np", str(SLOTS), "--no-kv-unified"),
            *("-t", str(threads), "-b", str(BATCH)),
            *("--slot-save-path", str(slot_folder(settings))),
            *("--host", "127.0.0.1", "--port", str(port)),
        ]
        return cls(command, port, settings.memory_root / "logs" / LOG_NAME)

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def start(self) -> None:
        """Spawn, wait until /health answers, then watch for crashes. Blocking (to_thread it)."""
        self._stopping.clear()
        self._spawn()
        self.wait_ready()
        self._watchdog = threading.Thread(target=self._watch, name="llama-server-watchdog")
        self._watchdog.daemon = True
        self._watchdog.start()

    def _spawn(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        root = Path(__file__).resolve().parents[3]
        with self._lock, self.log_path.open("ab") as out:
            self._process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=out, stderr=subprocess.STDOUT, cwd=root
            )
        log.info("llama-server started (pid %s, port %s)", self._process.pid, self.port)

    def wait_ready(self, timeout_s: float = READY_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            process = self._process
            if process is None or process.poll() is not None:
                raise LocalModelError(self._death_notice(process))
            try:
                if httpx.get(f"http://127.0.0.1:{self.port}/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise LocalModelError(f"llama-server not ready after {timeout_s:g}s; see {self.log_path}")

    def _death_notice(self, process: subprocess.Popen[bytes] | None) -> str:
        """Why the server died during start-up, the end of its log, and what to try."""
        how = describe_exit(process.returncode, self.log_path) if process else "never started"
        return f"llama-server exited during start-up: {how}\n{RETRY_HINT}"

    def _watch(self) -> None:
        while not self._stopping.is_set():
            process = self._process
            if process is None:
                return
            code = process.wait()
            if self._stopping.is_set():
                return
            now = time.monotonic()
            self.restarts = [t for t in self.restarts if now - t < RESTART_WINDOW_S] + [now]
            if len(self.restarts) > MAX_RESTARTS:
                log.error("llama-server keeps crashing (exit %s); not restarting", code)
                return
            log.warning("llama-server exited with %s; restarting on port %s", code, self.port)
            try:
                self._spawn()
                self.wait_ready()
            except LocalModelError as exc:
                log.error("llama-server restart failed: %s", exc)

    def stop(self) -> None:
        """Terminate the server (SIGTERM through the tether, then SIGKILL) and the watchdog."""
        self._stopping.set()
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process is not None and process.stdin is not None:
            process.stdin.close()
        if self._watchdog is not None and self._watchdog is not threading.current_thread():
            self._watchdog.join(timeout=15)


async def start_local_server(settings: Settings, profile: ModelProfile) -> LocalLLMServer | None:
    """The running server when the profile is the local model's, else None (nothing starts)."""
    if profile.kind != "local":
        return None
    server = await asyncio.to_thread(LocalLLMServer.from_settings, settings)
    await asyncio.to_thread(server.start)
    return server
