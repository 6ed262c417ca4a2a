from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agent_graph.graph.routing import route_after_agent


def test_route_to_tools_when_last_ai_message_has_tool_calls() -> None:
    call = {"name": "get_current_time", "args": {}, "id": "c1", "type": "tool_call"}
    state = {"messages": [HumanMessage("time?"), AIMessage("", tool_calls=[call])]}
    assert route_after_agent(state) == "tools"


def test_route_to_post_process_on_final_text() -> None:
    state = {"messages": [HumanMessage("hi"), AIMessage("Hello!")]}
    assert route_after_agent(state) == "post_process"


def test_route_to_post_process_when_last_message_is_not_ai() -> None:
    tool = ToolMessage("{}", tool_call_id="c1")
    assert route_after_agent({"messages": [HumanMessage("x"), tool]}) == "post_process"
    assert route_after_agent({"messages": []}) == "post_process"
