"""Write-behind memory: L2/L3 writes begin once the turn is over, and never get lost."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agent_graph.memory import layer as layer_module
from agent_graph.memory.layer import MemoryLayer


class Episodes:
    def __init__(self) -> None:
        self.added: list[tuple[Any, ...]] = []

    def add(self, *args: Any) -> None:
        self.added.append(args)


class Stores:
    def __init__(self) -> None:
        self.episodes = Episodes()
        self.closed = False

    def close(self) -> None:
        self.closed = True


async def test_a_deferred_write_waits_for_its_turn_to_be_over(tmp_path: Path) -> None:
    stores = Stores()
    memory = MemoryLayer(tmp_path, write_behind=True, open_vectors=lambda: stores)
    await memory.save_episode("ann", "s1", 0, "a question", "an answer")
    await asyncio.sleep(0.1)
    assert stores.episodes.added == []  # the turn goes on: nothing begun
    await memory.settle("ann")
    assert [a[:3] for a in stores.episodes.added] == [("ann", "s1", 0)]


async def test_a_deferred_write_nobody_settles_begins_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(layer_module, "WRITE_GRACE_S", 0.05)
    stores = Stores()
    memory = MemoryLayer(tmp_path, write_behind=True, open_vectors=lambda: stores)
    await memory.save_episode("ann", "s1", 0, "a question", "an answer")
    for _ in range(100):
        if stores.episodes.added:
            break
        await asyncio.sleep(0.02)
    assert [a[:3] for a in stores.episodes.added] == [("ann", "s1", 0)]


async def test_closing_finishes_the_deferred_writes_then_closes_the_stores(tmp_path: Path) -> None:
    opened: list[Stores] = []

    def open_vectors() -> Stores:
        opened.append(Stores())
        return opened[-1]

    memory = MemoryLayer(tmp_path, write_behind=True, open_vectors=open_vectors)
    await memory.save_episode("ann", "s1", 0, "a question", "an answer")
    await memory.close()
    assert [a[:3] for a in opened[0].episodes.added] == [("ann", "s1", 0)]
    assert opened[0].closed
    await memory.save_episode("ann", "s1", 1, "next", "answer")  # used again: opened anew
    await memory.settle("ann")
    assert len(opened) == 2 and [a[2] for a in opened[1].episodes.added] == [1]
