"""A message holding one of a skill's declared shapes (intents.yaml `shapes:`, patterns of what
its planner reads exactly) is heard by that skill whatever else hears it, while nearness alone
would leave it to no planner or to another skill; a malformed list leaves it without shapes."""

from __future__ import annotations

from pathlib import Path

from langchain_core.messages import HumanMessage

from agent_graph.graph.tool_choice import ToolChoice
from agent_graph.memory.embeddings import embed
from agent_graph.understanding.intents import declared
from agent_graph.understanding.matcher import IntentMatcher
from tests.unit.test_two_skills import TOOLS, two_skill_folders

SAID = "whats the story on ticket QX-20417"
"""Words near no tool and no intent of the two skills (weather, house), holding a code."""


def _choice(tmp_path: Path, shapes: str) -> ToolChoice:
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    with (folders[1] / "intents.yaml").open("a") as kept:
        kept.write(shapes)
    said = declared([(f.name, f) for f in folders])
    matcher = IntentMatcher(said.intents, names=said.names, shapes=said.shapes)
    skill_of = {"alpha_tool": "alpha", "beta_tool": "beta"}.get
    return ToolChoice(skill_of, embed, matcher.rank, matcher.named, shaped=matcher.shaped)


def test_a_message_holding_a_declared_shape_is_heard_by_its_skill(tmp_path: Path) -> None:
    choice = _choice(tmp_path, "shapes: ['\\bqx-\\d{5}\\b']\n")
    assert choice.heard(TOOLS, [HumanMessage(SAID)]) == {"beta"}
    assert choice.heard(TOOLS, [HumanMessage(SAID.upper())]) == {"beta"}
    assert choice.heard(TOOLS, [HumanMessage("whats the story on ticket 20417")]) == set()


def test_a_shape_joins_the_skills_that_hear_a_message_otherwise(tmp_path: Path) -> None:
    choice = _choice(tmp_path, "shapes: ['\\bqx-\\d{5}\\b']\n")
    heard = choice.heard(TOOLS, [HumanMessage("will it rain tomorrow, and where is QX-20417")])
    assert heard == {"alpha", "beta"}


def test_a_malformed_shapes_list_leaves_the_skill_without_shapes(tmp_path: Path) -> None:
    for malformed in ("shapes: ['qx-(\\d']\n", "shapes: {qx: 1}\n"):
        choice = _choice(tmp_path / str(len(malformed)), malformed)
        assert choice.heard(TOOLS, [HumanMessage(SAID)]) == set()
