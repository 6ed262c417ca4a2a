"""Markdown answers become readable plain text in the CLI, also when split across tokens."""

from __future__ import annotations

from agent_graph.cli_text import PlainTextStream, plain_line

ANSWER = (
    "## Two homes\n"
    "- **12 Oak St**: $450,000, [on Zillow](https://zillow.com/h/1)\n"
    "- *3 Elm Rd*: `3 bd`\n"
    "| home | price |\n"
    "|---|:---:|\n"
    "| 12 Oak St | $450,000 |\n"
    "```\n"
    "make llm\n"
    "```\n"
    "Done."
)
EXPECTED = (
    "TWO HOMES\n"
    "• 12 Oak St: $450,000, on Zillow (https://zillow.com/h/1)\n"
    "• 3 Elm Rd: 3 bd\n"
    "home  price\n"
    "12 Oak St  $450,000\n"
    "make llm\n"
    "Done."
)


def test_markdown_streamed_in_odd_pieces_reads_as_plain_text() -> None:
    stream = PlainTextStream()
    pieces = [ANSWER[i : i + 7] for i in range(0, len(ANSWER), 7)]
    out = "".join(stream.feed(piece) for piece in pieces) + stream.flush()
    assert out == EXPECTED


def test_plain_text_and_arithmetic_stay_untouched() -> None:
    line = "3 * 4 = 12 and snake_case_name stays, 2*3*4 too"
    assert plain_line(line) == line
