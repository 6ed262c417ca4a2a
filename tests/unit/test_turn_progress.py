"""What an abandoned turn keeps (turns/interrupted.py): a result that confirm_writes replaced
(a declined memory write) is kept once, as replaced."""

from __future__ import annotations

from langchain_core.messages import AIMessage, ToolMessage

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
