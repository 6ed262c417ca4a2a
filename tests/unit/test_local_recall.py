"""A new session's first call on the local model reads each line memory recalls for it after
its cached prefix: a recalled result names only its first top item there (the second listing
of a search was 57 of the 306 tokens such a call read), while other models see the line as
stored."""

from __future__ import annotations

from pathlib import Path

from langchain_core.messages import AIMessage, BaseMessage, SystemMessage

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.memory.scoring import summarize_result, with_top_items
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import InMemorySkills, ScriptedChatModel
from tests.unit.test_prompt_layout import LocalScripted, RecallingMemory

FOUND = {
    "type": "listings",
    "total": 37,
    "items": [
        {"address": "1 Elm St", "price": 400_000, "beds": 3},
        {"address": "2 Oak Ave", "price": 410_000, "beds": 4},
    ],
}
LINE = summarize_result("look", {"city": "Austin"}, FOUND)


class RecallingASearch(RecallingMemory):
    async def semantic_recall(self, user: str, text: str, limit: int) -> list[str]:
        return [LINE]


async def _first_call(tmp_path: Path, model: ScriptedChatModel) -> str:
    services = Services(
        skills=InMemorySkills({"look": lambda p: {"seen": 3}}),
        model=model,
        sessions=SessionStore(tmp_path),
        memory=RecallingASearch(),  # type: ignore[arg-type]
    )
    runner = TurnRunner(build_graph(services), Sanitizer())
    async for _ in runner.events(TurnRequest("alice", "s1", "houses in Austin")):
        pass
    first: list[BaseMessage] = model.seen[0]
    return " ".join(m.text for m in first if isinstance(m, SystemMessage))


def _answer(messages: list[BaseMessage]) -> AIMessage:
    return AIMessage("Here you are.")


def test_a_stored_line_names_its_top_items_and_can_name_fewer() -> None:
    assert "1 Elm St" in LINE and "2 Oak Ave" in LINE
    short = with_top_items(LINE, 1)
    assert short.startswith("look {city: Austin}: 37 matches; top: ")
    assert "1 Elm St" in short and "2 Oak Ave" not in short
    assert with_top_items(LINE, 2) == LINE
    assert with_top_items("look {}: 0 matches", 1) == "look {}: 0 matches"


async def test_the_local_model_reads_one_top_item_of_a_recalled_result(tmp_path: Path) -> None:
    system = await _first_call(tmp_path, LocalScripted(respond=_answer))
    assert "37 matches; top: " in system and "1 Elm St" in system
    assert "2 Oak Ave" not in system


async def test_other_models_read_the_line_as_stored(tmp_path: Path) -> None:
    system = await _first_call(tmp_path, ScriptedChatModel(respond=_answer))
    assert LINE in system
