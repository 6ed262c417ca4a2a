"""Skill workers never outlive the server that started them, even when it is SIGKILLed."""

from __future__ import annotations

import signal
from pathlib import Path

import httpx

from tests.processes import descendants, still_running
from tests.servers import free_port_window, start_server


def test_sigkill_of_the_server_leaves_no_worker_within_2s(tmp_path: Path) -> None:
    server = start_server(tmp_path / "memory", free_port_window())
    try:
        turn = httpx.post(f"{server.url}/chat", json={"message": "what time is it?"}, timeout=60)
        assert turn.status_code == 200
        workers = descendants(server.process.pid)
        assert len(workers) >= 4  # two skills, two zygotes each, plus their spare children
    finally:
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
    assert still_running(workers, within_s=2.0) == set()
