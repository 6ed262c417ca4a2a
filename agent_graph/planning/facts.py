"""What the planners get from the turn besides the messages (view.py, Facts), read from the
least of the graph they need: the skill of each tool, a few state fields and the user's zone.

Typed by protocols, so planning still imports nothing from `graph/` (the graph builds on it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from agent_graph.planning.view import Facts


class ToolRoster(Protocol):
    """The skills' merged tools and the skill that serves each (the registry as seen by the
    graph)."""

    @property
    def tools(self) -> list[dict[str, Any]]: ...

    def skill_for(self, tool: str) -> str | None: ...


class WithSkills(Protocol):
    """The graph's services, as far as the facts need them."""

    @property
    def skills(self) -> ToolRoster: ...


class WithTimezone(Protocol):
    """The run's context, as far as the facts need it."""

    @property
    def timezone(self) -> str: ...


def facts_of(services: WithSkills, state: Mapping[str, Any], context: WithTimezone) -> Facts:
    """The user's time zone and L1 entries, the skill of each tool, the skills that hear this
    turn's message (as the agent node chose them), the alerts the conversation opened with and
    the turn's plan once made, as data."""
    return Facts(
        context.timezone,
        state.get("remembered") or {},
        tool_owners(services.skills),
        heard=frozenset(state.get("heard") or ()),
        opening_alerts=tuple(state.get("opening_alerts") or ()),
        alerted=tuple(state.get("alerted") or ()),
        plan=state.get("plan"),
        shown_before=tuple((str(t), dict(r)) for t, r in state.get("shown_before") or ()),
    )


def tool_owners(skills: ToolRoster) -> dict[str, str]:
    """The skill of each tool the gateway offers."""
    names = (str(tool.get("function", {}).get("name", "")) for tool in skills.tools)
    return {name: skill for name in names if (skill := skills.skill_for(name))}
