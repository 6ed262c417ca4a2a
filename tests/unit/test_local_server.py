"""The local model's files and server: hash refusal, health, restart on crash, stop, and no
server outliving the app (SIGKILL included). A stand-in binary replaces llama-server."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from agent_graph.config import Settings
from agent_graph.llm.local import assets
from agent_graph.llm.local.assets import LocalModelError, model_file
from agent_graph.llm.local.server import LocalLLMServer, free_port, physical_cores

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "tests" / "fixtures" / "fake_llama_server.py"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # it may go between the two looks: then it is gone
        status = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return status != "Z"


def _wait(predicate: object, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


def test_a_model_file_with_the_wrong_hash_is_refused_and_never_stamped(tmp_path: Path) -> None:
    bogus = tmp_path / "model.gguf"
    bogus.write_bytes(b"GGUF not the real weights")
    with pytest.raises(LocalModelError, match="refusing to load"):
        model_file(Settings(local_model_path=bogus, memory_root=tmp_path))
    assert not (tmp_path / "model.gguf.verified").exists()


def test_a_missing_model_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(LocalModelError, match="make llm"):
        model_file(Settings(llm_cache_dir=tmp_path, memory_root=tmp_path))


def test_a_verified_file_is_hashed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = tmp_path / "model.gguf"
    good.write_bytes(b"small stand-in")
    digest = hashlib.sha256(good.read_bytes()).hexdigest()
    monkeypatch.setattr(assets, "MODEL_SHA256", digest)
    assets.verify(good, digest)
    assert (tmp_path / "model.gguf.verified").exists()
    good.write_bytes(b"tampered later")  # new size and mtime: checked again, and refused
    with pytest.raises(LocalModelError):
        assets.verify(good, digest)


def _server(tmp_path: Path) -> LocalLLMServer:
    port = free_port()
    tether = [sys.executable, "-m", "agent_graph.llm.local.tether"]
    command = [*tether, sys.executable, str(FAKE), "--port", str(port), str(tmp_path / "pid")]
    return LocalLLMServer(command, port, tmp_path / "logs" / "llama-server.log")


def test_the_server_is_health_checked_restarted_after_a_crash_and_stopped(tmp_path: Path) -> None:
    server = _server(tmp_path)
    server.start()
    try:
        first = int((tmp_path / "pid").read_text())
        assert httpx.get(f"http://127.0.0.1:{server.port}/health").status_code == 200
        os.kill(first, signal.SIGKILL)  # the "llama-server" crashes
        assert _wait(lambda: (tmp_path / "pid").read_text() != str(first)), "not restarted"
        assert _wait(lambda: httpx.get(f"http://127.0.0.1:{server.port}/health").is_success)
        second = int((tmp_path / "pid").read_text())
    finally:
        server.stop()
    assert _wait(lambda: not _alive(second)), "the server outlived stop()"
    assert server.restarts and (tmp_path / "logs" / "llama-server.log").exists()


APP = """
import sys, time
sys.path.insert(0, {root!r})
from tests.unit.test_local_server import _server
from pathlib import Path
_server(Path({tmp!r})).start()
print("ready", flush=True)
time.sleep(600)
"""


def test_the_server_dies_with_an_app_killed_by_sigkill(tmp_path: Path) -> None:
    app = subprocess.Popen(
        [sys.executable, "-c", APP.format(root=str(ROOT), tmp=str(tmp_path))],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert app.stdout is not None and app.stdout.readline().strip() == "ready"
        pid = int((tmp_path / "pid").read_text())
        assert _alive(pid)
    finally:
        app.kill()
        app.wait()
    assert _wait(lambda: not _alive(pid), 10), "llama-server outlived its app"


def test_threads_follow_the_physical_cores_whatever_the_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A busy machine at start once gave llama-server one thread for its whole life (issue 48):
    the count now comes from the cores' topology, never from the load average."""
    cores = {
        Path(f"/sys/devices/system/cpu/cpu{cpu}/topology/thread_siblings_list").read_text()
        for cpu in os.sched_getaffinity(0)
    }
    monkeypatch.setattr(os, "getloadavg", lambda: (64.0, 64.0, 64.0))
    assert physical_cores() == len(cores) >= 1
