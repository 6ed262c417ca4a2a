"""A message near no tool and no intent is still heard by a skill whose declared names
(intents.yaml `names:`, e.g. the places of its data) it says; only then, so a name never takes a
message from the skill it is about, and a malformed list leaves that skill without names."""

from __future__ import annotations

from pathlib import Path

from langchain_core.messages import HumanMessage

from agent_graph.graph.tool_choice import INTENT_FLOOR, ToolChoice
from agent_graph.memory.embeddings import embed
from agent_graph.understanding.intents import load_all, names_of
from agent_graph.understanding.matcher import IntentMatcher
from tests.unit.test_two_skills import TOOLS, two_skill_folders

SAID = "please don't lose sight of Little Elm for us"
"""Words near no tool and no intent of the two skills (weather, house), naming a town."""


def _choice(tmp_path: Path, names: str) -> tuple[IntentMatcher, ToolChoice]:
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    with (folders[1] / "intents.yaml").open("a") as kept:
        kept.write(names)
    skills = [(f.name, f) for f in folders]
    matcher = IntentMatcher(load_all(skills), names=names_of(skills))
    choice = ToolChoice({"alpha_tool": "alpha", "beta_tool": "beta"}.get, embed, matcher.rank,
                        matcher.named)  # fmt: skip
    return matcher, choice


def test_a_message_heard_by_nothing_else_is_heard_by_the_skill_it_names(tmp_path: Path) -> None:
    matcher, choice = _choice(tmp_path, "names: [Little Elm, Frisco]\n")
    assert max(r.score for r in matcher.rank(SAID)) < INTENT_FLOOR
    assert choice.heard(TOOLS, [HumanMessage(SAID)]) == {"beta"}
    assert choice.heard(TOOLS, [HumanMessage(SAID.replace("Little Elm", "little-elm"))]) == {"beta"}
    assert choice.heard(TOOLS, [HumanMessage("tell me a joke")]) == set()


def test_a_name_never_takes_a_message_another_skill_hears(tmp_path: Path) -> None:
    _, choice = _choice(tmp_path, "names: [Frisco]\n")
    assert choice.heard(TOOLS, [HumanMessage("will it rain tomorrow in Frisco")]) == {"alpha"}


def test_a_malformed_names_list_leaves_the_skill_without_names(tmp_path: Path) -> None:
    _, choice = _choice(tmp_path, "names: {Little Elm: 1}\n")
    assert choice.heard(TOOLS, [HumanMessage(SAID)]) == set()
