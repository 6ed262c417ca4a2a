"""The local model's profile follows the planners' plan: a message they plan calls for makes
those calls with no model call, and the skills word the answer; a message they plan nothing
for is the model's. The model is the product's own client against a real HTTP server on
127.0.0.1 speaking OpenAI's format (tests/openai_server.py), so every model call is counted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_graph.config import Settings
from agent_graph.graph.agent_steps.after import WORDS_ANSWER
from agent_graph.llm.profile import profile_for
from agent_graph.planning.planners import Planners
from tests.integration.test_follow_up_prefix import WORDING_PLANNER, _services, _turn, fake
from tests.openai_server import FakeOpenAI
from tests.unit.test_planners import skill

__all__ = ["fake"]


ASKED = "Which day suits you for a visit?"
ASKING_PLANNER = WORDING_PLANNER.replace(
    "def plan(turn):",
    """def plan(turn):
    if "visit" in turn["text"]:
        return {"calls": [], "note": "ASKED"}
    if "what is" in turn["text"]:
        return {"calls": [], "note": "It is a kind of home.", "no_tools": True}""".replace(
        "ASKED", ASKED
    ),
)

DESCRIPTION = "Look for houses and condos to buy; visit a house."
"""What the skill's one tool says it does: it hears visits and kinds of homes too."""


@pytest.fixture
def wording(tmp_path: Path) -> Iterator[Planners]:
    skill(tmp_path / "skills", "looking", ASKING_PLANNER)
    loaded = Planners.from_skills_dir(tmp_path / "skills")
    yield loaded
    loaded.close()


def test_follow_plans_is_on_for_the_local_model_only_unless_set() -> None:
    def follows(model: str, setting: str = "auto") -> bool:
        settings = Settings(agent_model=model, follow_plans=setting)  # type: ignore[call-arg]
        return profile_for(settings).follows_plans

    assert follows("local") and not follows("offline") and not follows("openai/gpt-4o-mini")
    assert not follows("local", "off") and follows("openai/gpt-4o-mini", "on")


async def test_a_planned_message_makes_its_calls_without_the_model(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, skill_answers=True, follows_plans=True)
    await _turn(services, "look for houses")
    assert services.skills.calls == [("look", {})], "the planned call ran"  # type: ignore[attr-defined]
    assert fake.requests == [], "no model call: the plan chose the call, the skills worded it"


async def test_a_question_back_is_asked_without_the_model(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, True, True, description=DESCRIPTION)
    await _turn(services, "can we visit the house")
    assert fake.requests == [] and services.skills.calls == []  # type: ignore[attr-defined]
    saved = services.sessions.load("alice", "s1")
    assert saved is not None and saved.messages[-1]["data"]["content"] == ASKED


async def test_a_message_that_needs_no_tool_is_answered_by_the_model_in_words(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, True, True, description=DESCRIPTION)
    await _turn(services, "what is a condo")
    assert fake.requests and fake.requests[0]["tool_choice"] == "none", "a call for words only"


async def test_a_message_nobody_planned_for_is_read_by_the_model(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, skill_answers=True, follows_plans=True)
    await _turn(services, "what do you think of the neighbourhood schools")
    assert len(fake.requests) >= 1, "the model read the message"
    first = fake.requests[0]["messages"]
    assert first[-1] == {
        "role": "user",
        "content": "what do you think of the neighbourhood schools",
    }


async def test_without_following_the_model_reads_the_plan_as_a_suggestion(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, skill_answers=True, follows_plans=False)
    await _turn(services, "look for houses")
    assert len(fake.requests) == 1, "the model made the call; the skills worded the answer"
    assert "suggests the call" in fake.requests[0]["messages"][-1]["content"]


@pytest.mark.parametrize("said", ["", "asdfghjkl", "🏠🏠🏠❓"])
async def test_a_message_no_skill_hears_is_answered_in_words(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners, said: str
) -> None:
    services = _services(tmp_path, fake, wording, skill_answers=True, follows_plans=True)
    await _turn(services, said)
    assert fake.requests and fake.requests[0]["tool_choice"] == "none", "a call for words only"


async def test_a_message_a_skill_hears_keeps_its_tools(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, True, True, description=DESCRIPTION)
    await _turn(services, "are there houses with a big garden")
    assert fake.requests and fake.requests[0].get("tool_choice") != "none", "tools offered"


async def test_a_call_for_words_runs_no_tool_the_model_calls_anyway(
    tmp_path: Path, fake: FakeOpenAI, wording: Planners
) -> None:
    services = _services(tmp_path, fake, wording, skill_answers=True, follows_plans=True)
    fake.plans = [("look", {})]  # a small model that calls a tool it was told not to
    await _turn(services, "asdfghjkl")
    assert fake.requests[0]["tool_choice"] == "none"
    assert services.skills.calls == [], "no tool ran"  # type: ignore[attr-defined]
    saved = services.sessions.load("alice", "s1")
    assert saved is not None and saved.messages[-1]["data"]["content"] == WORDS_ANSWER
