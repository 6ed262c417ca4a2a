"""`GET /me`: who the caller is and their role, so a client offers only what that role may do
(the web UI asks for the handoff inbox only as an agent or admin)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from agent_graph.server.deps import ERRORS, Caller

router = APIRouter(tags=["auth"], responses=ERRORS)


class MeAnswer(BaseModel):
    """The caller's user id and role (`user`, `agent`, `admin`: security/roles.py)."""

    user: str
    role: str


@router.get("/me")
async def me(caller: Caller) -> MeAnswer:
    return MeAnswer(user=caller.user, role=caller.role)
