"""A stdio MCP server's reply is capped while it is read (ATTACKS.md): a server that writes one
line that never ends (tests/fixtures/mcp/flood.py), a real process."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from agent_graph.skills.backends.mcp import McpPool
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.manifest import load_skill

FLOOD = Path(__file__).resolve().parents[1] / "fixtures" / "mcp" / "flood.py"


async def test_an_endless_reply_line_is_cut_while_read(tmp_path: Path) -> None:
    """Before: the client buffered the line until the call timed out, its memory growing."""
    folder = tmp_path / "flood_mcp"
    folder.mkdir()
    (folder / "SKILL.md").write_text(
        "---\nname: flood_mcp\ntimeout_s: 20\nmcp: {command: [python, flood.py]}\n---\n"
    )
    shutil.copy(FLOOD, folder)  # a worker reads nothing outside its own folder
    pool = McpPool(load_skill(folder))
    await pool.start()
    try:
        first = await pool.call("flood_mcp_echo", {})
        started = time.monotonic()
        with pytest.raises(SkillCallError, match=r"replied with more than 1,000,000 bytes"):
            await pool.call("flood_mcp_flood", {})
        assert time.monotonic() - started < 15  # the cap, not the 20 s timeout
        with pytest.raises(ProcessLookupError):  # the flooding server was stopped
            os.kill(first["pid"], 0)
        assert (await pool.call("flood_mcp_echo", {}))["pid"] != first["pid"]
    finally:
        await pool.close()
