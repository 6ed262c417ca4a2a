"""agent: the chat model bound to the tools the role allows, called once behind the
capabilities of graph/agent_steps/ (llm/model_call/'s protocol): before-hooks may answer without
a call or shape it, wrap-hooks retry it (a context overflow), after-hooks rewrite the answer.
A turn's first step hydrates first (nodes/hydrate.py), and the step that answers in words
post-processes after (nodes/post_process.py: the session written, hints, title), each in the
same LangGraph step as its model call: two steps less a turn."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from agent_graph.graph.agent_steps.capabilities import agent_call
from agent_graph.graph.agent_steps.scope import StepCap, TurnScope
from agent_graph.graph.nodes.hydrate import make_hydrate, starts_turn, with_step
from agent_graph.graph.nodes.post_process import Answered, make_post_process, unstreamed
from agent_graph.graph.routing import calls_tools
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context, applied
from agent_graph.llm.client import ModelClient
from agent_graph.llm.model_call.records import ModelRequest
from agent_graph.planning.facts import facts_of
from agent_graph.telemetry.graph_spans import step_span


def make_agent(services: Services) -> Any:
    model_call = agent_call(services)
    cap = StepCap(services.max_tool_iterations)
    hydrate = make_hydrate(services)
    post_process = make_post_process(services)

    async def agent(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        if starts_turn(state):
            hydrated = await hydrate(state, runtime)
            stepped = await step(hydrated.state, runtime)
            update, state = with_step(hydrated, stepped), applied(hydrated.state, stepped)
        else:
            update = await step(state, runtime)
            state = applied(state, update)
        if calls_tools(state):
            return update
        runtime.stream_writer(Answered(state["messages"][-1]))  # shown before the writes
        with step_span("post_process"), unstreamed():
            return {**update, **await post_process(state, runtime)}

    async def step(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        client = ModelClient(services.llm_timeout_s, services.warming)
        emit = runtime.stream_writer
        scope = TurnScope(services, state, context.role, emit, client, cap, model_call)
        request = ModelRequest(
            messages=tuple(state.get("messages") or ()),
            facts=facts_of(services, state, context),
            iteration=state.get("iterations", 0),
        )
        request, response = await model_call.run(scope, request)
        update: dict[str, Any] = {
            "messages": [*request.kept, response.message],
            "usage": [u for u in response.usages if u],
        }
        if request.offered is not None:
            update["offered"] = sorted(request.offered)
        update["heard"] = sorted(request.facts.heard)
        update["plan"] = None if request.facts.plan is None else dict(request.facts.plan)
        return update

    return agent
