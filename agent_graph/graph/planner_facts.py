"""What the planners get from the state besides the messages (planning/view.py, Facts)."""

from __future__ import annotations

from agent_graph.graph.services import Services, SkillGateway
from agent_graph.graph.state import AgentState, Context
from agent_graph.planning.view import Facts


def facts_of(services: Services, state: AgentState, context: Context) -> Facts:
    """The user's time zone and L1 entries, the skill of each tool, the skills that hear this
    turn's message (as the agent node chose them) and the alerts the conversation opened with,
    as data."""
    return Facts(
        context.timezone,
        state.get("remembered") or {},
        tool_owners(services.skills),
        heard=frozenset(state.get("heard") or ()),
        opening_alerts=tuple(state.get("opening_alerts") or ()),
    )


def tool_owners(skills: SkillGateway) -> dict[str, str]:
    """The skill of each tool the gateway offers."""
    names = (str(tool.get("function", {}).get("name", "")) for tool in skills.tools)
    return {name: skill for name in names if (skill := skills.skill_for(name))}
