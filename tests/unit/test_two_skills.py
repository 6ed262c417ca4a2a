"""Two wishes for two skills in one message: the message is cut in two, each part planned by the
skill that recognizes it, and both skills' calls are made in the first step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from agent_graph.graph.tool_choice import HEARD_FLOOR, INTENT_FLOOR, INTENT_HEARD, ToolChoice
from agent_graph.memory.embeddings import embed
from agent_graph.planning.planners import Planners
from agent_graph.planning.two_skills import cuts, parts
from agent_graph.understanding.intents import load_all
from agent_graph.understanding.matcher import IntentMatcher
from tests.unit.test_planners import Bound, skill

WORD_PLANNER = """
PRIORITY = {priority}
def plan(turn):
    if "{word}" not in turn["text"].lower():
        return None
    return {{"calls": [{{"name": "{tool}", "args": {{"q": turn["text"]}}}}], "note": ""}}
"""
INTENTS = {
    "alpha": "weather_now:\n    tool: alpha_tool\n    examples: [what's the weather like in "
    "Paris, is it raining in London, how warm is it in Rome today]\n",
    "beta": "find_house:\n    tool: beta_tool\n    examples: [find me a house in Austin, "
    "show me homes with a garden, 3 bedroom houses under 400k]\n",
}


def two_skill_folders(root: Path, word: dict[str, str]) -> list[Path]:
    """alpha (asked first) plans a call when the message has its word, beta likewise."""
    folders = []
    for name, priority in (("alpha", 5), ("beta", 60)):
        planner = WORD_PLANNER.format(priority=priority, word=word[name], tool=f"{name}_tool")
        folder = skill(root, name, planner)
        (folder / "intents.yaml").write_text("intents:\n  " + INTENTS[name])
        folders.append(folder)
    return folders


def calls_for(root: Path, text: str, word: dict[str, str]) -> list[tuple[str, str]]:
    planners = Planners.from_folders(two_skill_folders(root, word))
    try:
        answer = Bound(planners, ("alpha_tool", "beta_tool")).respond([HumanMessage(text)])
    finally:
        planners.close()
    return [(c["name"], c["args"]["q"]) for c in answer.tool_calls]


def test_two_wishes_for_two_skills_make_both_skills_calls_each_with_its_part(
    tmp_path: Path,
) -> None:
    said = "find me a house in Austin, and what's the weather in Paris?"
    assert calls_for(tmp_path, said, {"alpha": "weather", "beta": "house"}) == [
        ("beta_tool", "find me a house in Austin"),
        ("alpha_tool", "what's the weather in Paris?"),
    ]


def test_one_wish_said_in_parts_stays_one_skills_call(tmp_path: Path) -> None:
    said = "show me a house with a garden and a pool"
    assert calls_for(tmp_path, said, {"alpha": "pool", "beta": "house"}) == [("alpha_tool", said)]


def test_a_part_that_only_sets_the_scene_is_no_wish_of_its_own(tmp_path: Path) -> None:
    said = "my sister lives in Paris, and what's the weather there"
    assert calls_for(tmp_path, said, {"alpha": "weather", "beta": "paris"}) == [
        ("alpha_tool", said)
    ]


LEANING_PLANNER = """
PRIORITY = 5
def plan(turn):
    text = turn["text"].lower()
    if "weather" not in text or ("it" in text.split() and "austin" not in text):
        return None  # "the weather around it" alone: where is "it"?
    return {"calls": [{"name": "alpha_tool", "args": {"q": turn["text"]}}], "note": ""}
"""


def test_a_second_part_that_refers_back_is_planned_from_the_whole_message(
    tmp_path: Path,
) -> None:
    """alpha plans "what's the weather around it" only where "it" is named: from the whole
    message, so both skills' calls are made, the first part's first."""
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    (folders[0] / "planner.py").write_text(LEANING_PLANNER)
    planners = Planners.from_folders(folders)
    said = "save the house in Austin, and what's the weather around it"
    try:
        answer = Bound(planners, ("alpha_tool", "beta_tool")).respond([HumanMessage(said)])
    finally:
        planners.close()
    assert [(c["name"], c["args"]["q"]) for c in answer.tool_calls] == [
        ("beta_tool", "save the house in Austin"),
        ("alpha_tool", said),
    ]


BOTH_PARTS_PLANNER = """
PRIORITY = 70
def plan(turn):
    text = turn["text"].lower()
    calls = [{"name": "beta_tool", "args": {"q": part.strip()}} for part in text.split(", and")
             if "austin" in part or ("homes like it" in part and "austin" in text)]
    return {"calls": calls, "note": ""} if calls else None
