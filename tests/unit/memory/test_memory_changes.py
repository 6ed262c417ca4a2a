"""The change log: memory writes record old/new/message; undo restores and is recorded too."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.memory.layer import MemoryLayer


def _write(key: str, value: str | None, op: str = "upsert", entry_type: str = "PREFERENCE") -> dict:
    write = {"skill": "real_estate", "entry_type": entry_type, "key": key, "value": value}
    return write | ({"op": "delete"} if op == "delete" else {})


async def test_saved_overwritten_and_forgotten_are_each_recorded(tmp_path: Path) -> None:
    memory = MemoryLayer(tmp_path)
    first = await memory.apply_writes("ann", [_write("budget_max", "$400,000")], "budget 400k")
    second = await memory.apply_writes("ann", [_write("budget_max", "$450,000")], "make it 450")
    same = await memory.apply_writes("ann", [_write("budget_max", "$450,000")], "again")
    gone = await memory.apply_writes("ann", [_write("budget_max", None, "delete")], "forget it")
    nothing = await memory.apply_writes("ann", [_write("budget_max", None, "delete")], "again")
    assert [(c["old"], c["new"], c["message"]) for c in first + second + gone] == [
        (None, "$400,000", "budget 400k"),
        ("$400,000", "$450,000", "make it 450"),
        ("$450,000", None, "forget it"),
    ]
    assert same == [] and nothing == []
    listed = await memory.list_changes("ann")
    assert [c["message"] for c in listed] == ["forget it", "make it 450", "budget 400k"]
    assert listed[0]["at"].endswith("Z") and listed[0]["undone"] is False


async def test_undo_puts_the_old_value_back_once(tmp_path: Path) -> None:
    memory = MemoryLayer(tmp_path)
    await memory.apply_writes("ann", [_write("home_1", "1 Oak St · $1", entry_type="SAVED")], "a")
    [removed] = await memory.apply_writes(
        "ann", [_write("home_1", None, "delete", "SAVED")], "remove it"
    )
    undo = await memory.undo_change("ann", removed["id"])
    assert undo["undoes"] == removed["id"] and undo["new"] == "1 Oak St · $1"
    prefs = await memory.list_preferences("ann")
    assert prefs["real_estate"] == [
        {"entry_type": "SAVED", "key": "home_1", "value": "1 Oak St · $1"}
    ]
    with pytest.raises(ValueError):
        await memory.undo_change("ann", removed["id"])
    with pytest.raises(KeyError):
        await memory.undo_change("ann", "nope")


async def test_forgetting_in_the_panel_is_recorded_and_users_are_separate(tmp_path: Path) -> None:
    memory = MemoryLayer(tmp_path)
    await memory.apply_writes("ann", [_write("location", "Austin")], "in Austin")
    assert await memory.forget_preference("ann", "real_estate", "location")
    latest = (await memory.list_changes("ann"))[0]
    assert (latest["old"], latest["new"]) == ("Austin", None)
    assert await memory.list_changes("bob") == []
