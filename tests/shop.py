"""A one-tool shop skill for the graph's planner tests: its planners from a planner's source,
a real model that follows the plan, and the services around them (tests/unit/test_plan_once.py,
test_planner_round_trips.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.graph.services import Services
from agent_graph.llm.profile import profile_of
from agent_graph.planning.planners import Planners
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills, ScriptedChatModel


def shop_planners(tmp_path: Path, source: str) -> Planners:
    """The shop skill's planners, its planner.py being `source` (close them after)."""
    folder = tmp_path / "skills" / "shop"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: shop\nimage: x\n---\n")
    (folder / "planner.py").write_text(source)
    return Planners.from_skills_dir(tmp_path / "skills")


def follows_the_plan(messages: list[BaseMessage]) -> AIMessage:
    """A real model that makes the planned call, then answers from its result."""
    last = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
    if any(isinstance(m, ToolMessage) for m in messages[last:]):
        return AIMessage("Here is the lamp.")
    return AIMessage("", tool_calls=[{"name": "find_item", "args": {"q": "lamp"}, "id": "c1"}])


def shop_services(
    planners: Planners, tmp_path: Path, model: BaseChatModel | None = None
) -> tuple[Services, InMemorySkills]:
    """The graph's services over the shop's one tool, with the planners' suggestions on."""
    model = model or ScriptedChatModel(respond=follows_the_plan)
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
    return services, skills
