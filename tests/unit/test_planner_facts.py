"""The planners' view is built from the state: the user's time zone and L1 entries reach a
planner as data through the running graph (never read back from the prompt's text), each skill's
entries only its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.memory.preferences import Remembered
from agent_graph.planning.planners import Planners
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import InMemorySkills
from tests.unit.test_planners import skill

CLOCK = """
def plan(turn):
    if "clock_now" not in turn["tools"]:
        return None
    args = {"zone": turn["timezone"], "remembered": turn["preferences"]}
    return {"calls": [{"name": "clock_now", "args": args}], "note": ""}
"""


class Remembering:
    """L1 entries of two skills, and nothing else (the prompt's text says no budget at all)."""

    async def remembered(self, user: str) -> Remembered:
        entries = {
            "clock": [{"entry_type": "PREFERENCE", "key": "format", "value": "24h"}],
            "homes": [{"entry_type": "PREFERENCE", "key": "budget_max", "value": "$400,000"}],
        }
        return Remembered(entries, "")

    async def semantic_recall(self, user: str, text: str, limit: int) -> list[str]:
        return []

    async def episode_recall(self, *args: Any) -> list[str]:
        return []

    async def apply_writes(self, *args: Any) -> list[dict[str, Any]]:
        return []

    async def remember_results(self, *args: Any) -> None:
        return None

    async def save_episode(self, *args: Any) -> None:
        return None


async def test_the_time_zone_and_the_skills_own_entries_reach_its_planner_as_data(
    tmp_path: Path,
) -> None:
    skill(tmp_path / "skills", "clock", CLOCK)
    planners = Planners.from_skills_dir(tmp_path / "skills")
    skills = InMemorySkills(
        {"clock_now": lambda p: {"type": "clock", **p}},
        skill="clock",
        descriptions={"clock_now": "The current time in the user's time zone."},
    )
    services = Services(
        skills=skills,
        model=OfflineChatModel(planners=planners),
        sessions=SessionStore(tmp_path / "memory"),
        memory=Remembering(),  # type: ignore[arg-type]
        planners=planners,
        relevance=skills.hearing(),
    )
    try:
        runner = TurnRunner(build_graph(services), Sanitizer(), timezone="Asia/Tokyo")
        async for _ in runner.events(TurnRequest("alice", "s1", "what time is it?")):
            pass
    finally:
        planners.close()
    assert skills.calls == [("clock_now", {"zone": "Asia/Tokyo", "remembered": {"format": "24h"}})]
