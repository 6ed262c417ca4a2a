"""A real model on slow cores: the timeout counts from the last chunk, a long prompt read shows
progress, the stable prefix is read once at start-up, and every call reports its tokens.

The model is the product's own LiteLLM client for the local model, talking to a real HTTP
server on 127.0.0.1 that streams like llama-server (`prompt_progress` while it reads).
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage, ToolMessage

from agent_graph.config import Settings
from agent_graph.graph.background_reads import BackgroundReads
from agent_graph.graph.builder import build_graph
from agent_graph.graph.nodes.hydrate import READING_STEP
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.graph.warm_prefix import warm_prefix
from agent_graph.llm.answer_filters import WORDS_ONLY_GRAMMAR
from agent_graph.llm.client import ModelTimeoutError
from agent_graph.llm.factory import make_chat_model
from agent_graph.llm.profile import profile_for
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.model.failures import SHOWN, Failure
from agent_graph.storage.sessions import SessionStore
from agent_graph.turns.streaming import to_events
from tests.fakes import InMemorySkills
from tests.openai_server import FakeOpenAI

TIMEOUT_S = 1.0


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI({"lookup": {"q": "x"}})
    yield server
    server.close()


def _services(tmp_path: Path, fake: FakeOpenAI) -> Services:
    settings = Settings(agent_model="local", llm_timeout_s=TIMEOUT_S, memory_root=tmp_path)
    # the local model's profile with its background reads and history folding off: a test
    # turns on what it is about
    profile = replace(profile_for(settings), read_ahead=False, history_token_budget=0)
    model = make_chat_model(settings, profile, local_base_url=fake.base_url)
    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    return Services(
        skills=skills,
        model=model,
        sessions=SessionStore(tmp_path),
        llm_timeout_s=TIMEOUT_S,
        model_profile=profile,
    )


async def _turn(
    services: Services, text: str = "look it up"
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    graph = build_graph(services)
    events: list[dict[str, Any]] = []
    final: dict[str, Any] = {}
    context = Context(user_id="local", session_id="s1")
    async for mode, chunk in graph.astream(
        {"messages": [HumanMessage(text)]},
        context=context,
        stream_mode=["custom", "values"],
    ):
        if mode == "custom":
            events += [e.as_dict() for e in to_events(mode, chunk, Sanitizer())]  # as sent
        else:
            final = chunk
    return events, final


async def test_a_prompt_read_longer_than_the_timeout_finishes_and_shows_its_progress(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    fake.reading_s = 3 * TIMEOUT_S + 1.5  # longer than the timeout, and than one update period
    events, final = await _turn(_services(tmp_path, fake))
    reading = [e for e in events if e.get("name") == "model"]
    assert reading, "a step shows the model reading"
    steps = {e["id"] for e in reading}
    assert len(steps) == 2, "both calls (the tool call and the answer) read slowly"
    for step in steps:
        seen = [e for e in reading if e["id"] == step]
        fractions = [e["progress"] for e in seen[:-1]]
        assert fractions == sorted(fractions) and 0 < fractions[-1] <= 1
        assert all(e["status"] == "start" and e["label"].endswith("%") for e in seen[:-1])
        assert seen[-1]["status"] == "end" and seen[-1]["ms"] > TIMEOUT_S * 1000
    assert "Tool said" in str(final["messages"][-1].content), "the turn answered"


async def test_a_model_that_sends_nothing_times_out(tmp_path: Path, fake: FakeOpenAI) -> None:
    fake.delay_s = 4 * TIMEOUT_S
    with pytest.raises(Exception) as raised:
        await _turn(_services(tmp_path, fake))
    chain = [raised.value, raised.value.__cause__, raised.value.__context__]
    assert any(
        isinstance(e, (ModelTimeoutError, TimeoutError)) or "imeout" in repr(e) for e in chain
    )


async def test_each_call_reports_prompt_cached_and_completion_tokens_and_seconds(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    fake.cached_tokens = 40
    records = []  # each agent step's update carries its calls' usage, as the runner adds them
    async for update in build_graph(_services(tmp_path, fake)).astream(
        {"messages": [HumanMessage("look it up")]},
        context=Context(user_id="local", session_id="s1"),
        stream_mode="updates",
    ):
        records += (update.get("agent") or {}).get("usage") or []
    assert len(records) == 2, "the tool call and the answer"
    for record in records:
        assert record["prompt_tokens"] > 40 and record["cached_tokens"] == 40
        assert record["completion_tokens"] == 7 and record["seconds"] >= 0


async def test_the_warm_up_reads_exactly_the_prefix_every_turn_starts_with(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    services = _services(tmp_path, fake)
    await warm_prefix(services, "admin")
    await _turn(services)
    warm, first = fake.requests[0], fake.requests[1]
    assert warm["max_tokens"] == 1
    assert warm["tools"] == first["tools"], "the same tool schemas, in the same order"
    assert warm["messages"][0] == first["messages"][0], "the same stable first message"
    assert first["messages"][1]["role"] == "system", "date, role and memory come after it"
    assert "Current date" not in first["messages"][0]["content"]
    assert warm["id_slot"] == first["id_slot"], "the warm-up fills the slot turns start from"


async def test_a_question_asked_during_the_warm_up_is_served_first(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    """The warm-up holds the slot the turn's first call takes (as llama-server does) and reads
    until the test lets it: the turn answers only if the warm-up gives the model up to it."""
    services = _services(tmp_path, fake)
    fake.serial_slots = True
    fake.read_gate = threading.Event()
    services.warming = asyncio.ensure_future(warm_prefix(services, "admin"))
    try:
        while not fake.requests:  # the warm-up's read has begun
            await asyncio.sleep(0.05)
        # a generous bound only against a hang: the warm-up reads until the gate opens
        events, final = await asyncio.wait_for(_turn(services), timeout=60)
        assert not fake.read_gate.is_set(), "answered while the warm-up would still be reading"
    finally:
        fake.read_gate.set()
    assert "Tool said" in str(final["messages"][-1].content), "the turn answered"
    assert services.warming.cancelled(), "the warm-up gave way to the question"
    assert not [e for e in events if e.get("name") == "model" and "ready" in e.get("label", "")]


async def test_an_answer_after_repeats_keeps_the_tools_in_its_prompt_told_to_call_none(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    fake.plans = [("lookup", {"q": "x"}), ("lookup", {"q": "x"})]  # repeats: answered in words
    await _turn(_services(tmp_path, fake))
    offered = [("tools" in r, r.get("tool_choice"), r.get("id_slot")) for r in fake.requests]
    assert offered == [(True, None, 0), (True, None, 0), (True, "none", 0)], (
        "the same tools on the same slot: the answer starts from the cached prefix"
    )
    words = fake.requests[-1]
    assert words["grammar"] == WORDS_ONLY_GRAMMAR, "no call can be written as text"
    assert words["return_progress"] is True, "the call's own extra_body adds to the model's"
    assert "grammar" not in fake.requests[0]


class _BoundedSkills(InMemorySkills):
    @property
    def tools(self) -> list[dict[str, Any]]:
        bounded = {"type": "integer", "minimum": 1, "maximum": 5}
        params = {"type": "object", "properties": {"q": bounded}, "additionalProperties": False}
        return [{"type": "function", "function": {"name": "lookup", "parameters": params}}]


async def test_the_local_model_reads_lean_schemas_and_calls_are_checked_against_the_full_one(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    services = _services(tmp_path, fake)
    services.skills = _BoundedSkills({"lookup": lambda p: {"answer": 42}})
    fake.plans = [("lookup", {"q": 9})]
    events, final = await _turn(services)
    sent = fake.requests[0]["tools"][0]["function"]["parameters"]
    assert sent == {"type": "object", "properties": {"q": {"type": "integer"}}}
    shown = [e["summary"] for e in events if e.get("status") == "error"]
    assert shown == [SHOWN[Failure.INVALID]]
    errors = [m.content for m in final["messages"] if isinstance(m, ToolMessage)]
    assert errors and "q" in errors[0], "9 is above the full schema's maximum"


async def test_after_a_turn_the_conversation_is_read_into_the_slot_the_follow_up_takes(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    """The follow-up's first request starts with every message the background read sent,
    with the same tools on the same slot: only its context block and message are new."""
    services = _services(tmp_path, fake)
    services.model_profile = replace(services.profile, read_ahead=True)
    services.llm_timeout_s = 60.0
    await _turn(services, "look it up")
    await services.background_reads.settled()
    read = fake.requests[-1]
    assert read["max_tokens"] == 1, "a read of the prompt, not an answer"
    asked = len(fake.requests)
    await _turn(services, "and the second one")
    first = fake.requests[asked]
    assert read["tools"] == first["tools"] and read["id_slot"] == first["id_slot"]
    assert first["messages"][: len(read["messages"])] == read["messages"]
    new = first["messages"][len(read["messages"]) :]
    assert [m["role"] for m in new][-1] == "user" and len(new) <= 2, "its block and message"
    assert any(m.get("role") == "tool" for m in read["messages"]), "the last turn's results"


async def test_a_follow_up_sent_during_its_read_waits_for_it_without_timing_out(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    """The read of the conversation has begun and outlasts the model timeout; the next message
    arrives: its turn waits for the read (a step says so), not silently in the server's queue
    behind it, where its idle timeout ran out, and starts from what was read."""
    fake.serial_slots, fake.read_s = True, 3 * TIMEOUT_S
    services = _services(tmp_path, fake)
    services.model_profile = replace(services.profile, read_ahead=True)
    services.background_reads = BackgroundReads(grace_s=0.0)
    await _turn(services, "look it up")
    await asyncio.sleep(0.3)  # the read has begun
    asked = len(fake.requests)
    events, final = await _turn(services, "and the second one")
    read, first = fake.requests[asked - 1], fake.requests[asked]
    assert (
        read["max_tokens"] == 1 and first["messages"][: len(read["messages"])] == read["messages"]
    )
    waited = [e for e in events if e.get("id") == READING_STEP]
    assert [e["status"] for e in waited] == ["start", "end"]
    assert waited[-1]["ms"] > 1000, "it waited for the read, which took 3 s"
    assert "Tool said" in str(final["messages"][-1].content), "the follow-up answered"


async def test_no_background_read_unless_it_is_on(tmp_path: Path, fake: FakeOpenAI) -> None:
    services = _services(tmp_path, fake)
    services.llm_timeout_s = 60.0
    await _turn(services, "look it up")
    await services.background_reads.settled()
    assert all(r.get("max_tokens") != 1 for r in fake.requests)


async def test_a_long_conversation_folds_its_history_in_steps_the_read_ahead_shares(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    """Past the local model's history budget, older exchanges are folded into a summary; the
    background read after each turn builds the same prompt the next turn sends, so every
    follow-up still starts with what was read, and the prompt's start changes only at a fold."""
    services = _services(tmp_path, fake)
    services.llm_timeout_s = 60.0
    # three or four exchanges of this fake's size
    services.model_profile = replace(services.profile, read_ahead=True, history_token_budget=400)
    starts: list[str] = []
    for n in range(8):
        asked = len(fake.requests)
        await _turn(services, f"look it up, number {n}")
        await services.background_reads.settled()
        first = fake.requests[asked]
        if n:
            read = fake.requests[asked - 1]
            assert read["max_tokens"] == 1, f"turn {n} had a read before it"
            assert first["messages"][: len(read["messages"])] == read["messages"], f"turn {n}"
        history = [
            m for m in first["messages"] if m["role"] != "system" or "Summary" in m["content"]
        ]
        starts.append(str(history[0]["content"]))
    assert any("Summary of earlier conversation" in s for s in starts), "nothing was folded"
    changes = sum(a != b for a, b in itertools.pairwise(starts))
    assert changes <= 4, f"the prompt's start changed on {changes} of 7 follow-ups"


