"""The handoff inbox for people who act on requests (role `agent`, and admins): list the
requests skills handed over (a tour request...), answer one and mark one handled; and the
asker's side: `GET /handoffs/mine`, each request with its status and answers (the asker is
also alerted when one is handled or answered)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

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


class ReplyRequest(BaseModel):
    """An answer to the asker ("Saturday at 10 works; I'll meet you there")."""

    text: str = Field(min_length=1, max_length=300)


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


@router.get("/handoffs/mine")
async def my_handoffs(runtime: Runtime, caller: Caller) -> HandoffsAnswer:
    """What the caller asked for, newest first, each with its status and answers (a guest,
    or a server without an inbox: none)."""
    inbox = runtime.handoffs
    if inbox is None or caller.role == "guest" or not caller.persist:
        return HandoffsAnswer(handoffs=[], open=0)
    found = await asyncio.to_thread(inbox.all, False, caller.user)
    return HandoffsAnswer(handoffs=found, open=sum(1 for h in found if not h.handled_at))


@router.post("/handoffs/{handoff_id}/handled")
async def mark_handled(handoff_id: str, runtime: Runtime, caller: Caller) -> Handoff:
    inbox = _inbox(runtime, caller)
    found = await asyncio.to_thread(inbox.mark_handled, handoff_id, caller.user)
    if found is None:
        raise HTTPException(404, f"no handoff {handoff_id!r}")
    inbox.tell_operator(found, "handled")
    return found


@router.post("/handoffs/{handoff_id}/reply")
async def reply(
    handoff_id: str, request: ReplyRequest, runtime: Runtime, caller: Caller
) -> Handoff:
    """Answer the asker: kept with the request, which is then handled; the asker gets an
    alert and the operator's webhook the same."""
    inbox = _inbox(runtime, caller)
    text = " ".join(request.text.split())
    if not text:
        raise HTTPException(422, "text must say something")
    found = await asyncio.to_thread(inbox.reply, handoff_id, caller.user, text)
    if found is None:
        raise HTTPException(404, f"no handoff {handoff_id!r}")
    inbox.tell_operator(found, "reply")
    return found
