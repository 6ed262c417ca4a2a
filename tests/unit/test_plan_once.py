"""A turn's plan is made once: the planners' `plan` is asked at the turn's first model call and
kept in the state (`AgentState.plan`) for the suggestion, the skills' answer and the offline
model; the next turn asks again. Counted as the `planner.plan` spans of real planner processes
(tests/traced.py) around turns run through the real graph."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from opentelemetry import trace

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.llm.profile import profile_of
from agent_graph.planning.planners import Planners
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import InMemorySkills, ScriptedChatModel
from tests.traced import recording

PLANNER = """
def plan(turn):
    return {"calls": [{"name": "find_item", "args": {"q": "lamp"}}]}
def answer(turn):
    return "Found a lamp."
"""


def follows_the_plan(messages: list[BaseMessage]) -> AIMessage:
    """A real model that makes the planned call, then answers from its result."""
    last = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
    if any(isinstance(m, ToolMessage) for m in messages[last:]):
        return AIMessage("Here is the lamp.")
    return AIMessage("", tool_calls=[{"name": "find_item", "args": {"q": "lamp"}, "id": "c1"}])


@pytest.fixture
def planners(tmp_path: Path) -> Any:
    folder = tmp_path / "skills" / "shop"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: shop\nimage: x\n---\n")
    (folder / "planner.py").write_text(PLANNER)
    found = Planners.from_skills_dir(tmp_path / "skills")
    yield found
    found.close()


@pytest.mark.parametrize("kind", ["real", "offline"])
async def test_the_plan_is_asked_once_per_turn(
    kind: str, planners: Planners, tmp_path: Path
) -> None:
    model: BaseChatModel = (
        ScriptedChatModel(respond=follows_the_plan)
        if kind == "real"
        else OfflineChatModel(planners=planners)
    )
    skills = InMemorySkills(
        {"find_item": lambda args: {"item": args["q"]}},
        skill="shop",
        descriptions={"find_item": "Find a lamp or any other item in the shop"},
    )
    services = Services(
        skills=skills,
        model=model,
        sessions=SessionStore(tmp_path / "sessions"),
        planners=planners,
        suggestions=True,
        model_profile=replace(profile_of(model), skill_answers=True),
        relevance=skills.hearing(),
    )
    turns = TurnRunner(build_graph(services), services.sanitizer)
    plans_per_turn = []
    for message in ("find me a lamp in the shop", "find another lamp in the shop"):
        with recording() as recorded, trace.get_tracer("test").start_as_current_span("turn"):
            events = [e async for e in turns.events(TurnRequest("local", "s1", message))]
            plans = [s for s in recorded.finished() if s.name == "planner.plan shop"]
        assert events[-1].type == "done"
        plans_per_turn.append(len(plans))
    assert skills.calls == [("find_item", {"q": "lamp"})] * 2
    assert plans_per_turn == [1, 1]
