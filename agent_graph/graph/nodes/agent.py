"""agent: the chat model bound to the tools the role allows; compacts once on context overflow."""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.constants import TAG_NOSTREAM
from langgraph.runtime import Runtime

from agent_graph.graph.history import skills_worded
from agent_graph.graph.nodes.reading_step import PROGRESS_EVERY_S, ReadingStep
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.tool_guard import calls_this_turn, past_the_cap, without_repeats
from agent_graph.llm.echo import instruction_text, without_echo
from agent_graph.llm.message_order import provider_safe
from agent_graph.llm.text_tool_calls import WORDS_ONLY_GRAMMAR, as_tool_calls, is_call_text
from agent_graph.llm.usage import usage_record
from agent_graph.llm.watch import CallWatch, watching
from agent_graph.memory.compaction import compact, estimate_tokens, is_context_overflow
from agent_graph.planning.suggestion import (
    plan_at_start,
    planned_answer,
    skills_answer,
    suggested,
    with_suggestion,
)
from agent_graph.security.roles import allowed_tools

SUMMARIZE_PROMPT = (
    "Summarise the conversation above in a few sentences for your own later reference: the "
    "user's goals, criteria, results shown and decisions. Plain text only."
)


UNRUN_CALL_ANSWER = (
    "I could not finish this with my tools. The results above are what I found; please "
    "rephrase or narrow the request."
)


class ModelTimeoutError(TimeoutError):
    """The chat model did not answer within LLM_TIMEOUT_S."""


