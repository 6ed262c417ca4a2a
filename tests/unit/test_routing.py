from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langgraph.graph import END

from agent_graph.graph.context_block import round_results
from agent_graph.graph.routing import route_after_agent, route_after_tools


def test_route_to_tools_when_last_ai_message_has_tool_calls() -> None:
    call = {"name": "get_current_time", "args": {}, "id": "c1", "type": "tool_call"}
    state = {"messages": [HumanMessage("time?"), AIMessage("", tool_calls=[call])]}
    assert route_after_agent(state) == "tools"


def test_the_turn_ends_on_final_text() -> None:
    state = {"messages": [HumanMessage("hi"), AIMessage("Hello!")]}
    assert route_after_agent(state) == END


def test_the_turn_ends_when_last_message_is_not_ai() -> None:
    tool = ToolMessage("{}", tool_call_id="c1")
    assert route_after_agent({"messages": [HumanMessage("x"), tool]}) == END
    assert route_after_agent({"messages": []}) == END


def _round(name: str, result: ToolMessage) -> list[BaseMessage]:
    call = {"name": name, "args": {}, "id": result.tool_call_id, "type": "tool_call"}
    return [AIMessage("", tool_calls=[call]), result]


LISTINGS = ToolMessage("listings", artifact={"type": "listings", "items": []}, tool_call_id="c1")
PLAIN = ToolMessage("it is noon", artifact={"time": "12:00"}, tool_call_id="c2")
FAILED = ToolMessage("boom", artifact={"type": "listings"}, tool_call_id="c3", status="error")


def test_a_round_that_left_a_structured_result_is_one_for_the_block() -> None:
    messages = [HumanMessage("homes"), *_round("search", LISTINGS)]
    assert round_results(messages)


def test_a_round_of_errors_or_plain_text_leaves_nothing_for_the_block() -> None:
    # an earlier round's result is in the block already; this round's error or plain text adds none
    for last in (FAILED, PLAIN):
        messages = [HumanMessage("homes"), *_round("search", LISTINGS), *_round("search", last)]
        assert not round_results(messages)


def test_route_to_confirm_writes_first_else_back_to_the_agent() -> None:
    held = [{"call_id": "c1"}]
    messages = [HumanMessage("homes"), *_round("search", LISTINGS)]
    assert route_after_tools({"messages": messages, "awaiting_yes": held}) == "confirm_writes"
    assert route_after_tools({"messages": messages}) == "agent"
