"""A person's API keys (`/api-keys`): for the CLI, MCP clients, the OpenAI-compatible API and
scripts. Shown once when made, kept only as a digest, revoked by their owner."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from agent_graph.accounts.credentials import KeyRing
from agent_graph.app.runtime import AppRuntime
from agent_graph.security.auth import Principal
from agent_graph.server.account_models import Text, services
from agent_graph.server.deps import ERRORS, Caller, Runtime

router = APIRouter(prefix="/api-keys", tags=["accounts"], responses=ERRORS)
NO_KEYS = (
    "API keys belong to accounts; this caller signed in another way (operator token, local user)"
)
NO_SUCH_KEY = "you have no API key with this id"


class ApiKey(BaseModel):
    id: str
    name: str
    prefix: str
    """The key's first characters, to tell keys apart (the key itself is never shown again)."""
    created_at: float
    last_used_at: float | None


class NewApiKey(ApiKey):
    key: str
    """The key, shown this once: send it as `Authorization: Bearer <key>`."""


class ApiKeys(BaseModel):
    keys: list[ApiKey]


class KeyForm(BaseModel):
    name: Annotated[Text, Field(min_length=1, max_length=100)]


def _ring(runtime: AppRuntime, caller: Principal) -> KeyRing:
    ring = services(runtime).accounts.keys
    if caller.via not in ("session", "key"):
        raise HTTPException(403, NO_KEYS)
    return ring


@router.get("")
def list_keys(runtime: Runtime, caller: Caller) -> ApiKeys:
    found = _ring(runtime, caller).list(caller.user)
    return ApiKeys(keys=[ApiKey.model_validate(key) for key in found])


@router.post("", status_code=201)
def create_key(form: KeyForm, runtime: Runtime, caller: Caller) -> NewApiKey:
    made = _ring(runtime, caller).create(caller.user, form.name.strip() or "key")
    services(runtime).accounts.audit("key", user_id=caller.user, detail=f"made {made['prefix']}")
    return NewApiKey.model_validate(made)


@router.delete("/{key_id}", status_code=204)
def revoke_key(key_id: str, runtime: Runtime, caller: Caller) -> None:
    if not _ring(runtime, caller).revoke(caller.user, key_id):
        raise HTTPException(404, NO_SUCH_KEY)
    services(runtime).accounts.audit("key", user_id=caller.user, detail=f"revoked {key_id}")