"""


def test_a_part_read_from_the_whole_keeps_only_the_calls_the_first_part_does_not_make(
    tmp_path: Path,
) -> None:
    """beta, reading the whole message for "homes like it", also plans the first part (it
    names Austin): that part is alpha's, so only "homes like it" is kept of beta's plan."""
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    (folders[1] / "planner.py").write_text(BOTH_PARTS_PLANNER)
    planners = Planners.from_folders(folders)
    said = "what's the weather like in Austin, and show me homes like it"
    try:
        answer = Bound(planners, ("alpha_tool", "beta_tool")).respond([HumanMessage(said)])
    finally:
        planners.close()
    assert [(c["name"], c["args"]["q"]) for c in answer.tool_calls] == [
        ("alpha_tool", "what's the weather like in Austin"),
        ("beta_tool", "show me homes like it"),
    ]


def test_a_second_part_nearer_the_first_parts_skill_is_not_read_by_another_from_the_whole(
    tmp_path: Path,
) -> None:
    said = "save the house in Paris, and what's the weather today"
    assert calls_for(tmp_path, said, {"alpha": "paris", "beta": "house"}) == [("alpha_tool", said)]


HOUSE_PLANNER = """
PRIORITY = 60
def plan(turn):
    if "house" not in turn["text"].lower():
        return None
    return {"calls": [{"name": "beta_tool", "args": {"q": "the house"}}], "note": ""}
"""


def test_a_second_part_that_leaves_unsaid_what_it_refers_to_is_read_from_the_whole(
    tmp_path: Path,
) -> None:
    """alpha plans the weather only where the place is said: "then tell me the weather" is of
    the house the first part names (beta plans the whole as that part alone), so alpha plans it
    from the whole message; "is the weather like that" points at what was said, and is not."""
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    (folders[0] / "planner.py").write_text(LEANING_PLANNER.replace('"it" in text.split()', "True"))
    (folders[1] / "planner.py").write_text(HOUSE_PLANNER)
    planners = Planners.from_folders(folders)
    said = "open the house in Austin after that tell me the weather"
    pointed = "open the house in Austin, is the weather like that"
    try:
        bound = Bound(planners, ("alpha_tool", "beta_tool"))
        answer = bound.respond([HumanMessage(said)])
        other = bound.respond([HumanMessage(pointed)])
    finally:
        planners.close()
    assert [(c["name"], c["args"]["q"]) for c in answer.tool_calls] == [
        ("beta_tool", "the house"),
        ("alpha_tool", said),
    ]
    assert [c["name"] for c in other.tool_calls] == ["alpha_tool"]


EACH_PART_PLANNER = """
PRIORITY = 1
def plan(turn):
    text = turn["text"].lower()
    if "house" not in text:
        return None
    return {"calls": [{"name": "beta_tool", "args": {"q": part.strip()}}
                      for part in text.split(", and also")], "note": ""}
"""


def test_a_part_the_first_parts_skill_reads_as_its_own_in_the_whole_is_not_cut_off(
    tmp_path: Path,
) -> None:
    """beta makes a call for each part of the whole message, one for the first part alone:
    the second part is beta's too, though alpha plans it alone and it is nearer alpha."""
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    (folders[1] / "planner.py").write_text(EACH_PART_PLANNER)
    planners = Planners.from_folders(folders)
    said = "show me a house in Austin, and also the weather there"
    try:
        answer = Bound(planners, ("alpha_tool", "beta_tool")).respond([HumanMessage(said)])
    finally:
        planners.close()
    assert [(c["name"], c["args"]["q"]) for c in answer.tool_calls] == [
        ("beta_tool", "show me a house in austin"),
        ("beta_tool", "the weather there"),
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("save it and show me more", [("save it", "show me more")]),
        (
            "rates then taxes; also fees",
            [("rates", "taxes; also fees"), ("rates then taxes", "fees")],
        ),
        ("Hi. What time is it?", [("Hi", "What time is it?")]),
        ("a house with a garden", []),
    ],
)
def test_a_message_is_cut_at_joining_words_and_punctuation(
    text: str, found: list[tuple[str, str]]
) -> None:
    assert cuts(text) == found


TOOLS = [
    {"function": {"name": "alpha_tool", "description": "Tool one."}},
    {"function": {"name": "beta_tool", "description": "Tool two."}},
]


def weather_and_house(
    tmp_path: Path,
) -> tuple[IntentMatcher, list[dict[str, Any]], ToolChoice]:
    """The two skills' intents (alpha: weather, beta: house), their tools and the tool choice
    over them."""
    folders = two_skill_folders(tmp_path, {"alpha": "weather", "beta": "house"})
    matcher = IntentMatcher(load_all((f.name, f) for f in folders))
    choice = ToolChoice({"alpha_tool": "alpha", "beta_tool": "beta"}.get, embed, matcher.rank)
    return matcher, TOOLS, choice


def test_a_skill_hears_a_message_one_of_whose_parts_is_near_its_intent(tmp_path: Path) -> None:
    matcher, tools, choice = weather_and_house(tmp_path)
    said = "3 bedroom houses in Dallas under 300k with a big garden and a garage, and is it raining"
    assert max(r.score for r in matcher.rank(said) if r.skill == "alpha") < 0.5
    assert "alpha" in choice.heard(tools, [HumanMessage(said)])
    assert parts("a and b") == ["a and b", "a", "b"]


def test_a_message_no_tool_is_near_is_heard_by_its_nearest_intents_skill(tmp_path: Path) -> None:
    matcher, tools, choice = weather_and_house(tmp_path)
    vague, unrelated = "somewhere to live with a yard", "tell me a joke"
    assert max(choice.scores(tools, vague).values()) < HEARD_FLOOR
    assert INTENT_FLOOR <= max(r.score for r in matcher.rank(vague)) < INTENT_HEARD
    assert choice.heard(tools, [HumanMessage(vague)]) == {"beta"}
    assert choice.heard(tools, [HumanMessage(unrelated)]) == set()
