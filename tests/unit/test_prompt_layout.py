"""The prompt is laid out for a prefix cache: with the local model every turn's first call
starts with the whole last call of the turn before, its answer included (each past turn keeps
the context block it was answered with, which says only what changed), and what is recalled
for a message sits after the history. Other models see no past blocks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.graph import history
from agent_graph.graph.builder import build_graph
from agent_graph.graph.context_block import (
    context_block,
    describe_state,
    known_ahead,
)
from agent_graph.graph.services import Services
from agent_graph.graph.tool_choice import OFFERED, ToolChoice
from agent_graph.llm.profile import LOCAL_MODEL
from agent_graph.memory.embeddings import embed
from agent_graph.memory.preferences import Remembered
from agent_graph.planning.planners import Planners
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
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

    async def remembered(self, user: str) -> Remembered:
        entry = {"entry_type": "PREFERENCE", "key": "budget_max", "value": "$500,000"}
        return Remembered({"fake": [entry]}, "budget_max: $500,000")

    async def semantic_recall(self, user: str, text: str, limit: int) -> list[str]:
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
    async for _ in runner.events(TurnRequest("alice", "s1", text)):
        pass


def _shape(messages: list[BaseMessage]) -> list[tuple[str, str, str]]:
    return [(m.type, str(m.content), str(getattr(m, "tool_calls", "") or "")) for m in messages]


def _replays(call: list[BaseMessage], answer: AIMessage, later: list[BaseMessage]) -> bool:
    """Whether `later` starts with the whole of `call` (its context block included) and its
    answer, as a next turn replays them."""
    earlier = _shape([*call, answer])
    return _shape(later)[: len(earlier)] == earlier


async def test_each_turn_starts_with_the_whole_last_call_of_the_one_before(
    tmp_path: Path,
) -> None:
    """A past turn's block stays where it was read (the prompt grows append-only); the next
    block, after the whole history, says what changed of what is known ahead and what is
    recalled for its message."""
    model = LocalScripted(respond=_look_then_answer)
    runner = _runner(tmp_path, model)
    await _turn(runner, "look for houses")
    last_call = model.seen[-1]
    answer = _look_then_answer(last_call)
    before = len(model.seen)
    await _turn(runner, "the second one")
    first_call = model.seen[before]

    assert _replays(last_call, answer, first_call)
    # this turn's recall sits right before its message, after the whole history
    block, asked = first_call[-2:]
    assert isinstance(block, SystemMessage) and "recalled for 'the second one'" in block.text
    assert isinstance(asked, HumanMessage) and asked.content == "the second one"
    assert not any("the second one" in m.text for m in first_call[:-2])
    assert "budget_max" not in block.text, "the preferences the last block said, unchanged"
    past = next(m for m in first_call if "recalled for 'look for houses'" in m.text)
    assert first_call.index(past) < first_call.index(
        next(m for m in first_call if m.type == "human")
    )


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


def _two_looks(messages: list[BaseMessage]) -> AIMessage:
    """Two tool rounds per turn, then the answer."""
    asked = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
    rounds = sum(isinstance(m, ToolMessage) for m in messages[asked:])
    if rounds < 2:
        call = {
            "name": "look",
            "args": {"n": rounds},
            "id": f"c{len(messages)}",
            "type": "tool_call",
        }
        return AIMessage("", tool_calls=[call])
    return AIMessage(f"Answer to {messages[asked].content}.")


async def test_every_call_starts_with_the_whole_call_before_it_and_its_answer(
    tmp_path: Path,
) -> None:
    """Within a turn too: the block of conversation state stays as the turn began (a rebuild
    before this turn's results would make each round read them again)."""
    skill(tmp_path / "skills", "looking", STATE_PLANNER)
    planners = Planners.from_skills_dir(tmp_path / "skills")
    model = LocalScripted(respond=_two_looks)
    services = Services(
        skills=InMemorySkills({"look": lambda p: {"type": "seen", "n": 3}}, skill="looking"),
        model=model,
        sessions=SessionStore(tmp_path),
        planners=planners,
        memory=RecallingMemory(),  # type: ignore[arg-type]
    )
    runner = TurnRunner(build_graph(services), Sanitizer())
    try:
        for text in ("look for houses", "look closer", "and again"):
            await _turn(runner, text)
    finally:
        planners.close()
    assert len(model.seen) == 9
    for index, (before, after) in enumerate(zip(model.seen, model.seen[1:], strict=False)):
        if (index + 1) % 3:  # the same turn: the whole call, its block included
            expected = _shape([*before, _two_looks(before)])
            assert _shape(after)[: len(expected)] == expected
        else:
            assert _replays(before, _two_looks(before), after)
    # what the state block says reaches the next turn
    assert any("results so far: 2" in m.text for m in model.seen[3])


def test_the_block_opens_with_what_is_known_before_the_message(tmp_path: Path) -> None:
    """Preferences and the conversation state come first (the background read after a turn
    reads them), what is recalled for the message last."""
    skill(tmp_path / "skills", "looking", STATE_PLANNER)
    planners = Planners.from_skills_dir(tmp_path / "skills")
    call = {"name": "look", "args": {}, "id": "c1", "type": "tool_call"}
    seen = [
        HumanMessage("look"),
        AIMessage("", tool_calls=[call]),
        ToolMessage("seen 3", tool_call_id="c1", name="look", artifact={"type": "seen", "n": 3}),
    ]
    sections = {"preferences": "prefs: $500,000", "semantic": "recalled for 'look'"}
    try:
        state = describe_state(seen, planners, {"look": "looking"})
        ahead = known_ahead(state, {"preferences": sections["preferences"]})
        block = context_block(state, sections)
    finally:
        planners.close()
    assert block is not None and ahead.startswith("prefs: $500,000")
    assert "results so far" in ahead and "recalled for" not in ahead
    assert block.text.startswith(ahead) and block.text.endswith("recalled for 'look'")


def test_a_block_after_past_ones_says_what_changed_of_what_is_known_ahead() -> None:
    """Given what the replayed blocks say (`before`), a section unchanged is left out, a new
    one is said, one gone is said to be gone; what is recalled for the message always shows."""
    before = {"preferences": "prefs: $500,000", "state": "Conversation state: 3 seen"}
    sections = {"preferences": "prefs: $500,000", "semantic": "recalled for 'look'"}
    block = context_block("Conversation state: 4 seen", sections, before)
    assert block is not None
    assert block.text == "Conversation state: 4 seen\n\nrecalled for 'look'"
    gone = context_block("", {}, before)
    assert gone is not None and "remember: nothing now" in gone.text
    assert "Conversation state: nothing now" in gone.text
    assert (
        context_block("Conversation state: 3 seen", {"preferences": "prefs: $500,000"}, before)
        is None
    )
