"""Context compaction: replace the older part of a conversation with a summary when it gets
too long (or the provider reports a context overflow), never splitting a tool call from its
results."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Final

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.security.sanitizer import wrap_recalled

SUMMARY_PREFIX: Final = "Summary of earlier conversation: "
SUMMARY_KIND: Final = "summary of earlier turns"
MAX_FALLBACK_CHARS: Final = 1500
#: A model's summary longer than this is cut, so compaction always shrinks the context.
MAX_SUMMARY_CHARS: Final = 4000
_OVERFLOW_CLASSES: Final = frozenset({"ContextWindowExceededError", "ContextLengthExceededError"})
_OVERFLOW_PHRASES: Final = (
    "context length",
    "context_length_exceeded",
    "maximum context",
    "context window",
    "too many tokens",
)

Summarizer = Callable[[list[BaseMessage]], Awaitable[str]]


def estimate_tokens(messages: Sequence[BaseMessage]) -> int:
    """Rough token count: about 4 characters per token plus a small per-message overhead."""
    chars = 0
    for message in messages:
        chars += len(message.text) + 16
        if isinstance(message, AIMessage) and message.tool_calls:
            chars += len(json.dumps([(c["name"], c["args"]) for c in message.tool_calls]))
    return chars // 4


def is_summary(message: BaseMessage) -> bool:
    return isinstance(message, SystemMessage) and message.text.startswith(SUMMARY_PREFIX)


def leading_system_count(messages: Sequence[BaseMessage]) -> int:
    """How many system messages open the list; an earlier summary ends the run, so it gets
    folded into the next summary instead of piling up."""
    count = 0
    for message in messages:
        if not isinstance(message, SystemMessage) or is_summary(message):
            break
        count += 1
    return count


def split_for_compaction(
    messages: Sequence[BaseMessage], keep_last: int
) -> tuple[list[BaseMessage], list[BaseMessage]]:
    """Split into (to_compact, kept): ``kept`` is a suffix of about ``keep_last`` messages.

    The leading system messages are in neither part. The split point moves earlier until no
    AIMessage with tool_calls is separated from its ToolMessages.
    """
    lead = leading_system_count(messages)
    split = max(lead, len(messages) - max(keep_last, 0))
    parents = _tool_parents(messages)
    moved = True
    while moved:
        moved = False
        for child, parent in parents.items():
            if parent < split <= child:
                split = parent
                moved = True
    return list(messages[lead:split]), list(messages[split:])


async def compact(
    messages: Sequence[BaseMessage], summarize: Summarizer, keep_last: int = 6
) -> list[BaseMessage]:
    """[leading system messages] + [summary SystemMessage] + kept tail.

    ``summarize`` gets the messages to fold; if it fails or answers nothing, the deterministic
    :func:`fallback_summary` is used. Nothing to fold returns the messages unchanged.
    """
    to_compact, kept = split_for_compaction(messages, keep_last)
    if not to_compact:
        return list(messages)
    try:
        summary = (await summarize(to_compact)).strip()[:MAX_SUMMARY_CHARS]
    except Exception:
        summary = ""
    if not summary:
        summary = fallback_summary(to_compact)
    lead = list(messages[: leading_system_count(messages)])
    block = wrap_recalled(SUMMARY_KIND, summary)
    return [*lead, SystemMessage(SUMMARY_PREFIX + block), *kept]


def fallback_summary(messages: Sequence[BaseMessage], max_chars: int = MAX_FALLBACK_CHARS) -> str:
    """An LLM-free digest: earlier summary, user requests, tools run, results, last reply."""
    earlier = [m.text[len(SUMMARY_PREFIX) :] for m in messages if is_summary(m)]
    asks = [_short(m.text, 160) for m in messages if isinstance(m, HumanMessage) and m.text]
    calls = [
        f"{c['name']}({_short(_args(c['args']), 100)})"
        for m in messages
        if isinstance(m, AIMessage)
        for c in m.tool_calls
    ]
    results = [
        _short(m.text, 120)
        for m in messages
        if isinstance(m, ToolMessage) and m.status != "error" and m.text
    ]
    replies = [m.text for m in messages if isinstance(m, AIMessage) and m.text]
    parts: list[str] = []
    if earlier:
        parts.append(_short(earlier[-1], max_chars // 3))
    if asks:
        shown = asks if len(asks) <= 4 else [*asks[:3], asks[-1]]
        parts.append("User asked: " + " | ".join(shown))
    if calls:
        parts.append("Tools run: " + "; ".join(calls[-6:]))
    if results:
        parts.append("Results: " + " | ".join(results[-4:]))
    if replies:
        parts.append("Last assistant reply: " + _short(replies[-1], 240))
    text = "\n".join(parts) or "(no content)"
    return text if len(text) <= max_chars else text[: max_chars - 1] + "…"


def is_context_overflow(exc: BaseException) -> bool:
    """True for a provider's "prompt too long" error (litellm's ContextWindowExceededError or a
    message saying so), also when wrapped as the cause of another exception."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if any(cls.__name__ in _OVERFLOW_CLASSES for cls in type(current).__mro__):
            return True
        text = str(current).lower()
        if any(phrase in text for phrase in _OVERFLOW_PHRASES):
            return True
        current = current.__cause__ or current.__context__
    return False


def _tool_parents(messages: Sequence[BaseMessage]) -> dict[int, int]:
    """Index of each ToolMessage -> index of the AIMessage that requested it."""
    requested: dict[str, int] = {}
    parents: dict[int, int] = {}
    for i, message in enumerate(messages):
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                if call["id"]:
                    requested[call["id"]] = i
        elif isinstance(message, ToolMessage) and message.tool_call_id in requested:
            parents[i] = requested[message.tool_call_id]
    return parents


def _args(args: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in args.items() if v not in (None, "", [], {}))


def _short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
