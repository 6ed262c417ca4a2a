"""What a model call is doing while the user waits: activity, prompt-reading progress, first token.

The agent node opens a `CallWatch` around each call (`watching`); the chat model's stream
reports to it (`WatchedChatLiteLLM`): every chunk is activity, so the timeout counts from the
last one received instead of from the start of the call. The local model's transport adds
llama-server's progress (llm/local/progress.py).
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from langchain_litellm import ChatLiteLLM
from pydantic import PrivateAttr

from agent_graph.llm.lean_tools import lean_tools


@dataclass
class CallWatch:
    started: float = field(default_factory=time.monotonic)
    last_seen: float = field(default_factory=time.monotonic)
    answering: bool = False
    """True from the first generated token (text or tool call): the prompt is read."""
    read: int = 0
    total: int = 0

    def touch(self) -> None:
        self.last_seen = time.monotonic()

    def progress(self, read: int, total: int) -> None:
        self.read, self.total = read, total

    def saw(self, chunk: Any) -> None:
        self.touch()
        choices = _field(chunk, "choices") or []
        delta = _field(choices[0], "delta") if choices else None
        if delta and (_field(delta, "content") or _field(delta, "tool_calls")):
            self.answering = True

    def idle_s(self) -> float:
        return time.monotonic() - self.last_seen

    def waited_s(self) -> float:
        return time.monotonic() - self.started

    def fraction(self) -> float | None:
        """How much of the prompt is read, when the server says (llama-server does)."""
        return self.read / self.total if self.total else None


def _field(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)


_CURRENT: ContextVar[CallWatch | None] = ContextVar("call_watch", default=None)


def current_watch() -> CallWatch | None:
    return _CURRENT.get()


@contextmanager
def watching(watch: CallWatch) -> Iterator[CallWatch]:
    """Calls started inside (tasks copy the context when created) report to `watch`."""
    token = _CURRENT.set(watch)
    try:
        yield watch
    finally:
        _CURRENT.reset(token)


TOOL_SLOTS = 2
"""llama-server slots for calls offered tools, each caching the prompt of its last call: a call
goes to the slot that last served a tool list starting like its own (same first tool), else
to the one used least recently. Tool lists keep one order, the largest skill first, so the
lists that start alike share their cached start; with one slot, a turn offered only a small
skill's tools would replace the instructions and large schemas every other turn reads."""
PLAIN_SLOT = TOOL_SLOTS
"""The slot of calls without tools (a summary): in a tool slot they would replace its cache."""


class SlotPicker:
    """Which llama-server slot a call takes (see TOOL_SLOTS)."""

    def __init__(self) -> None:
        self._recent: list[str] = []
        """The first tool of each tool slot's last call, least recently used first."""
        self._slot: dict[str, int] = {}

    def pick(self, tools: list[dict[str, Any]] | None) -> int:
        if not tools:
            return PLAIN_SLOT
        first = str((tools[0].get("function") or {}).get("name", ""))
        if first in self._slot:
            self._recent.remove(first)
        elif len(self._slot) < TOOL_SLOTS:
            self._slot[first] = len(self._slot)
        else:
            self._slot[first] = self._slot.pop(self._recent.pop(0))
        self._recent.append(first)
        return self._slot[first]


class WatchedChatLiteLLM(ChatLiteLLM):
    """ChatLiteLLM whose streamed chunks reach the open CallWatch before LangChain reads them."""

    slot_by_tools: bool = False
    """llama-server: calls pinned to slots by their tools (SlotPicker), each slot its own cache."""
    lean_tools: bool = False
    """A small model: tool schemas without validation-only keywords (llm/lean_tools.py)."""
    _slots: SlotPicker = PrivateAttr(default_factory=SlotPicker)

    async def acompletion_with_retry(self, run_manager: Any = None, **kwargs: Any) -> Any:
        if self.lean_tools and kwargs.get("tools"):
            kwargs["tools"] = lean_tools(kwargs["tools"])
        # a call's own extra_body (bound per call) adds to the model's, never replaces it
        extra = {**(self.model_kwargs.get("extra_body") or {}), **(kwargs.get("extra_body") or {})}
        if self.slot_by_tools:
            extra["id_slot"] = self._slots.pick(kwargs.get("tools"))
        if extra:
            kwargs["extra_body"] = extra
        result = await super().acompletion_with_retry(run_manager=run_manager, **kwargs)
        watch = _CURRENT.get()
        if watch is None or not kwargs.get("stream"):
            return result
        return _relayed(result, watch)


async def _relayed(stream: Any, watch: CallWatch) -> AsyncIterator[Any]:
    async for chunk in stream:
        watch.saw(chunk)
        yield chunk
