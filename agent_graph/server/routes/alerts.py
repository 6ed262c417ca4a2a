"""The caller's alerts (docs/jobs.md): `GET /alerts` (newest first, with the unread count) and
`POST /alerts/read` (these ids, or all). A guest has none."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from agent_graph.jobs.alerts import current_alerts
from agent_graph.server.deps import ERRORS, Caller, Runtime

router = APIRouter(tags=["alerts"], responses=ERRORS)


class Alert(BaseModel):
    """What a skill's job found for the user; `items` are results as the skill shows them."""

    id: str
    skill: str
    key: str
    kind: str
    title: str
    body: str
    items: list[dict[str, Any]]
    source: dict[str, str] | None
    run_id: str
    created_at: float
    read_at: float | None


class AlertsAnswer(BaseModel):
    alerts: list[Alert]
    unread: int


class ReadRequest(BaseModel):
    """Mark these alerts read, or all of the caller's with `all`."""

    ids: list[str] = Field(default_factory=list, max_length=500)
    all: bool = False


class ReadAnswer(BaseModel):
    read: int


@router.get("/alerts")
async def list_alerts(
    runtime: Runtime, caller: Caller, limit: int = Query(default=50, ge=1, le=200)
) -> AlertsAnswer:
    store = runtime.storage.jobs
    if store is None or caller.role == "guest" or not caller.persist:
        return AlertsAnswer(alerts=[], unread=0)
    preferences = runtime.storage.preferences
    alerts = await asyncio.to_thread(current_alerts, store, preferences, caller.user, limit)
    unread = await asyncio.to_thread(store.unread_count, caller.user)
    return AlertsAnswer(alerts=[Alert(**a) for a in alerts], unread=unread)


@router.post("/alerts/read")
async def read_alerts(request: ReadRequest, runtime: Runtime, caller: Caller) -> ReadAnswer:
    store = runtime.storage.jobs
    if store is None or caller.role == "guest":
        return ReadAnswer(read=0)
    ids = None if request.all else request.ids
    return ReadAnswer(read=await asyncio.to_thread(store.mark_read, caller.user, ids))
