"""Answer lines that restate the instructions are dropped; everything else streams unchanged."""

from __future__ import annotations

from agent_graph.llm.echo import EchoFilter, instruction_text, without_echo

CONTEXT = {
    "identity": "You are PropSearch.\nHard constraints:\n- Never invent listings, prices,\n"
    "  addresses, distances or features.",
    "system": "Current date: Tuesday, 24 November 2026. User timezone: UTC.",
    "state": "Conversation state:\n1. 12 Oak St, Austin, $450,000, 3 bd",
}
CORPUS = instruction_text(CONTEXT)


def test_ordinary_text_streams_at_once() -> None:
    echo = EchoFilter(CORPUS)
    assert echo.feed("HOA stands ") == "HOA stands "
    assert echo.feed("for homeowners association.\nOk") == "for homeowners association.\nOk"
    assert echo.flush() == ""


def test_a_restated_rule_split_across_chunks_and_wrapped_lines_is_dropped() -> None:
    echo = EchoFilter(CORPUS)
    pieces = [
        "Sure.\n",
        "* Never invent ",
        "listings, prices, addresses, ",
        "distances or features.\n",
    ]
    streamed = "".join(echo.feed(p) for p in [*pieces, "Current date: Tuesday, 24 November 2026."])
    assert streamed + echo.flush() == "Sure.\n"


def test_data_sections_and_short_lines_are_not_instructions() -> None:
    """The state block may legitimately be repeated; a short line is not a restatement."""
    answer = "1. 12 Oak St, Austin, $450,000, 3 bd\nHard constraints:\nYou are PropSearch."
    echo = EchoFilter(CORPUS)
    assert echo.feed(answer) + echo.flush() == answer
    assert without_echo(answer, CORPUS) == answer


def test_the_saved_answer_loses_the_same_lines_but_is_never_emptied() -> None:
    rule = "Never invent listings, prices, addresses, distances or features."
    assert without_echo(f"Two homes match.\n{rule}", CORPUS) == "Two homes match."
    assert without_echo(rule, CORPUS) == rule
