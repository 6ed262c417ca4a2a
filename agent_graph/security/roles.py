"""Role-aware tool sets and the role line of the system prompt (pure).

A guest may call only the tools whose skill marks them `"guest": true` (tool metadata); every
other role may call every tool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

ROLE_LINES = {
    "guest": (
        "The user is a guest: only the read-only tools are available to them, and nothing is "
        "remembered for them; if asked to remember something, say that signing in enables it."
    ),
    "user": "The user is signed in: every tool is available.",
    "agent": "The user is a signed-in agent of this PropSearch instance: every tool is available.",
    "admin": "The user is an administrator of this PropSearch instance: every tool is available.",
}
REFUSED = "the tool {tool} is not available to a {role}. Answer without it."


class GuestFlag(Protocol):
    """A tool's metadata as roles read it (skills/model/metadata.py ToolMeta)."""

    @property
    def guest(self) -> bool: ...


def tool_allowed(role: str, meta: GuestFlag) -> bool:
    return role != "guest" or meta.guest


def allowed_tools(
    role: str, tools: list[dict[str, Any]], meta_of: Callable[[str], GuestFlag]
) -> list[dict[str, Any]]:
    """The subset of OpenAI-style tool definitions this role may call."""
    return [
        t for t in tools if tool_allowed(role, meta_of(str(t.get("function", {}).get("name", ""))))
    ]


def role_line(role: str) -> str:
    return ROLE_LINES.get(role, ROLE_LINES["guest"])
