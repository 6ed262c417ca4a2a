"""Skill planners: loaded by file path from skill folders, asked in PRIORITY order, never fatal."""

from __future__ import annotations

from pathlib import Path

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.security.sanitizer import wrap_external
from agent_graph.skills.planners import Planners


def skill(root: Path, name: str, planner: str, package: dict[str, str] | None = None) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\nimage: x\n---\n")
    if package is None:
        (folder / "planner.py").write_text(planner)
    else:
        (folder / "planner").mkdir()
        (folder / "planner" / "__init__.py").write_text(planner)
        for file, text in package.items():
            (folder / "planner" / file).write_text(text)
    return folder


ECHO = """
PRIORITY = {priority}
def plan(turn):
    if "{word}" not in turn["text"]:
        return None
    return {{"calls": [{{"name": "{tool}", "args": {{"q": turn["text"]}}}}], "note": ""}}
def answer(turn):
    mine = [o for o in turn["outcomes"] if o["tool"] == "{tool}"]
    return "{tool} said " + str(mine[0]["result"]["n"]) if mine else None
def state_lines(results):
    return ["{tool} saw " + str(len(results))]
def hints(results):
    return ["{tool} 1", "{tool} 2", "{tool} 3", "{tool} 4"]
"""


def two_skills(root: Path) -> Planners:
    skill(root, "alpha", ECHO.format(priority=60, word="go", tool="alpha_tool"))
    skill(root, "beta", ECHO.format(priority=5, word="go", tool="beta_tool"))
    return Planners.from_skills_dir(root)


def bound(planners: Planners, *names: str) -> OfflineChatModel:
    tools = [{"function": {"name": n, "description": f"Does {n}. More."}} for n in names]
    return OfflineChatModel(planners=planners).bind_tools(tools)


def test_lower_priority_is_asked_first_and_the_first_plan_wins(tmp_path: Path) -> None:
    planners = two_skills(tmp_path)
    assert [p.folder for p in planners.items] == ["beta", "alpha"]
    reply = bound(planners, "alpha_tool", "beta_tool").respond([HumanMessage("go now")])
    assert [c["name"] for c in reply.tool_calls] == ["beta_tool"]
    assert reply.tool_calls[0]["args"] == {"q": "go now"}


def test_calls_to_unbound_tools_are_dropped(tmp_path: Path) -> None:
    reply = bound(two_skills(tmp_path), "alpha_tool").respond([HumanMessage("go")])
    assert reply.tool_calls == [] and reply.content == ""


def test_answers_state_lines_and_hints_compose_in_priority_order(tmp_path: Path) -> None:
    planners = two_skills(tmp_path)
    call = {"name": "alpha_tool", "args": {}, "id": "c1"}
    messages = [
        HumanMessage("go"),
        AIMessage("", tool_calls=[call]),
        ToolMessage(
            wrap_external("alpha.alpha_tool", '{"type": "x", "n": 7}'),
            tool_call_id="c1",
            name="alpha_tool",
        ),
    ]
    assert bound(planners, "alpha_tool").respond(messages).content == "alpha_tool said 7"
    assert planners.state_lines([{}]) == ["beta_tool saw 1", "alpha_tool saw 1"]
    assert planners.hints([]) == ["beta_tool 1", "beta_tool 2", "beta_tool 3"]


def test_without_a_planner_the_model_lists_what_its_tools_do(tmp_path: Path) -> None:
    reply = bound(two_skills(tmp_path), "alpha_tool").respond([HumanMessage("hello")])
    assert reply.tool_calls == []
    assert "- Does alpha_tool" in str(reply.content) and "More" not in str(reply.content)


def test_outcomes_no_planner_answers_are_described_generically(tmp_path: Path) -> None:
    call = {"name": "gamma", "args": {}, "id": "c1"}
    messages = [
        HumanMessage("go"),
        AIMessage("", tool_calls=[call]),
        ToolMessage("Error: timed out", tool_call_id="c1", name="gamma", status="error"),
    ]
    reply = bound(two_skills(tmp_path), "gamma").respond(messages)
    assert reply.content == (
        "The gamma tool failed (it took too long to answer). Please try again in a moment."
    )


def test_a_package_planner_keeps_its_relative_imports(tmp_path: Path) -> None:
    skill(
        tmp_path,
        "pkg",
        "from .rules import plan\n",
        {"rules.py": "def plan(turn):\n    return {'calls': [], 'note': 'from a package'}\n"},
    )
    assert Planners.from_skills_dir(tmp_path).plan({"text": "x"}) == {
        "calls": [],
        "note": "from a package",
    }


def test_broken_planners_are_skipped_never_fatal(tmp_path: Path) -> None:
    skill(tmp_path, "a_import", "raise RuntimeError('boom at import')\n")
    skill(tmp_path, "b_raises", "def plan(turn):\n    raise ValueError('boom')\n")
    skill(tmp_path, "c_shape", "def plan(turn):\n    return 'not a dict'\n")
    skill(tmp_path, "d_fine", "def plan(turn):\n    return {'calls': [], 'note': 'ok'}\n")
    planners = Planners.from_skills_dir(tmp_path)
    assert [p.folder for p in planners.items] == ["b_raises", "c_shape", "d_fine"]
    assert planners.plan({"text": "x"}) == {"calls": [], "note": "ok"}
    assert planners.hints([]) is None and planners.state_lines([]) == []
