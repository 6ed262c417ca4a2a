from __future__ import annotations

import asyncio
from itertools import takewhile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolCall,
    ToolMessage,
)

from agent_graph.memory.compaction import (
    SUMMARY_KIND,
    SUMMARY_PREFIX,
    compact,
    estimate_tokens,
    fallback_summary,
    is_context_overflow,
    split_for_compaction,
)
from agent_graph.security.sanitizer import wrap_recalled


@st.composite
def histories(draw: st.DrawFn) -> list[BaseMessage]:
    """System prompt(s), then human/AI text interleaved with tool-call blocks: an AIMessage with
    1–3 tool_calls immediately followed by one ToolMessage per call (in any order)."""
    messages: list[BaseMessage] = [
        SystemMessage(f"system {i}") for i in range(draw(st.integers(0, 2)))
    ]
    next_id = 0
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.sampled_from(["human", "ai", "tools"]))
        if kind == "human":
            messages.append(HumanMessage(draw(st.text(max_size=30)) or "hi"))
        elif kind == "ai":
            messages.append(AIMessage(draw(st.text(max_size=30))))
        else:
            ids = [f"call_{next_id + i}" for i in range(draw(st.integers(1, 3)))]
            next_id += len(ids)
            calls = [ToolCall(name="search_properties", args={"n": i}, id=i) for i in ids]
            messages.append(AIMessage("", tool_calls=calls))
            for call_id in draw(st.permutations(ids)):
                messages.append(ToolMessage(f"result of {call_id}", tool_call_id=call_id))
    return messages


def assert_tool_pairs_intact(part: list[BaseMessage]) -> None:
    requested = {c["id"] for m in part if isinstance(m, AIMessage) for c in m.tool_calls}
    answered = {m.tool_call_id for m in part if isinstance(m, ToolMessage)}
    assert answered <= requested, "a ToolMessage lost its AIMessage"
    assert requested <= answered, "an AIMessage with tool_calls lost one of its results"


async def summarize(messages: list[BaseMessage]) -> str:
    return f"{len(messages)} messages"


@settings(max_examples=300, deadline=None)
@given(histories(), st.integers(0, 12))
def test_compaction_never_splits_tool_calls_from_their_results(
    messages: list[BaseMessage], keep_last: int
) -> None:
    to_compact, kept = split_for_compaction(messages, keep_last)
    lead = len(list(takewhile(lambda m: isinstance(m, SystemMessage), messages)))
    assert messages[lead:] == to_compact + kept
    assert kept == messages[len(messages) - len(kept) :]
    assert not any(isinstance(m, SystemMessage) for m in to_compact)
    assert_tool_pairs_intact(kept)
    assert_tool_pairs_intact(to_compact)

    result = asyncio.run(compact(messages, summarize, keep_last))
    assert len(result) <= len(messages)
    assert result[:lead] == messages[:lead]
    assert result[len(result) - len(kept) :] == kept
    assert_tool_pairs_intact([m for m in result if not isinstance(m, SystemMessage)])
    if to_compact:
        assert result[lead] == SystemMessage(
            SUMMARY_PREFIX + wrap_recalled(SUMMARY_KIND, f"{len(to_compact)} messages")
        )
        assert len(kept) >= min(keep_last, len(messages) - lead)
    else:
        assert result == messages


def test_split_moves_before_an_open_tool_block() -> None:
    calls = [ToolCall(name="t", args={}, id="a"), ToolCall(name="t", args={}, id="b")]
    messages: list[BaseMessage] = [
        SystemMessage("sys"),
        HumanMessage("one"),
        AIMessage("answer one"),
        HumanMessage("two"),
        AIMessage("", tool_calls=calls),
        ToolMessage("ra", tool_call_id="a"),
        ToolMessage("rb", tool_call_id="b"),
        AIMessage("answer two"),
    ]
    to_compact, kept = split_for_compaction(messages, keep_last=2)
    assert kept == messages[4:]
    assert to_compact == messages[1:4]


async def test_a_failing_summarizer_falls_back_to_the_deterministic_summary() -> None:
    async def broken(_: list[BaseMessage]) -> str:
        raise RuntimeError("LLM down")

    messages: list[BaseMessage] = [
        SystemMessage("sys"),
        HumanMessage("3 bed houses in Austin under 500k"),
        AIMessage(
            "", tool_calls=[ToolCall(name="search_properties", args={"beds_min": 3}, id="x")]
        ),
        ToolMessage("14 matches", tool_call_id="x"),
        AIMessage("I found 14 homes."),
        HumanMessage("latest question"),
    ]
    result = await compact(messages, broken, keep_last=1)
    assert result[0] == messages[0] and result[-1] == messages[-1] and len(result) == 3
    summary = result[1].text
    assert summary.startswith(SUMMARY_PREFIX)
    assert "3 bed houses in Austin" in summary and "search_properties(beds_min=3)" in summary
    assert "14 matches" in summary and "I found 14 homes." in summary


async def test_an_earlier_summary_is_folded_into_the_next_one() -> None:
    messages: list[BaseMessage] = [
        SystemMessage("sys"),
        SystemMessage(SUMMARY_PREFIX + "user wants a pool"),
        HumanMessage("q1"),
        AIMessage("a1"),
        HumanMessage("q2"),
    ]
    seen: list[list[BaseMessage]] = []

    async def record(batch: list[BaseMessage]) -> str:
        seen.append(batch)
        return fallback_summary(batch)

    result = await compact(messages, record, keep_last=1)
    assert seen[0][0] == messages[1]
    assert [m.text for m in result if m.text.startswith(SUMMARY_PREFIX)] == [
        SUMMARY_PREFIX
        + wrap_recalled(SUMMARY_KIND, "user wants a pool\nUser asked: q1\nLast assistant reply: a1")
    ]


def test_fallback_summary_is_capped() -> None:
    messages: list[BaseMessage] = [HumanMessage("x" * 10_000), AIMessage("y" * 10_000)] * 20
    assert len(fallback_summary(messages, max_chars=500)) == 500


def test_estimate_tokens_grows_with_content() -> None:
    short = estimate_tokens([HumanMessage("hi")])
    long = estimate_tokens([HumanMessage("hi " * 400)])
    assert 0 < short < long and 250 <= long <= 350


class ContextWindowExceededError(Exception):
    """Same name as litellm's, to check recognition by class name without importing litellm."""


@pytest.mark.parametrize(
    "exc",
    [
        ContextWindowExceededError("boom"),
        ValueError("This model's maximum context length is 8192 tokens"),
        RuntimeError("prompt has too many tokens"),
        RuntimeError("Error code 400: context_length_exceeded"),
    ],
)
def test_context_overflow_is_recognised(exc: Exception) -> None:
    assert is_context_overflow(exc)


def test_wrapped_overflow_is_recognised_and_others_are_not() -> None:
    try:
        try:
            raise ValueError("maximum context length exceeded")
        except ValueError as inner:
            raise RuntimeError("graph failed") from inner
    except RuntimeError as outer:
        assert is_context_overflow(outer)
    assert not is_context_overflow(RuntimeError("rate limited"))
    assert not is_context_overflow(TimeoutError())


def test_litellm_error_is_recognised() -> None:
    litellm = pytest.importorskip("litellm")
    error = litellm.ContextWindowExceededError(message="too long", model="m", llm_provider="p")
    assert is_context_overflow(error)
