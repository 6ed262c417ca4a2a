"""provider_safe: one leading system message, then a user message, for any history."""

from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.llm.message_order import provider_safe

CALL = {"name": "lookup", "args": {}, "id": "c1", "type": "tool_call"}


def _kinds(messages: list) -> list[str]:  # type: ignore[type-arg]
    return [m.type for m in messages]


def test_a_compacted_history_never_opens_with_an_ai_or_tool_message() -> None:
    compacted = [
        SystemMessage("identity"),
        SystemMessage("summary of earlier turns"),
        AIMessage("", tool_calls=[CALL]),
        ToolMessage("result", tool_call_id="c1"),
        AIMessage("old answer"),
        HumanMessage("next question"),
        SystemMessage("Conversation state: ..."),
    ]
    safe = provider_safe(compacted)
    assert _kinds(safe) == ["system", "human"]
    assert safe[0].content == "identity\n\nsummary of earlier turns\n\nConversation state: ..."


def test_tool_results_whose_call_was_compacted_away_are_dropped() -> None:
    history = [SystemMessage("s"), HumanMessage("q"), ToolMessage("orphan", tool_call_id="gone")]
    assert _kinds(provider_safe(history)) == ["system", "human"]


def test_without_merging_the_stable_first_message_stays_alone_and_later_ones_in_place() -> None:
    history = [
        SystemMessage("stable"),
        SystemMessage("date"),
        SystemMessage("role"),
        HumanMessage("q"),
        AIMessage("", tool_calls=[CALL]),
        ToolMessage("r", tool_call_id="c1"),
        SystemMessage("state"),
    ]
    safe = provider_safe(history, merge_system=False)
    assert _kinds(safe) == ["system", "system", "human", "ai", "tool", "system"]
    assert [m.content for m in safe[:2]] == ["stable", "date\n\nrole"]
