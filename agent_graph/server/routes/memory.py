"""Remembered preferences (L1): list them, forget one."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Response
from pydantic import BaseModel

from agent_graph.server.deps import ERRORS, Runtime, User

router = APIRouter(tags=["memory"], responses=ERRORS)


class PreferenceEntry(BaseModel):
    entry_type: str
    key: str
    value: str


class PreferencesAnswer(BaseModel):
    """Entries per skill."""

    preferences: dict[str, list[PreferenceEntry]]


@router.get("/memory/preferences")
async def preferences(runtime: Runtime, user: User) -> PreferencesAnswer:
    listed = await runtime.memory.list_preferences(user)
    return PreferencesAnswer(
        preferences={
            skill: [PreferenceEntry(**e) for e in entries] for skill, entries in listed.items()
        }
    )


@router.delete("/memory/preferences/{skill}/{key}", status_code=204)
async def forget_preference(skill: str, key: str, runtime: Runtime, user: User) -> Response:
    try:
        found = await runtime.memory.forget_preference(user, skill, key)
    except ValueError as exc:
        raise HTTPException(status_code=422, detail=str(exc)) from exc
    if not found:
        raise HTTPException(status_code=404, detail=f"no remembered {key!r} for {skill}")
    return Response(status_code=204)
