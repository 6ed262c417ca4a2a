"""Graph shape and a full turn with a scripted model and in-memory services."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.llm.profile import ModelProfile
from agent_graph.planning.planners import Planners
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.session_file import parsed
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills, ScriptedChatModel, counted_thread_hops

SNAPSHOT = Path(__file__).parent / "snapshots" / "graph.mmd"


def _call_tool_then_answer(messages: list[BaseMessage]) -> AIMessage:
    results = [m for m in messages if isinstance(m, ToolMessage)]
    if not results:
        call = {"name": "lookup", "args": {"q": "three beds"}, "id": "call_1", "type": "tool_call"}
        return AIMessage("", tool_calls=[call])
    return AIMessage(f"The tool said {results[-1].content.count('42')} times 42.")


def _services(tmp_path: Path, model: ScriptedChatModel, skills: InMemorySkills) -> Services:
    return Services(
        skills=skills, model=model, sessions=SessionStore(tmp_path), sanitizer=Sanitizer()
    )


def test_graph_shape_matches_snapshot(tmp_path: Path) -> None:
    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    graph = build_graph(
        _services(tmp_path, ScriptedChatModel(respond=_call_tool_then_answer), skills)
    )
    drawn = graph.get_graph().draw_mermaid()
    assert drawn == SNAPSHOT.read_text()
    for edge in (
        "__start__ --> agent",
        "agent -.-> tools",
        "agent -.-> __end__",
        "tools -.-> confirm_writes",
        "tools -.-> agent",
        "confirm_writes --> agent",
    ):
        assert edge in drawn


async def test_full_turn_calls_the_tool_then_answers_and_persists(tmp_path: Path) -> None:
    skills = InMemorySkills({"lookup": lambda p: {"answer": 42, "echo": p}})
    model = ScriptedChatModel(respond=_call_tool_then_answer)
    graph = build_graph(_services(tmp_path, model, skills))
    context = Context(user_id="local", session_id="s1")
    final = await graph.ainvoke({"messages": [HumanMessage("find it")]}, context=context)

    assert skills.calls == [("lookup", {"q": "three beds"})]
    assert final["messages"][-1].content == "The tool said 1 times 42."
    assert final["iterations"] == 1
    assert len(final["hints"]) == 3
    stored = parsed((tmp_path / "users/local/sessions/s1.json").read_text())[0]
    kinds = [m["type"] for m in stored["messages"]]
    assert kinds == ["human", "ai", "tool", "ai"]
    assert stored["turns"][0]["user"] == "find it"
    assert stored["title"] == "Find it"


async def test_a_turn_reads_and_writes_its_session_in_two_thread_hops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    graph = build_graph(
        _services(tmp_path, ScriptedChatModel(respond=_call_tool_then_answer), skills)
    )
    hops = counted_thread_hops(monkeypatch)
    for text in ("find it", "and again"):
        hops.clear()
        await graph.ainvoke(
            {"messages": [HumanMessage(text)]}, context=Context(user_id="local", session_id="s1")
        )
        # hydrate reads the session; the step that answers adds the exchange, read and written
        # at once
        assert [h for h in hops if h in ("load", "save", "add_exchange")] == [
            "load",
            "add_exchange",
        ]
    stored = SessionStore(tmp_path).load("local", "s1")
    assert stored is not None and stored.title == "Find it"
    assert [t["user"] for t in stored.turns] == ["find it", "and again"]


async def nodes_run(graph: Any, text: str, session: str) -> list[str]:
    """The nodes one turn runs, in order (LangGraph's `updates` stream)."""
    request = {"messages": [HumanMessage(text)]}
    context = Context(session_id=session)
    return [
        node
        async for update in graph.astream(request, context=context, stream_mode="updates")
        for node in update
    ]


SEEING = """
def state_lines(results):
    return [f"{len(results)} results seen"]
"""


def _seeing_planner(root: Path) -> Planners:
    """A skill `fake` (InMemorySkills' own) whose planner describes the results it sees."""
    (root / "fake").mkdir(parents=True)
    (root / "fake" / "SKILL.md").write_text("---\nname: fake\nimage: x\n---\n")
    (root / "fake" / "planner.py").write_text(SEEING)
    return Planners.from_skills_dir(root)


def _system(call: list[BaseMessage]) -> str:
    """The system text a model call read (merged into one message for most providers)."""
    return "\n".join(str(m.content) for m in call if isinstance(m, SystemMessage))


async def _two_calls(
    tmp_path: Path, skills: InMemorySkills, profile: ModelProfile | None = None
) -> tuple[list[BaseMessage], list[BaseMessage]]:
    """The two model calls of a turn that calls `lookup` once, with a planner that describes
    what it sees; the turn runs no step of its own for the block."""
    model = ScriptedChatModel(respond=_call_tool_then_answer)
    services = _services(tmp_path, model, skills)
    if profile is not None:
        services.model_profile = profile
    services.planners = _seeing_planner(tmp_path / "skills")
    try:
        nodes = await nodes_run(build_graph(services), "find it", "s6")
    finally:
        services.planners.close()
    assert nodes == ["agent", "tools", "agent"]
    first, second = model.seen
    return first, second


@pytest.mark.parametrize(
    ("result", "reflected"),
    [({"type": "listing", "answer": 42}, True), ({"answer": 42}, False), (None, False)],
)
async def test_the_block_is_rebuilt_in_the_agents_step_only_after_a_round_that_left_a_result(
    tmp_path: Path, result: dict[str, Any] | None, reflected: bool
) -> None:
    def lookup(params: dict[str, Any]) -> dict[str, Any]:
        if result is None:
            raise RuntimeError("boom")  # an error: no result either
        return result

    first, second = await _two_calls(tmp_path, InMemorySkills({"lookup": lookup}))
    assert "results seen" not in _system(first)
    if reflected:  # the second call reads the block with the round's result
        assert _system(second).count("1 results seen") == 1
    else:  # the second call reads the context the first call read
        system = [[m for m in call if isinstance(m, SystemMessage)] for call in (first, second)]
        assert system[0] == system[1]


async def test_a_model_that_replays_turns_keeps_the_block_as_the_turn_began(
    tmp_path: Path,
) -> None:
    skills = InMemorySkills({"lookup": lambda p: {"type": "listing", "answer": 42}})
    first, second = await _two_calls(tmp_path, skills, ModelProfile(kind="local"))
    assert [m for m in first if isinstance(m, SystemMessage)] == [
        m for m in second if isinstance(m, SystemMessage)
    ]


async def test_tool_error_becomes_error_tool_message_not_a_crash(tmp_path: Path) -> None:
    def broken(params: dict) -> dict:
        raise RuntimeError("boom")

    skills = InMemorySkills({"lookup": broken})
    graph = build_graph(
        _services(tmp_path, ScriptedChatModel(respond=_call_tool_then_answer), skills)
    )
    final = await graph.ainvoke(
        {"messages": [HumanMessage("find it")]}, context=Context(session_id="s2")
    )
    tool_messages = [m for m in final["messages"] if isinstance(m, ToolMessage)]
    assert tool_messages[0].status == "error"
    assert "lookup failed unexpectedly (RuntimeError)" in tool_messages[0].content
    assert isinstance(final["messages"][-1], AIMessage)


async def test_iteration_cap_stops_tool_calls(tmp_path: Path) -> None:
    def always_call(messages: list[BaseMessage]) -> AIMessage:
        n = sum(isinstance(m, ToolMessage) for m in messages)
        return AIMessage(
            "",
            tool_calls=[{"name": "lookup", "args": {"n": n}, "id": f"c{n}", "type": "tool_call"}],
        )

    skills = InMemorySkills({"lookup": lambda p: {"ok": True}})
    services = _services(tmp_path, ScriptedChatModel(respond=always_call), skills)
    services.max_tool_iterations = 2

    class Unbound(ScriptedChatModel):
        def bind_tools(self, tools, **kw):  # type: ignore[no-untyped-def]
            return ScriptedChatModel(respond=always_call)

    services.model = Unbound(respond=lambda m: AIMessage("Stopping here."))
    final = await build_graph(services).ainvoke(
        {"messages": [HumanMessage("loop")]}, context=Context(session_id="s3")
    )
    assert len(skills.calls) == 2
    assert final["messages"][-1].content == "Stopping here."


async def test_second_turn_sees_the_first(tmp_path: Path) -> None:
    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    model = ScriptedChatModel(respond=_call_tool_then_answer)
    graph = build_graph(_services(tmp_path, model, skills))
    context = Context(session_id="s4")
    await graph.ainvoke({"messages": [HumanMessage("first question")]}, context=context)
    model.seen.clear()
    await graph.ainvoke({"messages": [HumanMessage("second question")]}, context=context)
    first_input = model.seen[0]
    texts = [m.content for m in first_input if isinstance(m, HumanMessage)]
    assert texts == ["first question", "second question"]
    assert any(isinstance(m, ToolMessage) for m in first_input)


@pytest.mark.parametrize("bad", ["../etc", "a/b", "x" * 65, ""])
async def test_invalid_session_id_is_rejected_before_any_file_is_touched(
    tmp_path: Path, bad: str
) -> None:
    skills = InMemorySkills({"lookup": lambda p: {}})
    graph = build_graph(
        _services(tmp_path, ScriptedChatModel(respond=_call_tool_then_answer), skills)
    )
    with pytest.raises(ValueError):
        await graph.ainvoke({"messages": [HumanMessage("x")]}, context=Context(session_id=bad))
    assert list(tmp_path.rglob("*.json")) == []


async def test_context_overflow_compacts_once_and_retries(tmp_path: Path) -> None:
    class ContextWindowExceededError(Exception):
        pass

    calls: list[list[BaseMessage]] = []

    class Overflowing(ScriptedChatModel):
        def _generate(self, messages, stop=None, run_manager=None, **kw):  # type: ignore[no-untyped-def]
            calls.append(list(messages))
            if len(calls) == 1:
                raise ContextWindowExceededError("maximum context length exceeded")
            return super()._generate(messages, stop, run_manager, **kw)

        def _stream(self, messages, stop=None, run_manager=None, **kw):  # type: ignore[no-untyped-def]
            calls.append(list(messages))
            if len(calls) == 1:
                raise ContextWindowExceededError("maximum context length exceeded")
            yield from super()._stream(messages, stop, run_manager, **kw)

    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    services = _services(tmp_path, ScriptedChatModel(respond=_call_tool_then_answer), skills)
    context = Context(session_id="s5")
    for n in range(4):  # a history with tool-call pairs
        await build_graph(services).ainvoke({"messages": [HumanMessage(f"q {n}")]}, context=context)
    services.model = Overflowing(respond=lambda m: AIMessage("short answer"))
    final = await build_graph(services).ainvoke(
        {"messages": [HumanMessage("and now?")]}, context=context
    )
    assert final["messages"][-1].content == "short answer"
    first, retry = calls
    assert len(retry) < len(first)
    assert any("Summary of earlier conversation" in str(m.content) for m in retry)
    tool_ids = {m.tool_call_id for m in retry if isinstance(m, ToolMessage)}
    call_ids = {c["id"] for m in retry if isinstance(m, AIMessage) for c in m.tool_calls}
    assert tool_ids == call_ids


async def test_a_runs_thread_id_selects_its_session_when_the_context_names_none(
    tmp_path: Path,
) -> None:
    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    graph = build_graph(
        _services(tmp_path, ScriptedChatModel(respond=_call_tool_then_answer), skills)
    )
    for thread, text in (("t-a", "first in a"), ("t-b", "first in b"), ("t-a", "second in a")):
        final = await graph.ainvoke(
            {"messages": [HumanMessage(text)]}, {"configurable": {"thread_id": thread}}
        )
    seen = [m.content for m in final["messages"] if isinstance(m, HumanMessage)]
    assert seen == ["first in a", "second in a"]
    sessions = tmp_path / "users/local/sessions"
    assert sorted(p.name for p in sessions.iterdir()) == ["t-a.json", "t-b.json"]
    assert [t["user"] for t in parsed((sessions / "t-a.json").read_text())[0]["turns"]] == [
        "first in a",
        "second in a",
    ]


async def test_the_compaction_summary_never_streams_to_the_user(tmp_path: Path) -> None:
    from agent_graph.graph.agent_steps.overflow import SUMMARIZE_PROMPT
    from agent_graph.turns.streaming import STREAM_MODES, to_events

    def respond(messages: list[BaseMessage]) -> AIMessage:
        if messages[-1].content == SUMMARIZE_PROMPT:
            return AIMessage("INTERNAL SUMMARY of the user's goals")
        return AIMessage("Here is your answer.")

    skills = InMemorySkills({"lookup": lambda p: {"answer": 42}})
    services = _services(tmp_path, ScriptedChatModel(respond=respond), skills)
    services.model_profile = ModelProfile("hosted", secondary_calls=True)  # it writes the summary
    context = Context(session_id="s6")
    for n in range(3):
        await build_graph(services).ainvoke({"messages": [HumanMessage(f"q {n}")]}, context=context)
    services.context_token_budget = 1  # the next turn compacts first
    tokens = []
    async for mode, chunk in build_graph(services).astream(
        {"messages": [HumanMessage("and now?")]}, context=context, stream_mode=STREAM_MODES
    ):
        tokens += [e.content for e in to_events(mode, chunk, Sanitizer()) if e.type == "token"]
    assert "".join(tokens) == "Here is your answer."


async def test_the_answer_is_told_before_the_turn_is_written_and_its_hints_never_stream(
    tmp_path: Path,
) -> None:
    """The step that answers post-processes in the same LangGraph step: the runner hears the
    answer (`Answered`) before the hints and title are asked of the model, and what the model
    writes for them never reaches the user's stream."""
    import threading

    from agent_graph.graph.nodes.post_process import Answered
    from agent_graph.turns.streaming import STREAM_MODES, to_events

    told = threading.Event()
    released: list[bool] = []

    def respond(messages: list[BaseMessage]) -> AIMessage:
        asked = str(messages[-1].content)
        if asked.startswith("The user asked:") and "Suggest exactly 3" in asked:
            released.append(told.wait(timeout=10))  # the hints wait for the answer told
            return AIMessage('["Ask about schools", "Show the map", "Compare the first two"]')
        if asked.startswith("Give a 2-5 word title"):
            return AIMessage("SECRET TITLE WORDS")
        return AIMessage("Here is your answer.")

    services = _services(tmp_path, ScriptedChatModel(respond=respond), InMemorySkills({}))
    services.model_profile = ModelProfile("hosted", secondary_calls=True)
    tokens, hints = [], []
    async for mode, chunk in build_graph(services).astream(
        {"messages": [HumanMessage("hello")]},
        context=Context(session_id="s9"),
        stream_mode=STREAM_MODES,
    ):
        if mode == "custom" and isinstance(chunk, Answered):
            assert chunk.message.content == "Here is your answer."
            assert SessionStore(tmp_path).load("local", "s9") is None  # not written yet
            told.set()
        for event in to_events(mode, chunk, Sanitizer()):
            tokens += [event.content] if event.type == "token" else []
            hints += event.hints if event.type == "hints" else []
    assert released == [True]
    assert "".join(tokens) == "Here is your answer."
    assert hints == ["Ask about schools", "Show the map", "Compare the first two"]
    stored = SessionStore(tmp_path).load("local", "s9")
    assert stored is not None and stored.title == "SECRET TITLE WORDS"
