"""`GET /skills`: the loaded skills and their tools' metadata (labels, renderers, guest access)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from agent_graph.server.deps import ERRORS, Caller, Runtime

router = APIRouter(tags=["skills"], responses=ERRORS)


class ToolInfo(BaseModel):
    """What the web UI and the CLI need about a tool (docs/protocol.md, "Tool metadata")."""

    skill: str
    label: str
    renders: str
    guest: bool


class SkillsAnswer(BaseModel):
    skills: list[str]
    tools: dict[str, ToolInfo]


@router.get("/skills")
async def skills(runtime: Runtime, caller: Caller) -> SkillsAnswer:
    tools = {name: ToolInfo(**info) for name, info in runtime.registry.tool_metadata().items()}
    return SkillsAnswer(skills=runtime.registry.names, tools=tools)
