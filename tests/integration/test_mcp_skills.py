"""MCP servers as skills: the reference mcp-server-time, a misbehaving stdio server and a
streamable-HTTP server, all real processes."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from agent_graph.skills.backends.mcp import McpPool
from agent_graph.skills.backends.pool import PoolStartError, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.model.manifest import load_skill
from agent_graph.skills.registry import SkillRegistry
from tests.servers import free_port_window
from tests.skill_env import SKILLS_DIR, ensure_skill_envs

MISBEHAVING = Path(__file__).resolve().parents[1] / "fixtures" / "mcp" / "misbehaving.py"


def _skill(folder: Path, mcp: str, timeout_s: float = 2.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {folder.name}\ntimeout_s: {timeout_s}\nmcp: {mcp}\n---\n"
    )
    return folder


@pytest.fixture(scope="module", autouse=True)
def _envs() -> None:
    ensure_skill_envs()


@pytest.fixture
async def time_pool() -> AsyncIterator[McpPool]:
    pool = McpPool(load_skill(SKILLS_DIR / "mcp_time"))
    await pool.start()
    yield pool
    await pool.close()


@pytest.fixture
async def flaky(tmp_path: Path) -> AsyncIterator[McpPool]:
    folder = _skill(tmp_path / "flaky_mcp", "{command: [python, misbehaving.py]}", 1.5)
    shutil.copy(MISBEHAVING, folder)  # a worker reads nothing outside its own folder
    pool = McpPool(load_skill(folder))
    await pool.start()
    yield pool
    await pool.close()


async def test_reference_time_server_tools_are_namespaced_with_skill_md_metadata(
    time_pool: McpPool,
) -> None:
    schema = await time_pool.get_json("/schema")
    tools = {t["function"]["name"]: t for t in schema["tools"]}
    assert set(tools) == {"mcp_time_get_current_time", "mcp_time_convert_time"}
    assert tools["mcp_time_get_current_time"]["x-propsearch"]["guest"] is True
    # the server's readOnlyHint: a call a dead replica may have made runs again (takeover)
    assert tools["mcp_time_convert_time"]["x-propsearch"]["idempotent"] is True
    assert "timezone" in tools["mcp_time_get_current_time"]["function"]["parameters"]["properties"]


async def test_reference_time_server_answers_and_converts(time_pool: McpPool) -> None:
    now = await time_pool.call("mcp_time_get_current_time", {"timezone": "Asia/Tokyo"})
    assert now["timezone"] == "Asia/Tokyo" and now["datetime"].endswith("+09:00")
    converted = await time_pool.call(
        "mcp_time_convert_time",
        {"source_timezone": "UTC", "time": "12:00", "target_timezone": "Europe/Berlin"},
    )
    assert converted["target"]["timezone"] == "Europe/Berlin"


async def test_reference_time_server_error_is_a_readable_tool_error(time_pool: McpPool) -> None:
    with pytest.raises(
        SkillCallError, match=r"mcp_time\.mcp_time_get_current_time failed: .*Nowhere"
    ):
        await time_pool.call("mcp_time_get_current_time", {"timezone": "Nowhere/Atlantis"})
    assert (await time_pool.call("mcp_time_get_current_time", {"timezone": "UTC"}))["timezone"]


async def test_registry_merges_mcp_time_beside_current_time() -> None:
    registry = SkillRegistry(
        SKILLS_DIR,
        ProcessBackend,
        PortAllocator(free_port_window()),
        only={"current_time", "mcp_time"},
    )
    await registry.start()
    try:
        assert registry.names == ["current_time", "mcp_time"]
        assert registry.skill_for("get_current_time") == "current_time"
        assert registry.skill_for("mcp_time_get_current_time") == "mcp_time"
        local = await registry.dispatch("get_current_time", {"timezone": "UTC"})
        remote = await registry.dispatch("mcp_time_get_current_time", {"timezone": "UTC"})
        assert local["timezone"] == remote["timezone"] == "UTC"
        status = registry.status()["mcp_time"]
        assert (status["ready"], status["size"], status["isolation"]) == (1, 1, "mcp")
        assert status["last_error"] is None
    finally:
        await registry.close()


async def test_a_tool_without_hints_is_not_run_twice_after_a_takeover(flaky: McpPool) -> None:
    schema = await flaky.get_json("/schema")
    assert {t["x-propsearch"]["idempotent"] for t in schema["tools"]} == {False}


async def test_tool_error_from_the_server_is_readable(flaky: McpPool) -> None:
    with pytest.raises(SkillCallError, match="the fixture was asked to fail"):
        await flaky.call("flaky_mcp_fail", {})


async def test_hanging_call_times_out_and_the_next_call_reconnects(flaky: McpPool) -> None:
    first = await flaky.call("flaky_mcp_echo", {"text": "a"})
    started = time.monotonic()
    with pytest.raises(SkillCallError, match=r"timed out after 1\.5s"):
        await flaky.call("flaky_mcp_hang", {})
    assert time.monotonic() - started < 10
    second = await flaky.call("flaky_mcp_echo", {"text": "b"})
    assert second["text"] == "b" and second["pid"] != first["pid"]


async def test_server_dying_mid_call_is_a_tool_error_and_it_comes_back(flaky: McpPool) -> None:
    with pytest.raises(SkillCallError, match=r"flaky_mcp\.flaky_mcp_crash (failed|timed out)"):
        await flaky.call("flaky_mcp_crash", {})
    assert (await flaky.call("flaky_mcp_echo", {"text": "again"}))["text"] == "again"


@pytest.mark.parametrize(
    "command",
    [
        '["/nonexistent/mcp-server"]',
        '[python, -c, "import sys; sys.exit(2)"]',
        '[python, -c, "import time; time.sleep(60)"]',
    ],
    ids=["missing-binary", "exits-at-once", "never-speaks"],
)
async def test_server_that_fails_to_start_is_a_readable_error(tmp_path: Path, command: str) -> None:
    pool = McpPool(load_skill(_skill(tmp_path / "broken_mcp", f"{{command: {command}}}")), 2.0)
    with pytest.raises(PoolStartError, match="MCP server of skill broken_mcp did not start"):
        await pool.start()
    with pytest.raises(SkillCallError, match=r"broken_mcp\.anything failed: MCP server"):
        await pool.call("anything", {})
    await pool.close()


async def test_registry_skips_an_mcp_skill_that_cannot_start(tmp_path: Path) -> None:
    _skill(tmp_path / "broken_mcp", '{command: ["/nonexistent/mcp-server"]}')
    registry = SkillRegistry(tmp_path, ProcessBackend, PortAllocator(free_port_window()))
    await registry.start()
    assert registry.names == []
    await registry.close()


@pytest.fixture
def http_server() -> Iterator[str]:
    port = free_port_window(span=1)
    proc = subprocess.Popen([sys.executable, str(MISBEHAVING), "http", str(port)])
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/mcp", timeout=0.5)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.kill()
        proc.wait()


async def test_streamable_http_server_as_a_skill(tmp_path: Path, http_server: str) -> None:
    pool = McpPool(load_skill(_skill(tmp_path / "remote_mcp", f'{{url: "{http_server}"}}')))
    await pool.start()
    try:
        assert (await pool.call("remote_mcp_echo", {"text": "over http"}))["text"] == "over http"
        with pytest.raises(SkillCallError, match="the fixture was asked to fail"):
            await pool.call("remote_mcp_fail", {})
        await asyncio.sleep(0)
    finally:
        await pool.close()
