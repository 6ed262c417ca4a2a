"""AppRuntime: builds and owns the live services (skills, memory, model, graph) of the API."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from agent_graph.config import Settings, environment_secrets
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.llm.factory import make_chat_model
from agent_graph.memory.layer import MemoryLayer
from agent_graph.security.auth import TokenTable, load_tokens, token_values
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.server.turns import TurnRunner
from agent_graph.skills.backend import WorkerBackend
from agent_graph.skills.ports import PortAllocator
from agent_graph.skills.registry import SkillRegistry
from agent_graph.storage.profile import GuestLimiter, GuestSessions, Sessions, Storage, open_storage

log = logging.getLogger(__name__)


def backend_factory(settings: Settings) -> WorkerBackend:
    if settings.skill_backend == "docker":
        from agent_graph.skills.docker import DockerBackend

        return DockerBackend(network=settings.skill_docker_network)
    from agent_graph.skills.process import ProcessBackend

    return ProcessBackend()


def open_memory(
    settings: Settings, storage: Storage, model: Any, secondary_llm: bool
) -> MemoryLayer:
    return MemoryLayer(
        settings.memory_root,
        model=model if secondary_llm else None,
        write_behind=True,
        preferences=storage.preferences,
        open_vectors=storage.open_vectors,
    )


@dataclass
class AppRuntime:
    settings: Settings
    registry: SkillRegistry
    storage: Storage
    memory: MemoryLayer
    sanitizer: Sanitizer
    runner: TurnRunner
    model_name: str
    tokens: TokenTable = field(default_factory=lambda: TokenTable({}))

    @property
    def sessions(self) -> Sessions:
        return self.storage.sessions

    @property
    def public_limiter(self) -> GuestLimiter:
        return self.storage.limiter

    @property
    def scratch(self) -> GuestSessions:
        """Public guest sessions (RAM or Redis), never durable."""
        return self.storage.guests

    @classmethod
    async def start(cls, settings: Settings) -> AppRuntime:
        tokens = load_tokens(settings.api_tokens_file)  # fail fast, before any worker starts
        registry = SkillRegistry(
            settings.skills_dir,
            lambda: backend_factory(settings),
            PortAllocator(settings.host_port_start),
        )
        await registry.start()
        secrets = [
            *environment_secrets(),
            *registry.secrets(),
            *token_values(settings.api_tokens_file),
        ]
        if settings.llm_api_key:
            secrets.append(settings.llm_api_key)
        sanitizer = Sanitizer(secrets)
        model = make_chat_model(settings)
        secondary = settings.model_name != "offline"
        storage = open_storage(settings)
        memory = open_memory(settings, storage, model, secondary)
        await memory.warm()
        services = Services(
            skills=registry,
            model=model,
            sessions=storage.sessions,
            sanitizer=sanitizer,
            memory=memory,
            max_tool_iterations=settings.max_tool_iterations,
            llm_timeout_s=settings.llm_timeout_s,
            context_token_budget=settings.context_token_budget,
            secondary_llm=secondary,
            scratch_sessions=storage.guests,
        )
        runner = TurnRunner(
            build_graph(services),
            sanitizer,
            settings.user_timezone,
            after_turn=memory.settle,
            sessions=storage.sessions,
            locks=storage.locks,
            pending=storage.pending,
            outages=storage.outages,
        )
        log.info(
            "PropSearch ready: model=%s storage=%s skills=%s",
            settings.model_name,
            storage.name,
            registry.names,
        )
        return cls(
            settings, registry, storage, memory, sanitizer, runner, settings.model_name, tokens
        )

    async def close(self) -> None:
        await self.memory.settle()
        await self.registry.close()
        await self.storage.close()
