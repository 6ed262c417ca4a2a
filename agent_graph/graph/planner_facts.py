"""What the planners get from the state besides the messages (planning/view.py, Facts)."""

from __future__ import annotations

from agent_graph.graph.services import Services, SkillGateway
from agent_graph.graph.state import AgentState, Context
from agent_graph.planning.view import Facts


def facts_of(services: Services, state: AgentState, context: Context) -> Facts:
    """The user's time zone, L1 entries and opening alerts, and the skill of each tool, as data."""
    remembered, alerts = state.get("remembered") or {}, tuple(state.get("opening_alerts") or ())
    return Facts(context.timezone, remembered, tool_owners(services.skills), alerts)


def tool_owners(skills: SkillGateway) -> dict[str, str]:
    """The skill of each tool the gateway offers."""
    names = (str(tool.get("function", {}).get("name", "")) for tool in skills.tools)
    return {name: skill for name in names if (skill := skills.skill_for(name))}
