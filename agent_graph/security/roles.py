"""Role-aware tool sets and the role line of the system prompt (pure)."""

from __future__ import annotations

from typing import Any

GUEST_TOOLS = frozenset(
    {
        "search_properties",
        "get_property_details",
        "get_property_details_by_address",
        "get_current_time",
    }
)
"""Read-only tools: a guest can search and look, but nothing is remembered for them."""

ROLE_LINES = {
    "guest": (
        "The user is a guest: you can search listings, show details and tell the time, but you "
        "cannot remember preferences for them; if asked, say that signing in enables it."
    ),
    "user": "The user is signed in: every tool is available.",
    "admin": "The user is an administrator of this PropSearch instance: every tool is available.",
}
REFUSED = "the tool {tool} is not available to a {role}. Answer without it."


def tool_allowed(role: str, tool: str) -> bool:
    return role != "guest" or tool in GUEST_TOOLS


def allowed_tools(role: str, tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The subset of OpenAI-style tool definitions this role may call."""
    return [t for t in tools if tool_allowed(role, str(t.get("function", {}).get("name", "")))]


def role_line(role: str) -> str:
    return ROLE_LINES.get(role, ROLE_LINES["guest"])
