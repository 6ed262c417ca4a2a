"""OfflineChatModel: a deterministic, rule-based LangChain chat model (no key, no network).

It binds tools, streams tokens and tool-call chunks, decides tool calls from the user's words
(never from tool output) and answers from tool results. Intents: time questions and the
real-estate conversation (agent_graph/llm/offline/real_estate.py).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.messages.tool import tool_call_chunk
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult

from agent_graph.llm.offline import real_estate
from agent_graph.llm.offline.reading import Reading, read, results_in

_TIME_QUESTION = re.compile(
    r"\b(what(?:'s| is)? the time|what time|current time|time is it|time now|"
    r"what(?:'s| is)? (?:the |today'?s )?date|what day is)\b",
    re.IGNORECASE,
)
NOT_FOR_GUESTS = (
    "I can't do that while you're a guest: sign in to save things. I can still search and "
    "show details."
)
# A few words per chunk: still streams visibly, at a fraction of the per-token callback cost.
_TOKEN = re.compile(r"(?:\S+[ \t]*\n*){1,6}|\s+")


def _tool_names(tools: Sequence[Any]) -> frozenset[str]:
    names = set()
    for tool in tools:
        if isinstance(tool, dict):
            names.add(tool.get("function", tool).get("name", ""))
        else:
            names.add(getattr(tool, "name", ""))
    return frozenset(n for n in names if n)


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}", "type": "tool_call"}


class OfflineChatModel(BaseChatModel):
    """The keyless model; `tool_names` is the set it may call (set by bind_tools)."""

    tool_names: frozenset[str] = frozenset()

    @property
    def _llm_type(self) -> str:
        return "propsearch-offline"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> OfflineChatModel:
        return self.model_copy(update={"tool_names": _tool_names(tools)})

    def respond(self, messages: list[BaseMessage]) -> AIMessage:
        reading = read(messages)
        if reading.this_turn_results:
            return AIMessage(content=self._answer(reading))
        calls = self._plan(reading)
        if calls is None:
            return AIMessage(content=self._fallback())
        if not calls.calls:
            return AIMessage(content=calls.note)
        return AIMessage(content="", tool_calls=[_call(c.name, c.args) for c in calls.calls])

    def _conversation(self, reading: Reading) -> real_estate.Conversation:
        last_criteria: dict[str, Any] | None = None
        last_results: list[dict[str, Any]] = []
        focused: dict[str, Any] | None = None
        for result in results_in(reading.earlier):
            if result.get("type") == "listings":
                last_criteria, last_results = (
                    result.get("criteria") or {},
                    result.get("items") or [],
                )
            elif result.get("type") == "detail" and result.get("items"):
                focused = result["items"][0]
        return real_estate.Conversation(
            text=reading.user_text,
            last_criteria=last_criteria,
            last_results=last_results,
            focused=focused,
            preferences=dict(reading.preferences),
        )

    def _plan(self, reading: Reading) -> real_estate.Plan | None:
        if _TIME_QUESTION.search(reading.user_text) and "get_current_time" in self.tool_names:
            return real_estate.Plan(
                calls=[real_estate.ToolRequest("get_current_time", {"timezone": reading.timezone})]
            )
        if "search_properties" not in self.tool_names:
            return None
        plan = real_estate.plan(self._conversation(reading))
        if plan is None:
            return None
        wanted = len(plan.calls)
        plan.calls = [c for c in plan.calls if c.name in self.tool_names]
        if wanted and not plan.calls and not plan.note:
            plan.note = NOT_FOR_GUESTS
        return plan

    def _answer(self, reading: Reading) -> str:
        plan = real_estate.plan(self._conversation(reading)) if self.tool_names else None
        note = plan.note if plan else ""
        parts: list[str] = []
        remembered: list[str] = []
        for outcome in reading.this_turn_results:
            payload = outcome.payload
            if not outcome.ok:
                parts.append(real_estate.describe_error(outcome.name, _error_text(outcome.text)))
            elif isinstance(payload, dict) and payload.get("type") in ("listings", "detail"):
                parts.append(real_estate.describe_results(payload, note))
                note = ""
            elif isinstance(payload, dict) and (
                payload.get("type") == "comparison"
                or (payload.get("type") == "memory_write" and not _is_preference(payload))
            ):
                parts.append(real_estate.describe_results(payload))
            elif isinstance(payload, dict) and payload.get("type") == "memory_write":
                remembered.append(
                    f"{payload.get('key', '').replace('_', ' ')}: {payload.get('value')}"
                )
            elif isinstance(payload, dict) and payload.get("type") == "time":
                parts.append(f"It's {payload.get('human')}.")
            else:
                parts.append(f"The {outcome.name} tool returned: {json.dumps(payload)[:500]}")
        answer = "\n\n".join(p for p in parts if p)
        if remembered:  # same paragraph as the intro line, which the UI shows above the cards
            answer = f"Got it, I'll remember {'; '.join(remembered)}. {answer}".strip()
        return answer

    def _fallback(self) -> str:
        abilities = []
        if "search_properties" in self.tool_names:
            abilities.append(
                'search homes for sale in the Austin area (try "find me a 3-bed house in Austin '
                'under $500k")'
            )
        if "get_current_time" in self.tool_names:
            abilities.append("tell you the current time")
        if not abilities:
            return "I'm PropSearch, running offline with no skills loaded right now."
        return "I'm PropSearch. I can " + " and ".join(abilities) + "."

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self.respond(messages))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        message = self.respond(messages)
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


def _is_preference(payload: dict[str, Any]) -> bool:
    """A saved wish ("I'll remember ..."), as opposed to a removal or a saved item."""
    return payload.get("op") != "delete" and payload.get("entry_type") != "SAVED"


def _error_text(content: str) -> str:
    return content.removeprefix("Error: ")
