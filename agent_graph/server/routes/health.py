"""`GET /health`: liveness for everyone; the model and skill pools for admins."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from agent_graph.server.deps import ERRORS, MaybeCaller, Runtime

router = APIRouter(tags=["health"], responses=ERRORS)


class PoolStatus(BaseModel):
    ready: int
    size: int


class HealthAnswer(BaseModel):
    """`model` and `skills` only for an admin (or when no tokens are configured)."""

    status: str
    model: str | None = None
    skills: dict[str, PoolStatus] | None = None


@router.get("/health", response_model_exclude_none=True)
async def health(runtime: Runtime, caller: MaybeCaller) -> HealthAnswer:
    if caller is None or caller.role != "admin":
        return HealthAnswer(status="ok")
    pools = {name: PoolStatus(**pool) for name, pool in runtime.registry.status().items()}
    return HealthAnswer(status="ok", model=runtime.model_name, skills=pools)
