"""The local model's calls keep llama-server slots by their tool list: a call goes to the slot
that read its list last; a new list takes the slot used least recently, filled first from the
slot whose list starts most like it (llm/slots.py)."""

from __future__ import annotations

from typing import Any

from agent_graph.llm.slots import PLAIN_SLOT, TOOL_SLOTS, SlotChoice, SlotPicker


def _tools(*names: str) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {"name": n}} for n in names]


def test_each_list_keeps_its_slot_and_a_new_one_starts_from_the_likeliest_cache() -> None:
    picker = SlotPicker(slots=3)
    everything = picker.pick(_tools("search", "details", "payment", "clock"))
    assert everything == SlotChoice(0)  # nothing held yet: nothing to copy
    searching = picker.pick(_tools("search", "details"))
    assert searching == SlotChoice(1, copy_from=0), "it shares two tools with slot 0"
    paying = picker.pick(_tools("payment"))
    assert paying == SlotChoice(2, copy_from=1), "any held list shares the system prompt"
    assert picker.pick(_tools("search", "details")) == SlotChoice(1), "its own list: no copy"
    assert picker.pick(_tools("search", "details", "payment", "clock")) == SlotChoice(0)
    # slot 2 is now the least recently used; a list like slot 0's takes it, copied from 0
    assert picker.pick(_tools("search", "details", "payment")) == SlotChoice(2, copy_from=0)
    # the least recent (1) gives way; what it holds shares most with the list: no copy
    assert picker.pick(_tools("search", "details", "clock")) == SlotChoice(1)


def test_a_slot_is_not_copied_onto_itself_or_over_a_likelier_cache() -> None:
    picker = SlotPicker(slots=2)
    picker.pick(_tools("search", "details"))
    picker.pick(_tools("clock"))
    # slot 0 is least recent and holds the likeliest list itself
    assert picker.pick(_tools("search", "details", "payment")) == SlotChoice(0)


def test_calls_without_tools_keep_their_own_slot() -> None:
    picker = SlotPicker()
    assert picker.pick(None) == picker.pick([]) == SlotChoice(PLAIN_SLOT)
    assert picker.pick(_tools("search")).slot < TOOL_SLOTS == PLAIN_SLOT
