"""`GET /memory/changes` and `POST /memory/changes/{id}/undo`: what was changed on the user's
behalf (old and new value, when, which message) and taking a change back."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel

from agent_graph.server.deps import ERRORS, Runtime, User

router = APIRouter(tags=["memory"], responses=ERRORS)


class ChangeEntry(BaseModel):
    """One change of a remembered entry; `old`/`new` are null when it did not exist."""

    id: str
    skill: str
    entry_type: str
    key: str
    old: str | None
    new: str | None
    at: str
    message: str
    undoes: str | None = None
    undone: bool = False


class ChangesAnswer(BaseModel):
    """Newest first."""

    changes: list[ChangeEntry]


class UndoAnswer(BaseModel):
    """The new change that took the old one back."""

    change: ChangeEntry


@router.get("/memory/changes")
async def list_changes(runtime: Runtime, user: User) -> ChangesAnswer:
    changes = await runtime.memory.list_changes(user)
    return ChangesAnswer(changes=[ChangeEntry(**c) for c in changes])


@router.post("/memory/changes/{change_id}/undo")
async def undo_change(change_id: str, runtime: Runtime, user: User) -> UndoAnswer:
    try:
        return UndoAnswer(change=ChangeEntry(**await runtime.memory.undo_change(user, change_id)))
    except KeyError:
        raise HTTPException(404, f"no change {change_id}") from None
    except ValueError as exc:
        raise HTTPException(409, str(exc)) from None
