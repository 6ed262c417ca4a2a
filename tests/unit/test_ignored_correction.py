"""A call refused with a planner's correction and sent again unchanged did not take the
correction in: it runs as the planners would make it for the user's message, and the model is
told so. Without such a plan it runs as sent (the model overruling the correction)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage

from agent_graph.events import Event
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.planning.planners import Planners
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import InMemorySkills, ScriptedChatModel
from tests.unit.test_planners import skill
from tests.unit.test_skills_answer import BOATS

PLANNER = """
def plan(turn):
    if "{word}" not in turn["text"]:
        return None
    return {{"calls": [{{"name": "find", "args": {{"q": "boats", "at_most": 5}}}}], "note": ""}}
def check(turn):
    if "at_most" not in turn["call"]["args"]:
        return ["at_most: the user said at most 5; add at_most: 5"]
    return None
"""


def _stubborn(messages: list[BaseMessage]) -> AIMessage:
    """Sends the same call until one ran, then answers with what the last result said."""
    last = messages[-1]
    if isinstance(last, ToolMessage) and last.status != "error":
        return AIMessage(f"Done: {last.content}")
    call = {"name": "find", "args": {"q": "boats"}, "id": f"c{len(messages)}", "type": "tool_call"}
    return AIMessage("", tool_calls=[call])


def _fidgety(messages: list[BaseMessage]) -> AIMessage:
    """After a correction, changes its call, but not the way the correction said."""
    last = messages[-1]
    if isinstance(last, ToolMessage) and last.status != "error":
        return AIMessage(f"Done: {last.content}")
    args = {"q": "boats", "sort": "new"} if isinstance(last, ToolMessage) else {"q": "boats"}
    call = {"name": "find", "args": args, "id": f"c{len(messages)}", "type": "tool_call"}
    return AIMessage("", tool_calls=[call])


async def _turn(
    tmp_path: Path, word: str, respond: Any = _stubborn, checks: bool = True
) -> tuple[InMemorySkills, list[dict[str, Any]]]:
    skill(tmp_path / "skills", "finder", PLANNER.format(word=word))
    planners = Planners.from_skills_dir(tmp_path / "skills")
    skills = InMemorySkills({"find": lambda p: {"found": p}}, skill="finder", descriptions=BOATS)
    services = Services(
        skills=skills,
        model=ScriptedChatModel(respond=respond),
        sessions=SessionStore(tmp_path),
        planners=planners,
        relevance=skills.hearing(),
        checks=checks,
    )
    try:
        runner = TurnRunner(build_graph(services), Sanitizer())
        events = [
            e
            async for e in runner.events(
                TurnRequest("alice", "s1", "boats, at most 5", persist=False)
            )
        ]
    finally:
        planners.close()
    return skills, events


def _answer(events: list[Event]) -> str:
    return "".join(e.content for e in events if e.type == "token")


async def test_an_unchanged_resend_runs_as_the_planners_would_make_it(tmp_path: Path) -> None:
    skills, events = await _turn(tmp_path, word="boats")
    assert skills.calls == [("find", {"q": "boats", "at_most": 5})]
    assert "ran as the skill corrected it" in _answer(events)


async def test_a_changed_resend_corrected_the_same_way_runs_as_planned(tmp_path: Path) -> None:
    skills, events = await _turn(tmp_path, word="boats", respond=_fidgety)
    assert skills.calls == [("find", {"q": "boats", "at_most": 5})]
    assert "ran as the skill corrected it" in _answer(events)


async def test_without_a_plan_the_resend_overrules_the_correction(tmp_path: Path) -> None:
    skills, events = await _turn(tmp_path, word="planes")
    assert skills.calls == [("find", {"q": "boats"})]
    assert "corrected" not in _answer(events)


async def test_with_checks_off_the_call_runs_as_the_model_sent_it(tmp_path: Path) -> None:
    skills, events = await _turn(tmp_path, word="boats", checks=False)
    assert skills.calls == [("find", {"q": "boats"})]
    assert not [e for e in events if e.type == "step" and e.status == "error"]
