"""After-hooks of the model call: calls written as text, repeats, the round cap, a call that can
no longer run, and lines that echo the instructions. Each rewrites what the model said, so a
before-hook's answer skips them (`MODEL_RESPONSE`)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import ClassVar

from agent_graph.events import TokenEvent
from agent_graph.graph.agent_steps.scope import TurnScope
from agent_graph.graph.tool_guard import (
    CAP_ANSWER,
    calls_this_turn,
    without_calls,
    without_repeats,
)
from agent_graph.llm.answer_filters import (
    as_tool_calls,
    instruction_text,
    is_call_text,
    without_echo,
)
from agent_graph.llm.model_call.protocol import MODEL_RESPONSE, Capability
from agent_graph.llm.model_call.records import ModelRequest, ModelResponse
from agent_graph.planning.suggestion import planned_answer

WORDS_ANSWER = "I am not sure what you would like me to do. Could you say it another way?"
UNRUN_CALL_ANSWER = (
    "I could not finish this with my tools. The results above are what I found; please "
    "rephrase or narrow the request."
)


class AfterStep(Capability[TurnScope]):
    """An after-hook of the agent node's call: it rewrites the model's own response."""

    needs: ClassVar[frozenset[str]] = frozenset({MODEL_RESPONSE})


class ReadTextCalls(AfterStep):
    """A call written as text counts as a call when tools were offered."""

    name = "read_text_calls"

    async def after(
        self, ctx: TurnScope, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        if request.offering:
            return replace(response, message=as_tool_calls(response.message, request.names))
        return response


class KeepToWords(AfterStep):
    """A call for words only (a message no skill hears, a plan that needs no tool) runs no
    tool: a model that calls one anyway (a small model offered the tools in its prompt) has
    its calls dropped, and an answer left empty becomes a plain question back."""

    name = "keep_to_words"
    runs_after = ("read_text_calls",)

    async def after(
        self, ctx: TurnScope, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        if request.offering or request.capped or not response.message.tool_calls:
            return response
        return _answered_in_words(ctx, response, WORDS_ANSWER)


class DropRepeats(AfterStep):
    """Calls already made this turn are dropped. Only repeats: answer from the results already
    in hand: the skills' own wording when they have one (`planned`: unless the model is the
    planners), else the model's, told to call nothing; the turn is then capped."""

    name = "drop_repeats"
    runs_after = ("keep_to_words",)

    def __init__(self, planned: bool) -> None:
        self.planned = planned

    async def after(
        self, ctx: TurnScope, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        message = response.message
        if not message.tool_calls or request.capped:
            return response
        message = without_repeats(message, calls_this_turn(request.messages))
        if message.tool_calls or str(message.content).strip():
            return replace(response, message=message)
        planned = await planned_words(ctx, request) if self.planned else None
        if planned:
            return replace(response, message=ctx.say(planned), capped=True)
        again = await ctx.call(ctx.in_words(request))
        usages = response.usages + again.usages
        return replace(response, message=again.message, usages=usages, capped=True)


class StopAtCap(AfterStep):
    """Past the round cap no call runs: the answer says the turn stopped."""

    name = "stop_at_cap"
    runs_after = ("drop_repeats",)

    async def after(
        self, ctx: TurnScope, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        if not (request.capped or response.capped):
            return response
        return _answered_in_words(ctx, response, CAP_ANSWER.format(rounds=request.iteration))


class ReplaceUnrunCallText(AfterStep):
    """A call written as text that can no longer run (a repeat, the cap) is no answer: the
    skills' wording of the results in hand, else a plain sentence."""

    name = "replace_unrun_call_text"
    runs_after = ("stop_at_cap",)

    async def after(
        self, ctx: TurnScope, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        message = response.message
        if message.tool_calls or not is_call_text(message.content, request.names):
            return response
        planned = await planned_words(ctx, request)
        message = message.model_copy(update={"content": planned or UNRUN_CALL_ANSWER})
        return replace(response, message=message)


class DropEcho(AfterStep):
    """Lines restating the instructions are dropped (llm/answer_filters.py, whose stream
    filter shows what this leaves)."""

    name = "drop_echo"
    runs_after = ("replace_unrun_call_text",)

    async def after(
        self, ctx: TurnScope, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        message = response.message
        if message.tool_calls or not isinstance(message.content, str):
            return response
        corpus = instruction_text(ctx.state.get("context") or {})
        message = message.model_copy(update={"content": without_echo(message.content, corpus)})
        return replace(response, message=message)


def _answered_in_words(ctx: TurnScope, response: ModelResponse, empty: str) -> ModelResponse:
    """`response` with no calls to run, `empty` said when nothing else was."""
    answered = without_calls(response.message, empty)
    if answered.content != response.message.content:
        ctx.emit(TokenEvent(content=str(answered.content)))
    return replace(response, message=answered)


async def planned_words(ctx: TurnScope, request: ModelRequest) -> str | None:
    """The planners' wording of this turn's results."""
    planners = ctx.services.planners
    messages = list(request.messages)
    return await asyncio.to_thread(planned_answer, planners, messages, request.facts)
