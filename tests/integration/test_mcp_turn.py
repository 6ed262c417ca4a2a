"""A graph turn whose tools are MCP servers: results reach the model sanitised like any other
skill's, and a hanging MCP tool is an error ToolMessage, never a crashed turn."""

from __future__ import annotations

import shutil
from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.security.sanitizer import Sanitizer, unwrap_external
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.registry import SkillRegistry
from agent_graph.storage.sessions import SessionStore
from tests.fakes import ScriptedChatModel
from tests.servers import free_port_window
from tests.skill_env import SKILLS_DIR, ensure_skill_envs

MISBEHAVING = Path(__file__).resolve().parents[1] / "fixtures" / "mcp" / "misbehaving.py"


def _call_both_then_answer(messages: list[BaseMessage]) -> AIMessage:
    results = [m for m in messages if isinstance(m, ToolMessage)]
    if results:
        return AIMessage(f"{len(results)} results, statuses {[m.status for m in results]}")
    calls = [
        {"name": "mcp_time_get_current_time", "args": {"timezone": "Asia/Tokyo"}, "id": "c1"},
        {"name": "flaky_mcp_hang", "args": {}, "id": "c2"},
    ]
    return AIMessage("", tool_calls=[{**c, "type": "tool_call"} for c in calls])


async def test_mcp_tools_in_a_turn_with_a_hanging_one(tmp_path: Path) -> None:
    ensure_skill_envs()
    skills_dir = tmp_path / "skills"
    python = SKILLS_DIR / "mcp_time" / ".venv" / "bin" / "python"
    for name, command, timeout in (
        ("mcp_time", f'["{python}", "-m", "mcp_server_time"]', 10),
        ("flaky_mcp", "[python, misbehaving.py]", 1.5),
    ):
        (skills_dir / name).mkdir(parents=True)
        (skills_dir / name / "SKILL.md").write_text(
            f"---\nname: {name}\ntimeout_s: {timeout}\nmcp: {{command: {command}}}\n---\n"
        )
    shutil.copy(MISBEHAVING, skills_dir / "flaky_mcp")  # a worker reads only its own folder
    registry = SkillRegistry(skills_dir, ProcessBackend, PortAllocator(free_port_window()))
    await registry.start()
    try:
        model = ScriptedChatModel(respond=_call_both_then_answer)
        services = Services(
            skills=registry, model=model, sessions=SessionStore(tmp_path), sanitizer=Sanitizer()
        )
        final = await build_graph(services).ainvoke(
            {"messages": [HumanMessage("what time is it in Tokyo?")]},
            context=Context(session_id="mcp1"),
        )
    finally:
        await registry.close()
    tool_messages = {m.tool_call_id: m for m in final["messages"] if isinstance(m, ToolMessage)}
    assert tool_messages["c1"].status == "success"
    assert unwrap_external(tool_messages["c1"].content)["timezone"] == "Asia/Tokyo"  # labelled
    assert tool_messages["c2"].status == "error"
    assert "timed out after 1.5s" in str(tool_messages["c2"].content)
    assert final["messages"][-1].content == "2 results, statuses ['success', 'error']"
