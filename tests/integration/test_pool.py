"""ContainerPool and SkillRegistry with real worker processes (process backend)."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.pool import ContainerPool, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.model.manifest import load_skill
from agent_graph.skills.registry import SkillRegistry

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "skills"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes
    try:
        return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") < 0
    except FileNotFoundError:
        return False


async def _until(predicate, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.05)


@pytest.fixture
async def pool(free_port_base: int) -> AsyncIterator[ContainerPool]:
    pool = ContainerPool(
        load_skill(FIXTURES / "flaky"), ProcessBackend(), PortAllocator(free_port_base)
    )
    await pool.start()
    yield pool
    await pool.close()


async def test_pool_fills_to_pool_size(pool: ContainerPool) -> None:
    assert pool.ready_count == pool.size == 2


async def test_call_returns_and_used_worker_is_replaced(pool: ContainerPool) -> None:
    result = await pool.call("echo", {"x": 1})
    assert result["params"] == {"x": 1}
    used_pid = result["pid"]
    await _until(lambda: not _pid_alive(used_pid))
    await _until(lambda: pool.ready_count == 2)
    second = await pool.call("echo", {})
    assert second["pid"] != used_pid


async def test_worker_killed_mid_call_gives_tool_error_and_pool_recovers(
    pool: ContainerPool,
) -> None:
    with pytest.raises(SkillCallError, match=r"flaky\.crash failed"):
        await pool.call("crash", {})
    await _until(lambda: pool.ready_count == 2)
    assert (await pool.call("echo", {}))["type"] == "echo"


async def test_hanging_worker_times_out_and_pool_recovers(pool: ContainerPool) -> None:
    with pytest.raises(SkillCallError, match=r"timed out after 1\.5s"):
        await pool.call("sleep", {"seconds": 30})
    await _until(lambda: pool.ready_count == 2)
    assert (await pool.call("echo", {}))["type"] == "echo"


async def test_a_call_its_worker_refused_at_the_port_goes_to_the_next(
    pool: ContainerPool,
) -> None:
    """A worker that died after the pool last checked it (a skill that kills its own worker, a
    crash between calls): its port refuses, so the call never ran there, and the next worker
    takes it; the caller sees no error. (A port nothing listens on stands for the dead one: the
    loop may hear of a real death before or after the check, and the test must not depend on
    which.)"""
    first = pool._queue._queue[0]  # type: ignore[attr-defined]  # the next call takes it
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        first.port = closed.getsockname()[1]  # bound, not listening: connections are refused
        result = await pool.call("echo", {"x": 2})
    assert result["params"] == {"x": 2}
    assert first.retired
    await _until(lambda: pool.ready_count == 2)


async def test_error_status_carries_the_skill_message(pool: ContainerPool) -> None:
    with pytest.raises(SkillCallError, match=r"\(422\): refused on purpose"):
        await pool.call("refuse", {})


async def test_skill_env_reaches_only_its_workers(
    tmp_path: Path, free_port_base: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "flaky"
    shutil.copytree(FIXTURES / "flaky", folder)
    (folder / ".env").write_text("# secret of this skill\nFLAKY_SECRET='s3cr3t-value'\n")
    monkeypatch.setenv("HOST_ONLY_SECRET", "host-secret-value")
    pool = ContainerPool(load_skill(folder), ProcessBackend(), PortAllocator(free_port_base))
    await pool.start()
    try:
        env = (await pool.call("echo", {}))["env"]
    finally:
        await pool.close()
    assert env["FLAKY_SECRET"] == "s3cr3t-value"
    assert env["HOST_ONLY_SECRET"] is None
    assert "FLAKY_SECRET" not in os.environ


async def test_registry_merges_skills_and_skips_broken_ones(
    tmp_path: Path, free_port_base: int
) -> None:
    for name in ("flaky", "broken_yaml", "dies_on_start"):
        shutil.copytree(FIXTURES / name, tmp_path / name)
    shutil.copytree(
        Path(__file__).resolve().parents[2] / "skills" / "current_time", tmp_path / "current_time"
    )
    registry = SkillRegistry(tmp_path, ProcessBackend, PortAllocator(free_port_base))
    await registry.start()
    try:
        assert registry.names == ["current_time", "flaky"]
        tool_names = {t["function"]["name"] for t in registry.tools}
        assert {"echo", "sleep", "crash", "get_current_time"} <= tool_names
        assert "Flaky skill prompt." in registry.system_prompt
        assert "get_current_time" in registry.system_prompt
        assert "flaky test skill's identity" in registry.identity
        assert registry.skill_for("get_current_time") == "current_time"
        result = await registry.dispatch("get_current_time", {"timezone": "America/Chicago"})
        assert result["timezone"] == "America/Chicago"
        with pytest.raises(SkillCallError, match="unknown tool"):
            await registry.dispatch("nope", {})
    finally:
        await registry.close()


async def test_a_stranger_on_the_workers_port_is_never_taken_for_the_worker(
    free_port_base: int,
) -> None:
    """A process that answers /health on the port without the worker's nonce is not ready."""
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from agent_graph.skills.backends.backend import WorkerHandle

    class Impostor(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps({"ok": True, "worker": "someone-else"}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", free_port_base), Impostor)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    class AlwaysAlive(ProcessBackend):
        async def is_alive(self, worker: WorkerHandle) -> bool:
            return True

    pool = ContainerPool(
        load_skill(FIXTURES / "flaky"), AlwaysAlive(), PortAllocator(free_port_base + 5)
    )
    try:
        ours = WorkerHandle("flaky", free_port_base, "x", nonce="expected-nonce")
        assert not await pool._wait_ready(ours, timeout_s=0.5)
        anyone = WorkerHandle("flaky", free_port_base, "x")
        assert await pool._wait_ready(anyone, timeout_s=0.5)
    finally:
        server.shutdown()
        server.server_close()
        await pool.close()


class _RacedPorts(PortAllocator):
    """The race a port check cannot close: the first port it hands out is taken (by an outgoing
    connection's ephemeral port, another program) between its check and the worker's bind."""

    def __init__(self, start: int, taken: int) -> None:
        super().__init__(start)
        self.taken = taken
        self.handed: list[int] = []

    def acquire(self) -> int:
        port = self.taken if not self.handed else super().acquire()
        self.handed.append(port)
        return port


async def test_a_worker_whose_port_was_taken_starts_on_another(free_port_base: int) -> None:
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        ports = _RacedPorts(free_port_base, taken)
        pool = ContainerPool(load_skill(FIXTURES / "flaky"), ProcessBackend(), ports)
        try:
            await pool.start()
            assert pool.ready_count == pool.size
            assert ports.handed[0] == taken and taken not in ports.handed[1:]
            assert (await pool.call("echo", {"x": 2}))["params"] == {"x": 2}
        finally:
            await pool.close()
