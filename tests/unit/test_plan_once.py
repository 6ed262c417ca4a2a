"""A turn's plan is made once: the planners' `plan` is asked at the turn's first model call and
kept in the state (`AgentState.plan`) for the suggestion, the skills' answer and the offline
model; the next turn asks again. Counted as the `planner.plan` spans of real planner processes
(tests/traced.py) around turns run through the real graph."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from opentelemetry import trace

from agent_graph.graph.builder import build_graph
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.planning.planners import Planners
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import ScriptedChatModel
from tests.shop import follows_the_plan, shop_planners, shop_services
from tests.traced import recording

PLANNER = """
def plan(turn):
    return {"calls": [{"name": "find_item", "args": {"q": "lamp"}}]}
def answer(turn):
    return "Found a lamp."
"""


@pytest.fixture
def planners(tmp_path: Path) -> Any:
    found = shop_planners(tmp_path, PLANNER)
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
    services, skills = shop_services(planners, tmp_path, model)
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