def make_agent(services: Services) -> Any:
    async def summarize(messages: list[BaseMessage]) -> str:
        if not services.profile.secondary_calls:
            return ""  # compact() falls back to its deterministic summary
        # Tagged so its tokens never reach the user's stream (it runs inside the agent node).
        summarizer = services.model.with_config(tags=[TAG_NOSTREAM])
        answer = await summarizer.ainvoke([*messages, HumanMessage(SUMMARIZE_PROMPT)])
        return str(answer.content)

    async def invoke(
        model: Any, messages: list[BaseMessage], emit: Any, usages: list[dict[str, Any] | None]
    ) -> Any:
        """One model call; LLM_TIMEOUT_S counts from the last chunk received, and a prompt that
        takes a while to read shows as a step with its progress."""
        if services.warming is not None and not services.warming.done():
            await ready(emit)
        watch = CallWatch()
        with watching(watch):
            call = asyncio.ensure_future(model.ainvoke(messages))
        step = ReadingStep(emit, watch)
        try:
            while not (await asyncio.wait({call}, timeout=PROGRESS_EVERY_S))[0]:
                if watch.idle_s() > services.llm_timeout_s:
                    raise ModelTimeoutError(
                        f"the model sent nothing for {services.llm_timeout_s:g}s"
                    )
                step.update()
            response = call.result()
            usages.append(usage_record(response, watch.waited_s()))
            return response
        finally:
            step.close()
            if not call.done():
                call.cancel()
                await asyncio.gather(call, return_exceptions=True)

    async def ready(emit: Any) -> None:
        """Wait for the start-up read of the stable prefix, then start from its cache."""
        assert services.warming is not None
        step = {"type": "step", "id": "model-warm-up", "name": "model"}
        emit({**step, "status": "start", "label": "Getting the model ready…"})
        await asyncio.shield(services.warming)
        emit({**step, "status": "end", "label": "The model is ready"})

    def answering(tools: list[dict[str, Any]]) -> Any:
        """The model for a call that must answer in words. The local model keeps the tools in
        its prompt, told to call none (`tool_choice: none`) and held to a grammar in which no
        call can be written as text: its start is then the cached one of every other call,
        where without tools the server reads the whole conversation again (108 s after two
        turns, measured). Other models get no tools (not every provider takes `none`)."""
        if tools and services.profile.words_only_grammar:
            words = {"grammar": WORDS_ONLY_GRAMMAR}
            return services.model.bind_tools(tools, tool_choice="none", extra_body=words)
        return services.model

    async def answered_by_planners(messages: list[BaseMessage]) -> str | None:
        return await asyncio.to_thread(planned_answer, services.planners, messages)

    async def refused(messages: list[BaseMessage]) -> str | None:
        """A skill's refusal of the user's new message (planners' `refuse`), before any model."""
        asked = next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)
        if asked is None:
            return None
        return await asyncio.to_thread(services.planners.refusal, str(asked.content))

    async def agent(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        ctx = runtime.context or Context()
        messages: list[BaseMessage] = list(state.get("messages") or [])
        if state.get("iterations", 0) == 0 and (refusal := await refused(messages)):
            runtime.stream_writer({"type": "token", "content": refusal})
            return {"messages": [AIMessage(refusal)]}
        tools = allowed_tools(ctx.role, services.skills.tools, services.skills.meta)
        offered: set[str] = set()
        if services.tool_choice is not None:
            offered = await asyncio.to_thread(services.tool_choice.choose, tools, messages)
            tools = services.tool_choice.offer(tools, offered)
        names = [t["function"]["name"] for t in tools]
        if state.get("iterations", 0) and services.skill_answers:
            worded = await asyncio.to_thread(skills_answer, services.planners, messages, names)
            if worded:
                runtime.stream_writer({"type": "token", "content": worded})
                return {"messages": [skills_worded(worded)], "offered": sorted(offered)}
        capped = state.get("iterations", 0) >= services.max_tool_iterations
        offering = bool(tools) and not capped
        model: BaseChatModel | Any = (
            services.model.bind_tools(tools) if offering else answering(tools)
        )
        if estimate_tokens(messages) > services.context_token_budget:
            messages = await compact(messages, summarize)
        profile = services.profile
        merge = not profile.replays_turns  # see provider_safe
        offline = profile.is_planners  # reads the graph's own order

        def safe(messages: list[BaseMessage]) -> list[BaseMessage]:
            return messages if offline else provider_safe(messages, merge)

        usages: list[dict[str, Any] | None] = []
        asked = messages
        first = state.get("iterations", 0) == 0 and offering
        if first and (services.suggestions or services.skill_answers) and not offline:
            plan = await asyncio.to_thread(plan_at_start, services.planners, messages, names)
            if services.skill_answers and plan and plan["no_tools"]:
                # The skills say the message needs no tool ("what is a condo?"): words only.
                model, offering = answering(tools), False
            elif services.suggestions and (text := suggested(plan, tools)):
                asked = with_suggestion(messages, text)
        try:
            response = await invoke(model, safe(asked), runtime.stream_writer, usages)
        except Exception as exc:
            if not is_context_overflow(exc):
                raise
            messages = await compact(messages, summarize, keep_last=2)
            response = await invoke(model, safe(messages), runtime.stream_writer, usages)
        if offering:  # a call written as text counts too
            response = as_tool_calls(response, names)
        if response.tool_calls and not capped:
            response = without_repeats(response, calls_this_turn(messages))
            if not response.tool_calls and not str(response.content).strip():
                # Only repeats: answer from the results already in hand: the skills' own
                # wording when they have one, else the model's, told to call nothing.
                emit = runtime.stream_writer
                planned = None if offline else await answered_by_planners(messages)
                if planned:
                    emit({"type": "token", "content": planned})
                    response = AIMessage(planned)
                else:
                    response = await invoke(answering(tools), safe(messages), emit, usages)
                capped = True
        if capped:
            answered = past_the_cap(response, state.get("iterations", 0))
            if answered.content != response.content:
                runtime.stream_writer({"type": "token", "content": str(answered.content)})
            response = answered
        if not response.tool_calls and is_call_text(response.content, names):
            # A call written as text that can no longer run (a repeat, the cap) is no answer:
            # the skills' wording of the results in hand, else a plain sentence.
            planned = await answered_by_planners(messages)
            response = response.model_copy(update={"content": planned or UNRUN_CALL_ANSWER})
        if not response.tool_calls and isinstance(response.content, str):
            # Lines restating the instructions are dropped (llm/echo.py; the stream is filtered too).
            cleaned = without_echo(response.content, instruction_text(state.get("context") or {}))
            response = response.model_copy(update={"content": cleaned})
        usage = [u for u in usages if u]
        return {"messages": [response], "usage": usage, "offered": sorted(offered)}

    return agent
