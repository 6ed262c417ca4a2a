"""A message holding one of a skill's declared shapes (intents.yaml `shapes:`, patterns of what
its planner reads exactly) is heard by that skill whatever else hears it, while nearness alone
would leave it to no planner or to another skill; a malformed list leaves it without shapes."""

from __future__ import annotations

from pathlib import Path

import pytest
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


@pytest.mark.timeout(60)  # Python's `re` would take days on these 40 letters
def test_a_shape_that_backtracks_without_end_stalls_nothing(tmp_path: Path) -> None:
    """A skill's shape runs in the core's process: one that backtracks without end on a message
    built for it (`(a+)+$`: 0.8 s on 25 letters with Python's `re`, doubling with each letter)
    gives up after its time limit, the skill unheard by it, and the next message is read as
    before."""
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    for folder, shapes in zip(folders, ("['(a+)+$']", "['\\bqx-\\d{5}\\b']"), strict=True):
        with (folder / "intents.yaml").open("a") as kept:
            kept.write(f"shapes: {shapes}\n")
    said = declared([(f.name, f) for f in folders])
    matcher = IntentMatcher(said.intents, names=said.names, shapes=said.shapes)
    assert matcher.shaped("a" * 40 + "! and QX-20417") == {"beta"}
    assert matcher.shaped("aaaa") == {"alpha"}
