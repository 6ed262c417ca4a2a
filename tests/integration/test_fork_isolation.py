"""Fork-server workers (process backend): a clean process per call without restarting the worker,
and a readable error quoting the worker's log when it never gets ready."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import shutil
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.logs import SkillLogs
from agent_graph.skills.backends.pool import (
    FORK_SLOTS,
    ContainerPool,
    PoolStartError,
    SkillCallError,
)
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend, running
from agent_graph.skills.model.manifest import SkillSpec, load_skill
from agent_graph.skills.registry import SkillRegistry

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "skills"


def leaky(**changes: object) -> SkillSpec:
    return dataclasses.replace(load_skill(FIXTURES / "leaky"), **changes)  # type: ignore[arg-type]


@pytest.fixture
async def fork_pool(free_port_base: int) -> AsyncIterator[ContainerPool]:
    pool = ContainerPool(leaky(), ProcessBackend(), PortAllocator(free_port_base))
    await pool.start()
    yield pool
    await pool.close()


async def test_a_call_sees_nothing_of_the_previous_calls_state(fork_pool: ContainerPool) -> None:
    left = await fork_pool.call("leak", {})
    seen = await fork_pool.call("look", {"temp_file": left["temp_file"]})

    assert seen == {
        "pid": seen["pid"],
        "calls": 0,
        "temp_file_exists": False,
        "cwd": str(FIXTURES / "leaky"),
        "env": None,
    }
    assert seen["pid"] != left["pid"]


async def test_the_fork_worker_is_reused_not_restarted(fork_pool: ContainerPool) -> None:
    assert fork_pool.isolation == "fork"
    zygote = await fork_pool._checkout()
    fork_pool._offer(zygote)
    for _ in range(5):
        await fork_pool.call("leak", {})
    assert fork_pool.ready_count == 1
    assert await fork_pool.backend.is_alive(zygote)
    assert zygote.calls == 5


async def test_a_worker_that_died_is_not_alive_before_asyncio_hears_of_it(
    fork_pool: ContainerPool,
) -> None:
    """A checkout between the death and asyncio's child watcher must not offer the corpse."""
    worker = await fork_pool._checkout()
    pid = worker.native.pid
    os.kill(pid, signal.SIGKILL)
    while running(pid):  # no await: the loop never runs the watcher's callback meanwhile
        time.sleep(0.005)
    assert worker.native.returncode is None  # asyncio has not heard yet
    assert not await fork_pool.backend.is_alive(worker)


async def test_a_reused_worker_without_fork_would_leak(free_port_base: int) -> None:
    """The control: the same calls on one reused `restart` worker do see the earlier state."""
    spec = leaky(isolation="restart", recycle=False)
    pool = ContainerPool(spec, ProcessBackend(), PortAllocator(free_port_base))
    await pool.start()
    try:
        left = await pool.call("leak", {})
        seen = await pool.call("look", {"temp_file": left["temp_file"]})
    finally:
        await pool.close()
    assert pool.isolation == "restart"
    assert seen["pid"] == left["pid"]
    assert (seen["calls"], seen["temp_file_exists"]) == (1, True)
    assert seen["env"] == "set by an earlier call"


async def test_concurrent_calls_share_a_fork_worker_each_in_a_fresh_child(
    fork_pool: ContainerPool,
) -> None:
    calls = 2 * FORK_SLOTS  # more than one worker takes: the rest wait their turn
    results = await asyncio.gather(*(fork_pool.call("look", {}) for _ in range(calls)))
    assert len({r["pid"] for r in results}) == calls  # a fresh child for every call
    assert fork_pool.ready_count == 1


async def test_a_hung_call_does_not_take_down_a_concurrent_call_on_its_worker(
    free_port_base: int,
) -> None:
    pool = ContainerPool(leaky(timeout_s=2.0), ProcessBackend(), PortAllocator(free_port_base))
    await pool.start()
    try:
        hung = asyncio.create_task(pool.call("nap", {"seconds": 30}))
        await asyncio.sleep(1.0)
        # still running when the hung call times out (at 2 s) and its worker is retired
        slow = await pool.call("nap", {"seconds": 1.5})
        with pytest.raises(SkillCallError, match="nap"):
            await hung
        assert slow["pid"] > 0
        after = await pool.call("look", {})  # the retired worker was replaced
        assert after["calls"] == 0
    finally:
        await pool.close()


async def test_the_worker_is_replaced_after_max_calls(free_port_base: int) -> None:
    pool = ContainerPool(leaky(), ProcessBackend(), PortAllocator(free_port_base), max_calls=2)
    await pool.start()
    try:
        first = await pool._checkout()
        pool._offer(first)
        await pool.call("look", {})
        await pool.call("look", {})
        second = await pool._checkout()
        pool._offer(second)
    finally:
        await pool.close()
    assert second is not first


async def test_a_crash_in_the_forked_child_is_a_tool_error_and_the_next_call_works(
    free_port_base: int,
) -> None:
    pool = ContainerPool(
        load_skill(FIXTURES / "flaky"), ProcessBackend(), PortAllocator(free_port_base)
    )
    await pool.start()
    try:
        with pytest.raises(SkillCallError, match=r"flaky\.crash failed"):
            await pool.call("crash", {})
        assert pool.last_error and "flaky.crash" in pool.last_error
        assert (await pool.call("echo", {}))["type"] == "echo"
    finally:
        await pool.close()


async def test_worker_output_goes_to_the_skill_log_and_never_ready_quotes_it(
    tmp_path: Path, free_port_base: int
) -> None:
    folder = tmp_path / "skills" / "noisy"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: noisy\nimage: x\npool_size: 1\n"
        'command: ["python", "-c", "import sys; print(\'cannot import tools: no module named '
        "pandas', file=sys.stderr); raise SystemExit(1)\"]\n---\n"
    )
    logs = SkillLogs(tmp_path / "logs")
    pool = ContainerPool(load_skill(folder), ProcessBackend(logs), PortAllocator(free_port_base))
    with pytest.raises(PoolStartError) as caught:
        await pool.start()
    await pool.close()

    assert "never got ready" in str(caught.value)
    assert "cannot import tools: no module named pandas" in str(caught.value)
    assert "no module named pandas" in (tmp_path / "logs" / "noisy.log").read_text()


async def test_registry_status_shows_isolation_and_the_last_error(
    tmp_path: Path, free_port_base: int
) -> None:
    for name in ("flaky", "dies_on_start"):
        shutil.copytree(FIXTURES / name, tmp_path / name)
    registry = SkillRegistry(tmp_path, ProcessBackend, PortAllocator(free_port_base))
    await registry.start()
    try:
        with pytest.raises(SkillCallError):
            await registry.dispatch("crash", {})
        status = registry.status()
    finally:
        await registry.close()
    assert status["flaky"]["isolation"] == "fork"
    assert status["flaky"]["status"] in ("ready", "busy")
    assert "flaky.crash failed" in status["flaky"]["last_error"]
    assert status["dies_on_start"]["status"] == "failed"
    assert "never got ready" in status["dies_on_start"]["last_error"]


async def test_logs_stay_bounded(tmp_path: Path) -> None:
    logs = SkillLogs(tmp_path, max_bytes=1000)
    for i in range(500):
        logs.write("chatty", "1", f"line {i} " + "x" * 40)
    sizes = [p.stat().st_size for p in tmp_path.glob("chatty.log*")]
    assert len(sizes) == 2 and all(size < 1100 for size in sizes)
    assert logs.tail("chatty", lines=1) == ["[1] line 499 " + "x" * 40]
