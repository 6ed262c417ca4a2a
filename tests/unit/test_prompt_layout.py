"""The prompt is laid out for a prefix cache: with the local model every turn's first call
starts with the whole last call of the turn before, its answer included (each past turn keeps
the context block it was answered with), and what is recalled for a message sits after the
history. Other models see no past blocks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.graph import history
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.tool_choice import OFFERED, ToolChoice
from agent_graph.llm.factory import LOCAL_MODEL
from agent_graph.memory.embeddings import embed
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.server.turns import TurnRunner
from agent_graph.skills.planners import Planners
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills, ScriptedChatModel
from tests.unit.test_planners import skill

STATE_PLANNER = """
def state_lines(results):
    return [f"results so far: {len(results)}"] if results else []
"""


class LocalScripted(ScriptedChatModel):
    model: str = LOCAL_MODEL


class RecallingMemory:
    """Recalls a line naming the message it was asked about, as L3 recall does."""

    async def preferences_text(self, user: str) -> str:
        return "budget_max: $500,000"

    async def semantic_recall(self, user: str, text: str) -> list[str]:
        return [f"recalled for {text!r}"]

    async def episode_recall(self, *args: Any) -> list[str]:
        return []

    async def apply_writes(self, *args: Any) -> None:
        return None

    async def remember_results(self, *args: Any) -> None:
        return None

    async def save_episode(self, *args: Any) -> None:
        return None


def _look_then_answer(messages: list[BaseMessage]) -> AIMessage:
    asked = [m for m in messages if isinstance(m, HumanMessage)][-1]
    if not isinstance(messages[-1], ToolMessage) and "look" in str(asked.content):
        call = {"name": "look", "args": {}, "id": f"call_{len(messages)}", "type": "tool_call"}
        return AIMessage("", tool_calls=[call])
    return AIMessage(f"Answer to {asked.content}.")


def _runner(
    tmp_path: Path, model: ScriptedChatModel, choice: ToolChoice | None = None
) -> TurnRunner:
    skills = InMemorySkills({"look": lambda p: {"seen": 3}})
    services = Services(
        skills=skills,
        model=model,
        sessions=SessionStore(tmp_path),
        memory=RecallingMemory(),  # type: ignore[arg-type]
        tool_choice=choice,
    )
    return TurnRunner(build_graph(services), Sanitizer())


async def _turn(runner: TurnRunner, text: str) -> None:
    async for _ in runner.events("alice", "s1", text):
        pass


def _shape(messages: list[BaseMessage]) -> list[tuple[str, str, str]]:
    return [(m.type, str(m.content), str(getattr(m, "tool_calls", "") or "")) for m in messages]


async def test_each_turn_starts_with_the_whole_last_call_of_the_one_before(
    tmp_path: Path,
) -> None:
    model = LocalScripted(respond=_look_then_answer)
    runner = _runner(tmp_path, model)
    await _turn(runner, "look for houses")
    last_call = model.seen[-1]
    answer = _look_then_answer(last_call)
    before = len(model.seen)
    await _turn(runner, "the second one")
    first_call = model.seen[before]

    expected = _shape([*last_call, answer])
    assert _shape(first_call)[: len(expected)] == expected
    # this turn's recall sits right before its message, after the whole history
    block, asked = first_call[-2:]
    assert isinstance(block, SystemMessage) and "recalled for 'the second one'" in block.text
    assert isinstance(asked, HumanMessage) and asked.content == "the second one"
    assert not any("the second one" in m.text for m in first_call[:-2])


async def test_other_models_see_only_this_turns_block(tmp_path: Path) -> None:
    model = ScriptedChatModel(respond=_look_then_answer)
    runner = _runner(tmp_path, model)
    await _turn(runner, "look for houses")
    before = len(model.seen)
    await _turn(runner, "the second one")
    system = " ".join(m.text for m in model.seen[before] if isinstance(m, SystemMessage))
    assert "recalled for 'the second one'" in system
    assert "recalled for 'look for houses'" not in system


async def test_the_skills_a_turn_was_offered_are_stored_with_its_message(tmp_path: Path) -> None:
    model = LocalScripted(respond=_look_then_answer)
    runner = _runner(tmp_path, model, ToolChoice(lambda tool: "looking", embed))
    await _turn(runner, "look for houses")
    record = SessionStore(tmp_path).load("alice", "s1")
    assert record is not None
    asked = history.load(record.messages)[0]
    assert asked.additional_kwargs[OFFERED] == ["looking"]
    assert "recalled for 'look for houses'" in asked.additional_kwargs[history.TURN_CONTEXT]


async def test_a_block_that_begins_with_a_result_sits_before_the_message_of_its_turn(
    tmp_path: Path,
) -> None:
    skill(tmp_path / "skills", "looking", STATE_PLANNER)
    planners = Planners.from_skills_dir(tmp_path / "skills")
    model = LocalScripted(respond=_look_then_answer)
    services = Services(
        skills=InMemorySkills({"look": lambda p: {"type": "seen", "n": 3}}),
        model=model,
        sessions=SessionStore(tmp_path),
        planners=planners,
    )
    runner = TurnRunner(build_graph(services), Sanitizer())
    try:
        await _turn(runner, "look for houses")
        last_call = model.seen[-1]
        before = len(model.seen)
        await _turn(runner, "the second one")
    finally:
        planners.close()
    asked = next(i for i, m in enumerate(last_call) if isinstance(m, HumanMessage))
    assert "results so far: 1" in last_call[asked - 1].text, "the block precedes the message"
    expected = _shape([*last_call, _look_then_answer(last_call)])
    assert _shape(model.seen[before])[: len(expected)] == expected
