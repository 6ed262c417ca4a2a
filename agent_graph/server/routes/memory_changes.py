"""`GET /memory/changes` and `POST /memory/changes/{id}/undo`: what was changed on the user's
behalf (old and new value, when, which message) and taking a change back."""

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException

from agent_graph.server.runtime import AppRuntime


def memory_changes_router(
    runtime_dep: Callable[..., AppRuntime], user_dep: Callable[..., str]
) -> APIRouter:
    """The routes, given api.py's dependencies (the runtime, the signed-in user). This module
    has no `from __future__ import annotations`: FastAPI reads these local aliases at def time."""
    router = APIRouter()
    Runtime = Annotated[AppRuntime, Depends(runtime_dep)]
    User = Annotated[str, Depends(user_dep)]

    @router.get("/memory/changes")
    async def list_changes(runtime: Runtime, user: User) -> dict[str, Any]:
        return {"changes": await runtime.memory.list_changes(user)}

    @router.post("/memory/changes/{change_id}/undo")
    async def undo_change(change_id: str, runtime: Runtime, user: User) -> dict[str, Any]:
        try:
            return {"change": await runtime.memory.undo_change(user, change_id)}
        except KeyError:
            raise HTTPException(404, f"no change {change_id}") from None
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None

    return router
