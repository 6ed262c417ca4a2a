"""The handoff inbox for people who act on requests (role `agent`, and admins): list the
requests skills handed over (a tour request...) and mark one handled."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from agent_graph.security.auth import Principal
from agent_graph.server.deps import ERRORS, Caller, Runtime
from agent_graph.storage.handoffs import Handoff, HandoffInbox

router = APIRouter(tags=["handoffs"], responses=ERRORS)

NOT_AGENT = "The handoff inbox is for agents and admins."
NO_INBOX = "This server keeps no handoff inbox."
HANDLERS = ("agent", "admin")


class HandoffsAnswer(BaseModel):
    """Newest first, with how many are still open."""

    handoffs: list[Handoff]
    open: int


def _inbox(runtime: Any, caller: Principal) -> HandoffInbox:
    if caller.role not in HANDLERS:
        raise HTTPException(403, NOT_AGENT)
    if runtime.handoffs is None:
        raise HTTPException(404, NO_INBOX)
    inbox: HandoffInbox = runtime.handoffs
    return inbox


@router.get("/handoffs")
async def list_handoffs(
    runtime: Runtime, caller: Caller, open_only: bool = False
) -> HandoffsAnswer:
    found = await asyncio.to_thread(_inbox(runtime, caller).all, open_only)
    return HandoffsAnswer(
        handoffs=found,
        open=sum(1 for h in found if not h.handled_at),
    )


@router.post("/handoffs/{handoff_id}/handled")
async def mark_handled(handoff_id: str, runtime: Runtime, caller: Caller) -> Handoff:
    inbox = _inbox(runtime, caller)
    found = await asyncio.to_thread(inbox.mark_handled, handoff_id, caller.user)
    if found is None:
        raise HTTPException(404, f"no handoff {handoff_id!r}")
    return found
