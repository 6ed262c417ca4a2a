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
