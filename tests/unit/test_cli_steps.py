"""The CLI shows a model step once, however often its progress is sent again."""

from __future__ import annotations

import io

from agent_graph.cli import Chat


def test_a_step_sent_again_with_progress_is_printed_once() -> None:
    out = io.StringIO()
    chat = Chat("http://127.0.0.1:9", out=out)
    step = {"type": "step", "id": "model-1", "name": "model", "status": "start"}
    for percent in (10, 40, 80):
        chat.show({**step, "label": f"Reading the conversation… {percent}%", "progress": percent})
    chat.show({**step, "status": "end", "label": "Read the conversation", "ms": 9000})
    chat.show({"type": "step", "id": "call-1", "name": "search", "status": "start"})
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    assert lines == ["  · Reading the conversation… 10%", "  · Running search…"]


def test_a_turn_taken_over_prints_what_stands_then_goes_on() -> None:
    out = io.StringIO()
    chat = Chat("http://127.0.0.1:9", out=out)
    for event in (
        {"type": "token", "content": "Let me look. "},
        {"type": "step", "id": "call-1", "name": "search", "status": "start"},
        {"type": "token", "content": "Here a"},  # cut off with its server
        {"type": "resumed", "text": "Let me look. "},
        {"type": "token", "content": "Three homes."},
        {"type": "done"},
    ):
        chat.show(event)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    assert "another server took this answer over" in lines[-2]
    assert lines[-1] == "Let me look. Three homes."
