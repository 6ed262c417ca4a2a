"""OfflineChatModel: a deterministic LangChain chat model (no key, no network) that dispatches.

It binds tools, streams tokens and tool-call chunks, and leaves every decision to the skills'
planners (agent_graph/planning/planners.py): the first planner, in PRIORITY order, that plans for
the user's words (never for tool output) picks the tool calls; each skill's planner describes
its own tools' outcomes, and outcomes no planner describes are told in plain words. With no
planner for a message it asks the user to say it in other words (never the tools'
descriptions). Only the planners of the skills that hear the message (`Facts.heard`) read it;
a new conversation that opens with alerts mentions them first (`Facts.opening`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.messages.ai import UsageMetadata
from langchain_core.messages.tool import tool_call_chunk
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import Field, PrivateAttr

from agent_graph.llm.offline.replies import NO_SKILLS, generic_answer, unsure
from agent_graph.memory.compaction import estimate_tokens
from agent_graph.planning.planners import Planners
from agent_graph.planning.suggestion import kept_plan, planned_message
from agent_graph.planning.view import Facts, TurnView, turn_of
from agent_graph.telemetry.model_calls import ESTIMATED

# A few words per chunk: still streams visibly, at a fraction of the per-token callback cost.
_TOKEN = re.compile(r"(?:\S+[ \t]*\n*){1,6}|\s+")


MAX_BOUND = 64
"""Tool lists whose bound copies are kept (a role and a turn's offer choose among few)."""


def _tool_descriptions(tools: Sequence[Any]) -> dict[str, str]:
    found = {}
    for tool in tools:
        if isinstance(tool, dict):
            function = tool.get("function", tool)
            name, description = function.get("name", ""), function.get("description", "")
        else:
            name, description = getattr(tool, "name", ""), getattr(tool, "description", "")
        if name:
            found[str(name)] = str(description or "")
    return found


class OfflineChatModel(BaseChatModel):
    """The keyless model; `tools` maps each name it may call to its description (bind_tools)."""

    tools: dict[str, str] = Field(default_factory=dict)
    planners: Planners = Field(default_factory=Planners)
    _bound: dict[tuple[tuple[str, str], ...], OfflineChatModel] = PrivateAttr(default_factory=dict)
    """The copies bind_tools made, by tool list (shared with them)."""

    @property
    def _llm_type(self) -> str:
        return "propsearch-offline"

    @property
    def tool_names(self) -> frozenset[str]:
        return frozenset(self.tools)

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> OfflineChatModel:
        """A copy that may call `tools`, one per tool list: a new copy every call would
        serialize itself again for the callbacks (LangChain keeps that per instance)."""
        described = _tool_descriptions(tools)
        key = tuple(described.items())
        bound = self._bound.get(key)
        if bound is None:
            if len(self._bound) >= MAX_BOUND:
                self._bound.clear()
            bound = self._bound[key] = self.model_copy(update={"tools": described})
        return bound

    def respond(self, messages: list[BaseMessage], facts: Facts | None = None) -> AIMessage:
        """The planners' answer or calls; `facts` is what the graph knows besides the messages
        (bound to its call by its profile's `BindFacts`, llm/model_call/kinds.py). A
        conversation that opens with alerts says them first."""
        turn = turn_of(messages, self.tools, facts)
        said = turn.facts.opening  # a new conversation's unseen alerts come first
        if turn.outcomes:
            answers = self.planners.answers(turn)
            owners = turn.facts.owners
            untold = [o for o in turn.outcomes if owners.get(o["tool"]) not in answers]
            told = [*answers.values(), *([generic_answer(untold)] if untold else [])]
            return AIMessage(content=said("\n\n".join(told)))
        first = self._first_step(turn)
        if first.tool_calls:
            return first  # the answer after the calls mentions the alerts
        return AIMessage(content=said(str(first.content)))

    def _first_step(self, turn: TurnView) -> AIMessage:
        """The planned calls, or the plan's words; a question back when no planner speaks."""
        if not self.tools:
            return AIMessage(content=NO_SKILLS)
        kept = turn.facts.plan  # the turn's plan, when the graph made it (agent_steps.before)
        plan = self.planners.plan(turn) if kept is None else kept_plan(kept, self.tools)
        if plan is None:
            return AIMessage(content=unsure(turn.text))
        calls = [c for c in plan["calls"] if c["name"] in self.tools]
        if not calls:
            return AIMessage(content=plan["note"] or unsure(turn.text))
        return planned_message(calls)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        message = self.respond(messages, kwargs.get("facts"))
        message.usage_metadata = _usage(messages, message)
        message.response_metadata[ESTIMATED] = True
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        message = self.respond(messages, kwargs.get("facts"))
        text = message.content if isinstance(message.content, str) else ""
        for token in _TOKEN.findall(text):
            yield ChatGenerationChunk(message=AIMessageChunk(content=token))
        for index, call in enumerate(message.tool_calls):
            args = json.dumps(call["args"])
            half = len(args) // 2
            for piece, first in ((args[:half], True), (args[half:], False)):
                chunk = tool_call_chunk(
                    name=call["name"] if first else None,
                    args=piece,
                    id=call["id"] if first else None,
                    index=index,
                )
                yield ChatGenerationChunk(
                    message=AIMessageChunk(content="", tool_call_chunks=[chunk])
                )
        usage = _usage(messages, message)
        last = AIMessageChunk(content="", usage_metadata=usage, response_metadata={ESTIMATED: True})
        yield ChatGenerationChunk(message=last)


def _usage(messages: list[BaseMessage], answer: AIMessage) -> UsageMetadata:
    """Tokens counted as the context budget counts them (about 4 characters each): this model
    has no tokenizer, and its trace should still say how much it read (marked ESTIMATED)."""
    read, written = estimate_tokens(messages), estimate_tokens([answer])
    return UsageMetadata(input_tokens=read, output_tokens=written, total_tokens=read + written)
