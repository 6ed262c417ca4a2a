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
from agent_graph.graph import history
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


def _services(
    tmp_path: Path,
    fake: FakeOpenAI,
    planners: Planners,
    skill_answers: bool = False,
    follows_plans: bool = False,
    description: str = "look",
) -> Services:
    settings = Settings(agent_model="local", memory_root=tmp_path)
    # no read ahead: the follow-up is sent before any could run
    profile = replace(
        profile_for(settings),
        read_ahead=False,
        skill_answers=skill_answers,
        follows_plans=follows_plans,
    )
    described = {"look": description}
    skills = InMemorySkills({"look": lambda p: LISTINGS}, skill="looking", descriptions=described)
    return Services(
        skills=skills,
        model=make_chat_model(settings, profile, local_base_url=fake.base_url),
        sessions=SessionStore(tmp_path),
        planners=planners,
        memory=RecallingMemory(),  # type: ignore[arg-type]
        model_profile=profile,
        relevance=skills.hearing(),  # the skill hears the message: its planner plans it
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
    """The search's calls read its results and the model answers."""
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
    assert _tokens(added) <= NEW_TOKENS, _tokens(added)


WORDING_PLANNER = (
    NUMBERING_PLANNER
    + """
def plan(turn):
    if "look" not in turn["text"]:
        return None
    return {"calls": [{"name": "look", "args": {}}], "note": ""}
def answer(turn):
    return "I found ten homes."
"""
)


async def test_a_follow_up_after_an_answer_the_skills_worded_reads_the_results_as_a_note(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    """The search's one call makes the planned call and the skills word the answer: no call
    read the results, so the follow-up reads them as a short note, then its block and message
    (and its call again, which followed the suggestion the search's call read)."""
    skill(tmp_path / "skills", "looking", WORDING_PLANNER)
    wording = Planners.from_skills_dir(tmp_path / "skills")
    try:
        services = _services(tmp_path, fake, wording, skill_answers=True)
        await _turn(services, "look for houses")
        assert len(fake.requests) == 1, "the skills worded the answer"
        await _turn(services, "tell me more about the second one")
    finally:
        wording.close()
    searched, follow_up = fake.requests[0]["messages"], fake.requests[1]["messages"]
    # the search's request ends with the skill's suggested call, read by that call only
    suggestion = searched[-1]
    assert suggestion["role"] == "system" and "suggests the call" in suggestion["content"]
    kept = len(searched) - 1
    assert follow_up[:kept] == searched[:kept], "the follow-up starts with the search's request"
    call, result, *added = follow_up[kept:]
    assert call["role"] == "assistant" and call["tool_calls"][0]["function"]["name"] == "look"
    assert result["content"] == history.UNREAD_RESULT
    assert [m["role"] for m in added] == ["system", "user"]
    assert _tokens(follow_up[kept:]) <= NEW_TOKENS, _tokens(follow_up[kept:])
