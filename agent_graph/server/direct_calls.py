"""Direct tool calls from a client (`POST /tools/{tool}`): role-checked like the graph, memory
writes applied at once and recorded as changes. No FastAPI here: errors carry an HTTP status."""

from __future__ import annotations

from typing import Any

from agent_graph.graph.services import MemoryGateway, SkillGateway
from agent_graph.security.auth import Principal
from agent_graph.security.roles import tool_allowed
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.pool import SkillCallError

SIGN_IN = "Sign in to save: as a guest you can search and look, but nothing is kept for you."
APP_MESSAGE = "{tool} (from the app)"


class DirectCallError(Exception):
    """A refused or failed direct call: `status` and a readable `detail`."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


async def call_tool(
    skills: SkillGateway,
    memory: MemoryGateway,
    sanitizer: Sanitizer,
    who: Principal,
    tool: str,
    params: dict[str, Any],
) -> dict[str, Any]:
    """{"result", "change"?}: run one tool for `who`; its memory write, if any, is applied now."""
    skill = skills.skill_for(tool)
    if skill is None:
        raise DirectCallError(404, f"unknown tool {tool!r}")
    if not tool_allowed(who.role, skills.meta(tool)):
        raise DirectCallError(403, SIGN_IN)
    try:
        result = sanitizer.redact_value(await skills.dispatch(tool, params))
    except SkillCallError as exc:
        raise DirectCallError(_status_of(str(exc)), sanitizer.redact(str(exc))) from None
    answer: dict[str, Any] = {"result": result}
    if isinstance(result, dict) and result.get("type") == "memory_write":
        if not who.persist:
            raise DirectCallError(403, SIGN_IN)
        changes = await memory.apply_writes(
            who.user, [{"skill": skill, **result}], APP_MESSAGE.format(tool=tool)
        )
        if changes:
            answer["change"] = changes[0]
    return answer


def _status_of(message: str) -> int:
    """The skill's own status when the pool's message names one ("... failed (404): ..")."""
    for status in (400, 404, 409, 422):
        if f"failed ({status})" in message:
            return status
    return 502
