"""What an abandoned turn keeps (turns/interrupted.py): a result that confirm_writes replaced
(a declined memory write) is kept once, as replaced; the prompt hydrate built is not kept."""

from __future__ import annotations

from langchain_core.messages import (
    AIMessage,
    HumanMessage,
    RemoveMessage,
    SystemMessage,
    ToolMessage,
)
from langgraph.graph.message import REMOVE_ALL_MESSAGES

from agent_graph.turns.interrupted import TurnProgress


def test_a_declined_writes_result_replaces_the_one_its_call_left() -> None:
    turn = TurnProgress("raise my budget", 0.0)
    call = {"name": "remember", "args": {}, "id": "c1", "type": "tool_call"}
    turn.observe({"agent": {"messages": [AIMessage("", tool_calls=[call], id="a1")]}})
    ran = ToolMessage("kept", tool_call_id="c1", id="r1")
    turn.observe({"tools": {"messages": [ran, ToolMessage("seen", tool_call_id="c2")]}})
    declined = ToolMessage("Cancelled", tool_call_id="c1", id="r1", status="error")
    turn.observe({"confirm_writes": {"messages": [declined]}})
    assert [m.content for m in turn.messages] == ["", "Cancelled", "seen"]
    assert not turn.saved


def test_the_first_steps_prompt_is_not_kept_only_what_the_turn_made() -> None:
    """The agent's first step of a turn writes the prompt hydrate built (the last turn's
    cleared, the stable prompt, the history, the block, the user's message) before its answer:
    an abandoned turn keeps the answer, not the prompt (the session has the history already)."""
    turn = TurnProgress("and the second one?", 0.0)
    prompt = [
        RemoveMessage(id=REMOVE_ALL_MESSAGES),
        SystemMessage("You are PropSearch."),
        HumanMessage("find me a house"),
        AIMessage("Here are ten homes."),
        HumanMessage("and the second one?"),
    ]
    call = {"name": "details", "args": {}, "id": "c1", "type": "tool_call"}
    turn.observe({"agent": {"messages": [*prompt, AIMessage("", tool_calls=[call], id="a1")]}})
    turn.observe({"tools": {"messages": [ToolMessage("a home", tool_call_id="c1", id="r1")]}})
    assert [m.id for m in turn.messages] == ["a1", "r1"]
