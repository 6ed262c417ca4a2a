"""A follow-up sent the moment an answer ends reads little: the local model's prompt grows
append-only. The request bodies the product's own client sends (to a real HTTP server on
127.0.0.1 speaking OpenAI's format) for a search and then "tell me more about the second one":
the follow-up's first request starts with the whole last request of the search and its answer,
and adds only its context block (what changed of the conversation state, what is recalled for
it) and its message, at most 400 tokens (counted as characters / 4)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from agent_graph.config import Settings
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.llm.factory import make_chat_model
from agent_graph.llm.profile import profile_for
from agent_graph.planning.planners import Planners
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills
from tests.openai_server import FakeOpenAI
from tests.unit.test_planners import skill
from tests.unit.test_prompt_layout import RecallingMemory

NEW_TOKENS = 400
NUMBERING_PLANNER = """
def state_lines(results):
    items = [i for r in results if r.get("type") == "listings" for i in r["items"]]
    refs = "; ".join(f"{n} = zpid {i['zpid']} ({i['street']})" for n, i in enumerate(items, 1))
    return [f"Last results, numbered as shown: {refs}"] if items else []
"""
LISTINGS = {
    "type": "listings",
    "items": [
        {"zpid": 1000 + n, "street": f"{n} Elm Street", "price": 400_000 + n, "beds": 3}
        for n in range(10)
    ],
}
"""A search's ten results: about 1,000 characters as the model reads them."""


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI({"look": {}})
    yield server
    server.close()


@pytest.fixture
def planners(tmp_path: Path) -> Iterator[Planners]:
    skill(tmp_path / "skills", "looking", NUMBERING_PLANNER)
    loaded = Planners.from_skills_dir(tmp_path / "skills")
    yield loaded
    loaded.close()


def _services(tmp_path: Path, fake: FakeOpenAI, planners: Planners) -> Services:
    settings = Settings(agent_model="local", memory_root=tmp_path)
    # no read ahead: the follow-up is sent before any could run; the model reads the results
    profile = replace(profile_for(settings), read_ahead=False, skill_answers=False)
    return Services(
        skills=InMemorySkills({"look": lambda p: LISTINGS}, skill="looking"),
        model=make_chat_model(settings, profile, local_base_url=fake.base_url),
        sessions=SessionStore(tmp_path),
        planners=planners,
        memory=RecallingMemory(),  # type: ignore[arg-type]
        model_profile=profile,
    )


async def _turn(services: Services, text: str) -> None:
    context = Context(user_id="alice", session_id="s1")
    async for _ in build_graph(services).astream(
        {"messages": [HumanMessage(text)]}, context=context
    ):
        pass


def _tokens(messages: list[dict[str, Any]]) -> int:
    return len(json.dumps(messages)) // 4


async def test_a_follow_up_reads_only_its_block_and_message(
    tmp_path: Path, fake: FakeOpenAI, planners: Planners
) -> None:
    services = _services(tmp_path, fake, planners)
    await _turn(services, "look for houses")
    assert len(fake.requests) == 2, "the search: its call, then its answer"
    await _turn(services, "tell me more about the second one")
    last, follow_up = fake.requests[1]["messages"], fake.requests[2]["messages"]

    assert follow_up[: len(last)] == last, "the follow-up starts with the search's last request"
    answer, *added = follow_up[len(last) :]
    assert answer["role"] == "assistant" and answer["content"].startswith("Tool said")
    assert fake.requests[2]["tools"] == fake.requests[1]["tools"]
    assert [m["role"] for m in added] == ["system", "user"]
    block, asked = (m["content"] for m in added)
    assert asked == "tell me more about the second one"
    assert "2 = zpid 1001 (1 Elm Street)" in block, "the state numbers the results"
    assert "recalled for 'tell me more" in block
    assert "budget_max" not in block, "the preferences the search's block said are not repeated"
    assert _tokens(added) <= NEW_TOKENS
