"""The agent node's model call: its capabilities, in the order their declarations give, with
the ones the model's kind needs (its profile's)."""

from __future__ import annotations

from agent_graph.capabilities import provided
from agent_graph.graph.agent_steps import after, before
from agent_graph.graph.agent_steps.overflow import CompactOnOverflow
from agent_graph.graph.agent_steps.scope import TurnScope, call_client
from agent_graph.graph.services import Services
from agent_graph.llm.model_call.kinds import FOLLOWS_PLAN, PLAN
from agent_graph.llm.model_call.protocol import Capability, ModelCall


def agent_call(services: Services) -> ModelCall[TurnScope]:
    """The agent's model call: built once, so a capability list that cannot be ordered fails
    when the graph is built."""
    kind: tuple[Capability[TurnScope], ...] = services.profile.capabilities()
    planners_speak = not provided(kind, FOLLOWS_PLAN)  # a suggestion would repeat the model
    plan_read = any(PLAN in c.needs for c in kind)
    profile = services.profile
    wants_plan = plan_read or services.suggestions or profile.skill_answers or profile.follows_plans
    return ModelCall(
        [
            before.Reflect(),
            before.OfferTools(),
            before.Refuse(plans=wants_plan),
            before.PlanTurn(wanted=wants_plan),
            before.AnswerFromSkills(),
            before.Bind(),
            *([before.FollowPlan()] if profile.follows_plans else []),
            before.CompactLong(),
            *([before.Suggest()] if planners_speak else []),
            CompactOnOverflow(),
            *kind,
            after.ReadTextCalls(),
            after.KeepToWords(),
            after.DropRepeats(planned=planners_speak),
            after.StopAtCap(),
            after.ReplaceUnrunCallText(),
            after.DropEcho(),
        ],
        call_client,
    )
