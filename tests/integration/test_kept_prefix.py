"""The local model's start-up read of the prompt prefix is kept on disk (llama-server's slot
save) and the next start with the same prompt, tools and model restores it instead of reading
it again; a changed prompt reads again and keeps only its own. Against a fake llama-server
(tests/openai_server.py) whose slot files stand in for the cache."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from agent_graph.graph.warm_prefix import warm_prefix
from tests.fakes import InMemorySkills
from tests.integration.test_model_waits import _services, _turn
from tests.openai_server import FakeOpenAI


@pytest.fixture
def fake(tmp_path: Path) -> Iterator[FakeOpenAI]:
    server = FakeOpenAI({"lookup": {"q": "x"}})
    server.slot_folder = tmp_path / "llm-slots"  # the app's --slot-save-path under MEMORY_ROOT
    server.slot_folder.mkdir()
    yield server
    server.close()


def _kept(fake: FakeOpenAI) -> list[str]:
    assert fake.slot_folder is not None
    return sorted(p.name for p in fake.slot_folder.glob("prefix-*.bin"))


async def test_the_next_start_restores_the_prefix_instead_of_reading_it(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    await warm_prefix(_services(tmp_path, fake), "admin")  # the first start reads it
    assert [r["max_tokens"] for r in fake.requests] == [1]
    assert fake.slot_actions == [(0, "save")] and len(_kept(fake)) == 1

    services = _services(tmp_path, fake)  # the next start: a new model, the same prompt
    await warm_prefix(services, "admin")
    assert len(fake.requests) == 1, "nothing was read again"
    assert fake.slot_actions[-1] == (0, "restore")
    await _turn(services)
    assert fake.requests[1]["id_slot"] == 0, "the first turn starts from the restored slot"


async def test_a_changed_prompt_reads_again_and_keeps_only_its_own(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    await warm_prefix(_services(tmp_path, fake), "admin")
    first = _kept(fake)
    more = InMemorySkills({"lookup": lambda p: {"answer": 42}, "other": lambda p: {}})
    await warm_prefix(replace(_services(tmp_path, fake), skills=more), "admin")
    assert [r["max_tokens"] for r in fake.requests] == [1, 1], "another tool: read again"
    assert fake.slot_actions == [(0, "save"), (0, "save")]
    assert len(_kept(fake)) == 1 and _kept(fake) != first, "the old prefix is not kept"


async def test_a_prefix_the_server_cannot_restore_is_read(tmp_path: Path, fake: FakeOpenAI) -> None:
    await warm_prefix(_services(tmp_path, fake), "admin")
    fake.slot_folder = tmp_path / "gone"  # the kept file is there, the server cannot read it
    services = _services(tmp_path, fake)
    await warm_prefix(services, "admin")
    assert [r["max_tokens"] for r in fake.requests] == [1, 1], "read as if nothing was kept"
    assert fake.slot_actions == [(0, "save")], "the refused restore did nothing"
    _, final = await _turn(services)
    assert "Tool said" in str(final["messages"][-1].content), "the turn answered"
