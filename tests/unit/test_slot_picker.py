"""The local model's calls keep llama-server slots by the start of their tool list, so a turn
offered other tools does not replace the cached prompt of the tool list most turns use."""

from __future__ import annotations

from typing import Any

from agent_graph.llm.watch import PLAIN_SLOT, TOOL_SLOTS, SlotPicker


def _tools(*names: str) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {"name": n}} for n in names]


def test_lists_that_start_alike_share_a_slot_and_the_least_recent_one_is_given_up() -> None:
    picker = SlotPicker()
    assert TOOL_SLOTS == 2
    big = picker.pick(_tools("search", "details", "clock"))
    clock = picker.pick(_tools("clock"))
    assert clock != big
    assert picker.pick(_tools("search", "details")) == big, "same first tool: the same cache"
    assert picker.pick(_tools("translate")) == clock, "the list used least recently gives way"
    assert picker.pick(_tools("search")) == big
    assert picker.pick(_tools("translate")) == clock


def test_calls_without_tools_keep_their_own_slot() -> None:
    picker = SlotPicker()
    assert picker.pick(None) == picker.pick([]) == PLAIN_SLOT
    assert picker.pick(_tools("search")) != PLAIN_SLOT
