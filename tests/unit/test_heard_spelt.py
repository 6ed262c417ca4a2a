"""Which skills hear a message: one whose declared words the message misspells hears it as it
would hear them spelt ("time in denvr"), and a message no skill's tools reach RELEVANT for is
heard by the closest one and also by the skill of its nearest intent, when that is near."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import HumanMessage

from agent_graph.graph.tool_choice import HEARD_FLOOR, INTENT_FLOOR, RELEVANT, ToolChoice
from agent_graph.understanding.matcher import IntentMatcher, Ranked
from agent_graph.understanding.spelling import Spelling

TOOLS = [
    {"function": {"name": "alpha_tool", "description": "alpha"}},
    {"function": {"name": "beta_tool", "description": "beta"}},
]
SKILLS = {"alpha_tool": "alpha", "beta_tool": "beta"}.get
VECTORS = {
    "clock in denver": [0.5, 0.0, 0.866],
    "clock in denvr": [0.2, 0.22, 0.955],
    "settle on buda": [0.25, 0.1, 0.963],
}
"""Each message's similarity to alpha's document and to beta's (and the rest of its unit
vector): only the clock spelt right is RELEVANT to alpha; misspelt, beta is the closest."""


def _embed(texts: list[str]) -> list[list[float]]:
    docs = {"alpha tool: alpha": [1.0, 0.0, 0.0], "beta tool: beta": [0.0, 1.0, 0.0]}
    return [docs.get(t) or VECTORS[t] for t in texts]


def _heard(text: str, **choice: Any) -> set[str]:
    return ToolChoice(SKILLS, _embed, **choice).heard(TOOLS, [HumanMessage(text)])


def test_a_slip_of_a_declared_word_is_heard_as_spelt() -> None:
    assert RELEVANT > 0.22 >= HEARD_FLOOR
    spell = IntentMatcher([], spelling={"alpha": Spelling(frozenset({"denver"}))}).spelt
    assert spell("clock in denvr") == "clock in denver"
    assert _heard("clock in denvr", spell=spell) == {"alpha"}
    assert _heard("clock in denvr") == {"beta"}


def test_the_nearest_intents_skill_hears_beside_the_closest_tools_skill() -> None:
    def intents(text: str) -> Sequence[Ranked]:
        return [Ranked("beta", "remember", INTENT_FLOOR + 0.05), Ranked("alpha", "clock", 0.2)]

    assert _heard("settle on buda", intents=intents) == {"alpha", "beta"}
    assert _heard("settle on buda") == {"alpha"}
