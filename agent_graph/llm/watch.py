"""What a model call is doing while the user waits: activity, prompt-reading progress, first token.

The agent node opens a `CallWatch` around each call (`watching`); the chat model's stream
reports to it (`WatchedChatLiteLLM`): every chunk is activity, so the timeout counts from the
last one received instead of from the start of the call. The local model's transport adds
llama-server's progress (llm/local/progress.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from langchain_litellm import ChatLiteLLM
from pydantic import PrivateAttr

from agent_graph.llm.lean_tools import lean_tools
from agent_graph.llm.slots import (
    SlotPicker,
    copy_slot,
    drop_other_prefixes,
    prefix_file,
    slot_action,
)

log = logging.getLogger(__name__)


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


class WatchedChatLiteLLM(ChatLiteLLM):
    """ChatLiteLLM whose streamed chunks reach the open CallWatch before LangChain reads them."""

    slot_by_tools: bool = False
    """llama-server: calls pinned to slots by their tools (llm/slots.py), each its own cache."""
    slot_folder: Path | None = None
    """llama-server's --slot-save-path: where a slot's cache is copied through to another."""
    lean_tools: bool = False
    """A small model: tool schemas without validation-only keywords (llm/lean_tools.py)."""
    prefix_identity: str = ""
    """The local model's identity (its file's sha256): the prompt prefix read at start-up is kept
    under it in `slot_folder` and restored at the next start (`restore_prefix`, `keep_prefix`)."""
    _slots: SlotPicker = PrivateAttr(default_factory=SlotPicker)

    async def restore_prefix(self, tools: list[dict[str, Any]], request: Any) -> bool:
        """Whether the slot calls offered `tools` take now holds the prefix `request` read at an
        earlier start, restored from the file it was kept in (milliseconds, against a minute of
        reading); False when none was kept or the server refused it."""
        file = self._prefix_file(request)
        if file is None or not await asyncio.to_thread(file.is_file):
            return False
        try:
            await slot_action(
                str(self.api_base), self._slots.pick(tools).slot, "restore", file.name
            )
        except httpx.HTTPError as exc:
            log.warning("local model: restoring the kept prompt prefix failed (%s)", exc)
            return False
        return True

    async def keep_prefix(self, tools: list[dict[str, Any]], request: Any) -> None:
        """Keep the prefix the slot of `tools` has just read for `request`, for the next start
        (the previous one kept is dropped). Failures are only logged."""
        file = self._prefix_file(request)
        if file is None:
            return
        try:
            await slot_action(str(self.api_base), self._slots.pick(tools).slot, "save", file.name)
            await asyncio.to_thread(drop_other_prefixes, file.parent, file.name)
        except httpx.HTTPError as exc:
            log.warning("local model: keeping the prompt prefix failed (%s)", exc)

    def _prefix_file(self, request: Any) -> Path | None:
        if not (self.prefix_identity and self.slot_folder and self.api_base):
            return None
        return self.slot_folder / prefix_file(self.prefix_identity, request)

    async def acompletion_with_retry(self, run_manager: Any = None, **kwargs: Any) -> Any:
        if self.lean_tools and kwargs.get("tools"):
            kwargs["tools"] = lean_tools(kwargs["tools"])
        # a call's own extra_body (bound per call) adds to the model's, never replaces it
        extra = {**(self.model_kwargs.get("extra_body") or {}), **(kwargs.get("extra_body") or {})}
        if self.slot_by_tools:
            choice = self._slots.pick(kwargs.get("tools"))
            if choice.copy_from is not None and self.slot_folder and self.api_base:
                await copy_slot(self.api_base, self.slot_folder, choice.copy_from, choice.slot)
            extra["id_slot"] = choice.slot
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
