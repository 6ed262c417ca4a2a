"""Skills as services (SKILL_SERVICES): a skill already running elsewhere is called at its URL,
never started by the agent; when it goes away the call is a readable tool error, and it is used
again once it is back."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.backends.service import ServiceError, parse_services
from agent_graph.skills.registry import SkillRegistry
from tests.processes import descendants
from tests.servers import ROOT, free_port, wait_ok

SKILLS = ROOT / "skills"


class TimeService:
    """skills/current_time/server.py run by the test, as a compose service would run it."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "PYTHONPATH": str(SKILLS),
        }
        self.process = subprocess.Popen(
            [sys.executable, "server.py"], cwd=SKILLS / "current_time", env=env
        )
        if not wait_ok(f"{self.url}/health", 30, self.process):
            raise AssertionError("the time service never answered /health")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)


@pytest.fixture
def service() -> Iterator[TimeService]:
    running = TimeService(free_port())
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_service_entries_are_checked() -> None:
    assert parse_services(" current_time=http://time:8080/ , b=https://b.example") == {
        "current_time": "http://time:8080",
        "b": "https://b.example",
    }
    assert parse_services("") == {}
    for bad in ("current_time", "x=ftp://host", "=http://h:1", "x=http://"):
        with pytest.raises(ServiceError, match="SKILL_SERVICES"):
            parse_services(bad)


async def test_a_skill_service_is_called_not_started(
    service: TimeService, free_port_base: int
) -> None:
    registry = SkillRegistry(
        SKILLS,
        ProcessBackend,
        PortAllocator(free_port_base),
        only={"current_time"},
        services={"current_time": service.url},
    )
    await registry.start()
    try:
        assert service.process is not None
        below_us = descendants(os.getpid())  # then the service's own, which fork all along
        theirs = {service.process.pid, *descendants(service.process.pid)}
        ours = [p for p in below_us - theirs if "current_time" in _cwd(p)]
        assert not ours, "the agent started its own current_time worker"
        first = await registry.dispatch("get_current_time", {"timezone": "Asia/Tokyo"})
        assert first["timezone"] == "Asia/Tokyo"

        service.stop()
        with pytest.raises(SkillCallError) as gone:
            await registry.dispatch("get_current_time", {"timezone": "Asia/Tokyo"})
        assert "current_time" in str(gone.value)

        service.start()  # back on the same address: the next call finds it
        deadline = time.monotonic() + 20
        while True:
            try:
                again = await registry.dispatch("get_current_time", {"timezone": "UTC"})
                break
            except SkillCallError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert again["timezone"] == "UTC"
    finally:
        await registry.close()


def _cwd(pid: int) -> str:
    try:
        return str(Path(f"/proc/{pid}/cwd").resolve())
    except OSError:
        return ""
