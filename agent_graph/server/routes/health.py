"""`GET /health`: liveness and the shared servers for everyone; the model and skill pools for
admins. A shared server (PostgreSQL, Redis) that stopped answering makes it 503."""

from __future__ import annotations

from fastapi import APIRouter, Response
from pydantic import BaseModel

from agent_graph.server.deps import ERRORS, MaybeCaller, Runtime
from agent_graph.server.probes import probe_all

router = APIRouter(tags=["health"], responses=ERRORS)


class PoolStatus(BaseModel):
    ready: int
    size: int


class HealthAnswer(BaseModel):
    """`status` is "ok" or "degraded"; `dependencies` only in the server profile; `model` and
    `skills` only for an admin (or when no tokens are configured)."""

    status: str
    dependencies: dict[str, str] | None = None
    """Per shared server: "ok", the kind of error, or that it did not answer in time."""
    model: str | None = None
    model_ready: bool | None = None
    """False while the local model reads its stable prompt prefix at start-up (a turn sent
    meanwhile is served first: the read stops)."""
    skills: dict[str, PoolStatus] | None = None


@router.get("/health", response_model_exclude_none=True)
async def health(runtime: Runtime, caller: MaybeCaller, response: Response) -> HealthAnswer:
    dependencies = await probe_all(runtime.storage.probes) if runtime.storage.probes else None
    status = "ok"
    if dependencies and any(state != "ok" for state in dependencies.values()):
        status = "degraded"
        response.status_code = 503
    answer = HealthAnswer(status=status, dependencies=dependencies)
    if caller is not None and caller.role == "admin":
        answer.model = runtime.model_name
        warming = runtime.services.warming
        answer.model_ready = warming is None or warming.done()
        answer.skills = {name: PoolStatus(**p) for name, p in runtime.registry.status().items()}
    return answer