def _tool(name: str) -> dict[str, Any]:
    params = {"type": "object", "properties": {"q": {"type": "string"}}}
    return {"type": "function", "function": {"name": name, "parameters": params}}


async def test_a_new_tool_list_takes_a_slot_filled_from_the_likeliest_cache(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    """llama-server's slot save and restore copy the cache; the file goes at once."""
    model = _services(tmp_path, fake).model
    fake.slot_folder = tmp_path / "llm-slots"
    fake.slot_folder.mkdir()
    both, one = [_tool("lookup"), _tool("other")], [_tool("lookup")]
    for tools in (both, one, both):
        await model.bind_tools(tools).ainvoke([HumanMessage("look it up")])
    assert [r["id_slot"] for r in fake.requests] == [0, 1, 0], "each list keeps its slot"
    assert fake.slot_actions == [(0, "save"), (1, "restore")], "slot 1 started from slot 0"
    assert list(fake.slot_folder.iterdir()) == [], "the copy (a conversation) is not kept"


async def test_a_failed_copy_leaves_the_call_to_read_its_prompt(
    tmp_path: Path, fake: FakeOpenAI
) -> None:
    model = _services(tmp_path, fake).model
    fake.slot_folder = tmp_path / "missing"  # the server cannot save a slot
    await model.bind_tools([_tool("lookup"), _tool("other")]).ainvoke([HumanMessage("a")])
    answer = await model.bind_tools([_tool("lookup")]).ainvoke([HumanMessage("b")])
    assert answer.tool_calls and fake.requests[-1]["id_slot"] == 1
    assert fake.slot_actions == []
