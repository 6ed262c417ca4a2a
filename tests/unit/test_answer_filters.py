"""What of an answer the user is shown (llm/answer_filters.py): calls written as text, lines that
restate the instructions, and a stream that always ends equal to the stored answer."""

from __future__ import annotations

import itertools

import pytest
from langchain_core.messages import AIMessage

from agent_graph.llm.answer_filters import (
    AnswerStream,
    as_tool_calls,
    instruction_text,
    is_call_text,
    without_echo,
)

OFFERED = ["search_properties", "get_current_time"]
CONTEXT = {
    "identity": "You are PropSearch.\nHard constraints:\n- Never invent listings, prices,\n"
    "  addresses, distances or features.",
    "system": "Current date: Tuesday, 24 November 2026. User timezone: UTC.",
    "state": "Conversation state:\n1. 12 Oak St, Austin, $450,000, 3 bd",
}
CORPUS = instruction_text(CONTEXT)
RULE = "Never invent listings, prices, addresses, distances or features."
CALL = '```json\n{"name": "get_current_time", "arguments": {}}\n```'


def stored(answer: str) -> AIMessage:
    """The answer as the agent's after-steps store it (agent_steps/after.py)."""
    message = as_tool_calls(AIMessage(answer), OFFERED)
    if message.tool_calls:
        return message
    return message.model_copy(update={"content": without_echo(answer, CORPUS)})


def streamed(pieces: list[str], final: AIMessage | None) -> tuple[list[str], str]:
    """What the stream shows after each piece, and at the end of the message."""
    stream = AnswerStream(CORPUS)
    return [stream.feed(p) for p in pieces], stream.end(final)


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
        assert not is_call_text(text, OFFERED)
    assert is_call_text(CALL, OFFERED)


def test_ordinary_text_streams_at_once() -> None:
    shown, rest = streamed(["HOA stands ", "for homeowners association.\nOk"], None)
    assert shown == ["HOA stands ", "for homeowners association.\nOk"]
    assert rest == ""


def test_text_is_held_only_while_it_could_be_a_call() -> None:
    shown, rest = streamed(["  ", "It is", " noon."], AIMessage("  It is noon."))
    assert shown == ["", "  It is", " noon."] and rest == ""
    shown, _ = streamed(["``", "`python\nx"], None)
    assert shown == ["", "```python\nx"]
    made = stored(CALL)
    assert streamed(
        ["```json\n", '{"name": "get_current_time",', ' "arguments": {}}\n```'], made
    ) == (
        ["", "", ""],
        "",
    )
    rewritten = AIMessage("I could not finish this.")  # a call that could not run, replaced
    assert streamed([CALL], rewritten) == ([""], "I could not finish this.")


def test_a_restated_rule_split_across_pieces_and_wrapped_lines_is_dropped() -> None:
    pieces = [
        "Sure.\n",
        "* Never invent ",
        "listings, prices, addresses, ",
        "distances or features.\n",
    ]
    shown, rest = streamed([*pieces, "Current date: Tuesday, 24 November 2026."], None)
    assert "".join(shown) + rest == "Sure."


def test_data_sections_and_short_lines_are_not_instructions() -> None:
    """The state block may legitimately be repeated; a short line is not a restatement."""
    answer = "1. 12 Oak St, Austin, $450,000, 3 bd\nHard constraints:\nYou are PropSearch."
    shown, rest = streamed([answer], None)
    assert "".join(shown) + rest == answer == without_echo(answer, CORPUS)


def test_the_stored_answer_loses_the_same_lines_but_is_never_emptied() -> None:
    assert without_echo(f"Two homes match.\n{RULE}", CORPUS) == "Two homes match."
    assert without_echo(f"\n{RULE}\n\nTwo homes match.\n", CORPUS) == "Two homes match."
    assert without_echo(RULE, CORPUS) == RULE


@pytest.mark.parametrize(
    "answer",
    [
        f"Two homes match.\n{RULE}",
        f"{RULE}\n\nTwo homes match.\n",
        f"- **{RULE}**\n1. {RULE}\nAnything else?",
        RULE,  # all echo: kept whole, so shown whole
        f"{RULE}\n{RULE}",
        "\nHOA means homeowners association.\n\n",
        '{"a": 1} is JSON',
        CALL,
        "12. Oak St is the second home.",
    ],
)
def test_the_stream_shows_the_stored_answer_however_it_is_cut(answer: str) -> None:
    """Every cut of the answer into three pieces: what was shown is always a start of the
    stored answer, and the message ends with the stored answer shown whole."""
    final = stored(answer)
    for i, j in itertools.combinations_with_replacement(range(len(answer) + 1), 2):
        shown, rest = streamed([answer[:i], answer[i:j], answer[j:]], final)
        assert "".join(shown) + rest == final.content, (i, j)
    shown, rest = streamed(list(answer), final)  # a character at a time
    assert "".join(shown) + rest == final.content
