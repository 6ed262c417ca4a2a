"""Test doubles at the true edges: a scripted chat model and an in-memory skill gateway."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.messages.tool import tool_call_chunk
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import Field

from agent_graph.graph.tool_choice import ToolChoice
from agent_graph.memory.embeddings import embed
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.failures import Failure
from agent_graph.skills.model.metadata import ToolMeta, read_meta


class ScriptedChatModel(BaseChatModel):
    """Answers with `respond(messages)`; streams words and tool-call chunks split in two."""

    respond: Callable[[list[BaseMessage]], AIMessage]
    seen: list[list[BaseMessage]] = Field(default_factory=list)
    offered: list[bool] = Field(default_factory=list)
    """Per call (shared with bound copies): whether it was offered tools it may call."""
    may_call: bool = False
    tools: list[str] = Field(default_factory=list)
    """The names of the tools this copy is bound to."""
    reads: list[tuple[list[BaseMessage], list[str]]] = Field(default_factory=list)
    """Calls of one token (a prompt read into a cache, never an answer): messages and tools."""

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedChatModel:  # type: ignore[override]
        may_call = bool(tools) and kwargs.get("tool_choice") != "none"
        names = [str(t.get("function", {}).get("name", "")) for t in tools if isinstance(t, dict)]
        return self.model_copy(update={"may_call": may_call, "tools": names})

    def _answer(self, messages: list[BaseMessage], **kw: Any) -> AIMessage:
        if kw.get("max_tokens") == 1:
            self.reads.append((list(messages), self.tools))
            return AIMessage("")
        self.seen.append(list(messages))
        self.offered.append(self.may_call)
        return self.respond(messages)

    def _generate(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._answer(messages, **kw))])

    def _stream(
        self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kw: Any
    ) -> Iterator[ChatGenerationChunk]:
        message = self._answer(messages, **kw)
        for token in [t for t in re.split(r"(\s)", str(message.content)) if t]:
            yield ChatGenerationChunk(message=AIMessageChunk(content=token))
        for index, call in enumerate(message.tool_calls):
            args = json.dumps(call["args"])
            half = len(args) // 2
            yield ChatGenerationChunk(
                message=AIMessageChunk(
                    content="",
                    tool_call_chunks=[
                        tool_call_chunk(
                            name=call["name"], args=args[:half], id=call["id"], index=index
                        )
                    ],
                )
            )
            yield ChatGenerationChunk(
                message=AIMessageChunk(
                    content="",
                    tool_call_chunks=[
                        tool_call_chunk(name=None, args=args[half:], id=None, index=index)
                    ],
                )
            )


class InMemorySkills:
    """A SkillGateway whose tools are Python callables (for graph tests without workers)."""

    def __init__(
        self,
        tools: dict[str, Callable[[dict[str, Any]], Any]],
        skill: str = "fake",
        meta: dict[str, dict[str, Any]] | None = None,
        descriptions: dict[str, str] | None = None,
    ) -> None:
        self._tools = tools
        self.skill = skill
        self._meta = meta or {}
        self._descriptions = descriptions or {}
        self.calls: list[tuple[str, dict[str, Any]]] = []

    @property
    def tools(self) -> list[dict[str, Any]]:
        return [
            {
                "type": "function",
                "function": {
                    "name": n,
                    "description": self._descriptions.get(n, n),
                    "parameters": {"type": "object", "properties": {}},
                },
            }
            for n in self._tools
        ]

    system_prompt = "Use the tools."
    identity = "You are a test assistant."

    def skill_for(self, tool: str) -> str | None:
        return self.skill if tool in self._tools else None

    def hearing(self) -> ToolChoice:
        """What chooses the skills that hear a message (the real embedding), for Services."""
        return ToolChoice(self.skill_for, embed)

    def meta(self, tool: str) -> ToolMeta:
        return read_meta(tool, self._meta.get(tool))

    async def ensure_started(self) -> None:
        return None

    def about(self, tool: str) -> dict[str, Any]:
        return {}

    async def dispatch(self, tool: str, params: dict[str, Any]) -> Any:
        self.calls.append((tool, params))
        if tool not in self._tools:
            raise SkillCallError(f"unknown tool {tool!r}", Failure.UNAVAILABLE)
        return self._tools[tool](params)


def counted_thread_hops(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the functions sent to a thread (`asyncio.to_thread`) from now on, in order."""
    hops: list[str] = []
    to_thread = asyncio.to_thread

    async def counted(function: Any, /, *args: Any) -> Any:
        hops.append(function.__name__)
        return await to_thread(function, *args)

    monkeypatch.setattr(asyncio, "to_thread", counted)
    return hops
