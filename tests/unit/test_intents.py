"""Intents as data: each skill's intents.yaml, and the MiniLM nearest-examples matcher that
ranks them for a message and hands each planner its own part of the ranking."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage

from agent_graph.memory.embeddings import embed
from agent_graph.planning.planners import Planners
from agent_graph.skills.model.manifest import load_skill
from agent_graph.understanding.intents import IntentsError, load_all, load_intents
from agent_graph.understanding.matcher import IntentMatcher, for_planner
from tests.skill_env import SKILLS_DIR
from tests.unit.test_planners import Bound, skill

PLANNED = ("real_estate", "mortgage", "current_time", "mcp_time")
BUNDLED = load_all((name, SKILLS_DIR / name) for name in PLANNED)


class CountingEmbed:
    """The real MiniLM, counting how many texts it was asked to embed."""

    def __init__(self) -> None:
        self.texts = 0

    def __call__(self, texts: list[str]) -> Sequence[Sequence[float]]:
        self.texts += len(texts)
        return embed(texts)


@pytest.mark.parametrize("name", PLANNED)
def test_every_bundled_skill_with_a_planner_declares_intents_of_its_own_tools(name: str) -> None:
    intents = [i for i in BUNDLED if i.skill == name]
    assert intents, f"{name} has no intents.yaml"
    tools_doc = (SKILLS_DIR / name / "SKILL.md").read_text()
    for intent in intents:
        assert len(intent.examples) >= 3, intent.name
        assert intent.answer or f"{intent.tool}" in tools_doc or name == "mcp_time", intent.name


def test_a_malformed_intents_file_is_an_error_and_is_skipped_among_others(tmp_path: Path) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "intents.yaml").write_text(
        "intents:\n  hi:\n    tool: x\n    answer: words\n"
    )
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "intents.yaml").write_text(
        "intents:\n  hi:\n    answer: words\n    examples: [hello]\n"
    )
    with pytest.raises(IntentsError, match="exactly one of"):
        load_intents("bad", tmp_path / "bad")
    found = load_all([("bad", tmp_path / "bad"), ("good", tmp_path / "good")])
    assert [(i.skill, i.name, i.examples) for i in found] == [("good", "hi", ("hello",))]


def test_an_intent_may_say_how_sure_a_planner_must_be_and_the_planner_is_told(
    tmp_path: Path,
) -> None:
    (tmp_path / "intents.yaml").write_text(
        "intents:\n  hi:\n    answer: words\n    sure: 0.4\n    examples: [hello]\n"
        "  bye:\n    answer: words\n    examples: [goodbye]\n"
    )
    hi, bye = load_intents("one", tmp_path)
    assert (hi.sure, bye.sure) == (0.4, None)
    seen = for_planner(IntentMatcher([hi, bye]).rank("hello there"), "one")
    assert seen["intents"] == [
        {"name": "hi", "score": pytest.approx(1.0, abs=0.2), "sure": 0.4},
        {"name": "bye", "score": pytest.approx(0.5, abs=0.5)},
    ]
    (tmp_path / "intents.yaml").write_text(
        "intents:\n  hi:\n    answer: words\n    sure: 2\n    examples: [hello]\n"
    )
    with pytest.raises(IntentsError, match="sure is a similarity"):
        load_intents("one", tmp_path)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("hey, good evening", "greeting"),
        ("thank you very much", "thanks"),
        ("what does HOA stand for", "explain_term"),
        ("let me know when the price of the first one falls", "watch_home"),
        ("what would the payments be on that one", "monthly_payment"),
        ("what's the time in Lisbon right now", "current_time"),
    ],
)
def test_the_nearest_intent_is_the_wish_in_words_no_example_uses(text: str, intent: str) -> None:
    assert IntentMatcher(BUNDLED).rank(text)[0].name == intent


def test_examples_are_embedded_once_and_a_message_once_per_turn(tmp_path: Path) -> None:
    (tmp_path / "intents.yaml").write_text(  # examples no other test embeds
        f"intents:\n  hi:\n    answer: words\n    examples: [hello, {tmp_path.name} hi]\n"
        f"  bye:\n    answer: words\n    examples: [goodbye, {tmp_path.name} bye]\n"
    )
    counting = CountingEmbed()
    matcher = IntentMatcher(load_intents("one", tmp_path), counting)
    assert [r.name for r in matcher.rank("hello there")] == ["hi", "bye"]
    matcher.rank("hello there")
    assert counting.texts == 4 + 1
    assert (
        IntentMatcher(load_intents("one", tmp_path), counting).rank("see you, bye")[0].name == "bye"
    )
    assert counting.texts == 4 + 2  # another matcher of the same examples shares them


def test_a_planner_sees_only_its_own_intents_and_how_near_the_others_are() -> None:
    ranked = IntentMatcher(BUNDLED).rank("what time is it in Tokyo")
    seen = for_planner(ranked, "real_estate")
    names = {i.name for i in BUNDLED if i.skill == "real_estate"}
    assert seen["intents"] and all(i["name"] in names for i in seen["intents"])  # type: ignore[union-attr]
    assert seen["intent_elsewhere"] == ranked[0].score


def greeter_and_finder(tmp_path: Path, planner: str) -> Path:
    """Skill alpha with this planner and two intents: say_hello (words) and find (its tool)."""
    folder = skill(tmp_path, "alpha", planner)
    (folder / "intents.yaml").write_text(
        "intents:\n"
        "  say_hello:\n    answer: words\n    examples: [hello, hi there]\n"
        "  find:\n    tool: alpha_tool\n    examples: [find a house, search homes]\n"
    )
    return folder


INTENT_ECHO = """
def plan(turn):
    best = turn.get("intents") or [{"name": "none"}]
    return {"calls": [], "note": best[0]["name"]}
"""


def test_the_offline_model_hands_each_planner_the_intents_of_the_message(tmp_path: Path) -> None:
    folder = greeter_and_finder(tmp_path, INTENT_ECHO)
    planners = Planners.from_folders([folder])
    try:
        model = Bound(planners, ("alpha_tool",))
        assert model.respond([HumanMessage("hey hello")]).content == "say_hello"
        assert model.respond([HumanMessage("look for homes")]).content == "find"
    finally:
        planners.close()
    assert load_skill(folder).name == "alpha"


PART_ECHO = """
def plan(turn):
    parts = turn.get("part_intents") or []
    named = [f"{p['text']}={p['intents'][0]['name']}" for p in parts]
    return {"calls": [], "note": "; ".join(named) or "whole only"}
"""


def test_each_part_of_a_message_a_cut_leaves_is_ranked_for_the_planner(tmp_path: Path) -> None:
    folder = greeter_and_finder(tmp_path, PART_ECHO)
    planners = Planners.from_folders([folder])
    try:
        model = Bound(planners, ("alpha_tool",))
        two = model.respond([HumanMessage("hi there, and look for homes")]).content
        assert two == "hi there=say_hello; look for homes=find"
        assert model.respond([HumanMessage("look for homes")]).content == "whole only"
    finally:
        planners.close()
