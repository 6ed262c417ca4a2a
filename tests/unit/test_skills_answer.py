"""SKILL_ANSWERS: a turn whose calls are the ones the skills' planners planned for the message,
each answered, ends with the skills' wording of the results, without the model call that would
read them. A call the planners did not plan, or one still failing, leaves the answer to the
model; with the setting off the model always answers. A message the planners say needs no tool
is answered by a model call offered none."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.events import Event
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.llm.profile import ModelProfile
from agent_graph.planning.planners import Planners
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import InMemorySkills, ScriptedChatModel
from tests.unit.test_planners import skill

PLANNER = """
def plan(turn):
    if turn["text"].startswith("what is a"):
        return {"calls": [], "note": "", "no_tools": True}
    if "boats" not in turn["text"]:
        return None
    return {"calls": [{"name": "find", "args": {"q": "boats"}}], "note": ""}
def answer(turn):
    found = [o for o in turn["outcomes"] if o["tool"] == "find" and o["ok"]]
    if not found and any(o["tool"] == "find" for o in turn["outcomes"]):
        return "The boat index could not be read just now."
    return f"The skill found {found[-1]['result']['count']} boats.\\n\\n1. Sea Breeze" if found else None
"""

BOATS = {"find": "Find boats for sale."}
"""What the tool says it does: the message's words must be about it for its planner to hear."""


def _calling(tool: str) -> Callable[[list[BaseMessage]], AIMessage]:
    """Calls `tool` once; after a result, answers in its own words."""

    def respond(messages: list[BaseMessage]) -> AIMessage:
        if isinstance(messages[-1], ToolMessage):
            return AIMessage("The model read the results.")
        call = {"name": tool, "args": {"q": "boats"}, "id": "c1", "type": "tool_call"}
        return AIMessage("", tool_calls=[call])

    return respond


def _astray_first(messages: list[BaseMessage]) -> AIMessage:
    """Calls a tool nobody planned (it fails), then the planned one, then answers itself."""
    rounds = sum(isinstance(m, AIMessage) and bool(m.tool_calls) for m in messages)
    if rounds >= 2:
        return AIMessage("The model read the results.")
    tool = "broken" if rounds == 0 else "find"
    call = {"name": tool, "args": {"q": "boats"}, "id": f"c{rounds}", "type": "tool_call"}
    return AIMessage("", tool_calls=[call])


