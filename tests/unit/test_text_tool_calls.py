"""Tool calls written as text: which texts are calls, and what the stream shows meanwhile."""

from __future__ import annotations

from langchain_core.messages import AIMessage

from agent_graph.llm.text_tool_calls import HeldCallText, as_tool_calls

OFFERED = ["search_properties", "get_current_time"]


def test_a_list_of_calls_becomes_every_call_and_unknown_names_stay_text() -> None:
    both = AIMessage(
        '[{"name": "get_current_time", "arguments": {}},'
        ' {"name": "search_properties", "parameters": {"location": "Austin"}}]'
    )
    converted = as_tool_calls(both, OFFERED)
    assert converted.content == ""
    assert [(c["name"], c["args"]) for c in converted.tool_calls] == [
        ("get_current_time", {}),
        ("search_properties", {"location": "Austin"}),
    ]
    assert len({c["id"] for c in converted.tool_calls}) == 2
    for text in (
        '{"name": "delete_everything", "arguments": {}}',  # not offered this turn
        '{"name": "get_current_time", "arguments": {}, "note": "x"}',  # more than a call
        '{"name": "get_current_time", "arguments": [1]}',
        "```python\nprint(1)\n```",
        "The time is noon.",
    ):
        assert as_tool_calls(AIMessage(text), OFFERED).content == text


def test_streamed_text_is_held_only_while_it_could_be_a_call() -> None:
    prose = HeldCallText()
    assert prose.feed("  ") == ""
    assert prose.feed("It is") == "  It is"
    assert prose.feed(" noon.") == " noon."
    assert prose.end(AIMessage("It is noon.")) == ""  # all of it was shown already

    code = HeldCallText()
    assert code.feed("``") == ""
    assert code.feed("`python\nx") == "```python\nx"

    call = HeldCallText()
    for piece in ("```json\n", '{"name": "get_current_time",', ' "arguments": {}}\n```'):
        assert call.feed(piece) == ""
    made = AIMessage("", tool_calls=[{"name": "get_current_time", "args": {}, "id": "c1"}])
    assert call.end(made) == ""
    assert call.feed("Next message") == "Next message"  # a new message starts undecided

    odd = HeldCallText()
    assert odd.feed('{"a": 1} is JSON') == ""
    assert odd.end(AIMessage('{"a": 1} is JSON')) == '{"a": 1} is JSON'

    rewritten = HeldCallText()  # the agent replaced a call it could not run with a sentence
    assert rewritten.feed('{"name": "get_current_time", "arguments": {}}') == ""
    assert rewritten.end(AIMessage("I could not finish this.")) == "I could not finish this."
    assert rewritten.end(AIMessage("nothing held")) == ""