async def _talk(
    tmp_path: Path,
    respond: Callable[[list[BaseMessage]], AIMessage],
    texts: tuple[str, ...] = ("any boats?",),
    on: bool = True,
    fails: bool = False,
    follows: bool = False,
) -> tuple[str, ScriptedChatModel]:
    """The last answer of a session of `texts`, and the scripted model (what it read);
    `follows`: a profile that makes the planned calls itself (FOLLOW_PLANS)."""
    skill(tmp_path / "skills", "finder", PLANNER)
    planners = Planners.from_skills_dir(tmp_path / "skills")

    def find(params: dict[str, Any]) -> dict[str, Any]:
        if fails:
            raise RuntimeError("the boat index is down")
        return {"count": 7}

    def broken(params: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("nothing here")

    tools = {"find": find, "other": lambda p: {"count": 1}, "broken": broken}
    model = ScriptedChatModel(respond=respond)
    skills = InMemorySkills(tools, skill="finder", descriptions=BOATS)
    services = Services(
        skills=skills,
        model=model,
        sessions=SessionStore(tmp_path),
        planners=planners,
        relevance=skills.hearing(),
        model_profile=ModelProfile("hosted", skill_answers=on, follows_plans=follows),
    )
    events: list[Event] = []
    try:
        runner = TurnRunner(build_graph(services), Sanitizer())
        for text in texts:
            events = [
                e async for e in runner.events(TurnRequest("alice", "s1", text, persist=True))
            ]
    finally:
        planners.close()
    return "".join(e.content for e in events if e.type == "token"), model


async def _turn(
    tmp_path: Path,
    tool: str = "find",
    on: bool = True,
    fails: bool = False,
    respond: Callable[[list[BaseMessage]], AIMessage] | None = None,
) -> tuple[str, ScriptedChatModel]:
    return await _talk(tmp_path, respond or _calling(tool), on=on, fails=fails)


async def test_the_planned_call_answered_ends_the_turn_in_the_skills_words(
    tmp_path: Path,
) -> None:
    answer, model = await _turn(tmp_path)
    assert answer == "The skill found 7 boats.\n\n1. Sea Breeze"
    assert len(model.seen) == 1  # the call that chose the tool; none read the result


async def test_a_call_the_planners_did_not_plan_is_answered_by_the_model(tmp_path: Path) -> None:
    answer, model = await _turn(tmp_path, tool="other")
    assert answer == "The model read the results."
    assert len(model.seen) == 2


async def test_a_planned_call_that_failed_is_answered_by_the_model(tmp_path: Path) -> None:
    answer, model = await _turn(tmp_path, fails=True)
    assert answer == "The model read the results."
    assert len(model.seen) == 2


async def test_a_failed_call_the_profile_followed_is_worded_by_its_planner(
    tmp_path: Path,
) -> None:
    """The local model's turn: the plan's call was made without the model; its failure is
    the planner's to word, not the model's to chase with calls of its own."""
    answer, model = await _talk(tmp_path, _calling("find"), fails=True, follows=True)
    assert answer == "The boat index could not be read just now."
    assert model.seen == []  # no model call chose the call, none read its failure


async def test_with_the_setting_off_the_model_answers(tmp_path: Path) -> None:
    answer, model = await _turn(tmp_path, on=False)
    assert answer == "The model read the results."
    assert len(model.seen) == 2


async def test_a_failed_call_nobody_planned_is_left_out_of_the_skills_answer(
    tmp_path: Path,
) -> None:
    answer, model = await _turn(tmp_path, respond=_astray_first)
    assert answer == "The skill found 7 boats.\n\n1. Sea Breeze"
    assert len(model.seen) == 2


async def test_later_turns_leave_the_skills_answer_out_of_what_the_model_reads(
    tmp_path: Path,
) -> None:
    calling = _calling("find")

    def respond(messages: list[BaseMessage]) -> AIMessage:
        asked = [m for m in messages if isinstance(m, HumanMessage)][-1]
        return AIMessage("You're welcome.") if asked.content == "thanks" else calling(messages)

    _, model = await _talk(tmp_path, respond, texts=("any boats?", "thanks"))
    read = model.seen[-1]
    assert not [m for m in read if isinstance(m, AIMessage) and "boats" in str(m.content)]
    assert any(isinstance(m, ToolMessage) for m in read)  # the exchange ends with the result
    record = SessionStore(tmp_path).load("alice", "s1")
    assert record is not None
    assert record.turns[0]["assistant"] == "The skill found 7 boats.\n\n1. Sea Breeze"


def _explaining(messages: list[BaseMessage]) -> AIMessage:
    asked = [m for m in messages if isinstance(m, HumanMessage)][-1]
    if str(asked.content).startswith("what is a"):
        return AIMessage("A boat floats.")
    return _calling("find")(messages)


async def test_a_message_the_skills_say_needs_no_tool_is_answered_without_tools(
    tmp_path: Path,
) -> None:
    answer, model = await _talk(tmp_path, _explaining, texts=("what is a boat?",))
    assert answer == "A boat floats."
    assert model.offered == [False]


async def test_with_the_setting_off_a_needless_tool_stays_offered(tmp_path: Path) -> None:
    answer, model = await _talk(tmp_path, _explaining, texts=("what is a boat?",), on=False)
    assert answer == "A boat floats."
    assert model.offered == [True]


async def test_the_next_message_is_offered_its_tools_again(tmp_path: Path) -> None:
    _, model = await _talk(tmp_path, _explaining, texts=("what is a boat?", "any boats?"))
    assert model.offered == [False, True]
