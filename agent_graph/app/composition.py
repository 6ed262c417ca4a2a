"""The composition root: the one place that turns settings into the graph's `Services`.

The API (`AppRuntime.start` via agent_graph/app/__init__.py's `open_app`; the CLI talks to it),
`langgraph dev` (graph.py) and the
benchmarks (bench/common.py's `bench_services`) all build their services with
`compose_services`, so a setting such as CONTEXT_TOKEN_BUDGET reaches every entry point
(tests/integration/test_composition.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel

from agent_graph.config import Settings
from agent_graph.delivery.webhook import post_signed
from agent_graph.graph.services import Services, SkillGateway
from agent_graph.graph.tool_choice import ToolChoice
from agent_graph.jobs.alerts import take_unread
from agent_graph.llm.profile import ModelProfile, profile_for
from agent_graph.memory.embeddings import embed
from agent_graph.memory.layer import MemoryLayer
from agent_graph.planning.planners import Planners
from agent_graph.security.auth import token_values
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.backends.backend import WorkerBackend
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.service import parse_services
from agent_graph.skills.isolation.state import state_root
from agent_graph.skills.registry import SkillRegistry, skill_secrets
from agent_graph.storage.handoffs import HandoffInbox
from agent_graph.storage.profile import open_storage
from agent_graph.storage.storage import Storage


def backend_factory(settings: Settings, redact: Callable[[str], str] = str) -> WorkerBackend:
    if settings.skill_backend == "docker":
        from agent_graph.skills.backends.docker import DockerBackend

        # state lives in a named volume per skill (skills/isolation/state.py): the engine proxy refuses
        # host mounts, and in compose the agent's own path is not the engine's
        return DockerBackend(
            network=settings.skill_docker_network, scope=settings.skill_docker_scope
        )
    from agent_graph.skills.backends.logs import SkillLogs
    from agent_graph.skills.backends.process import ProcessBackend

    logs = SkillLogs(settings.memory_root / "logs" / "skills", redact=redact)
    return ProcessBackend(logs, state=state_root(settings.memory_root))


def make_registry(settings: Settings, redact: Callable[[str], str] = str) -> SkillRegistry:
    """The skill registry as configured: backend, ports, isolation override, calls per worker;
    `redact` scrubs what workers write to their logs."""
    return SkillRegistry(
        settings.skills_dir,
        lambda: backend_factory(settings, redact),
        PortAllocator(settings.host_port_start),
        isolation=settings.skill_isolation,
        worker_max_calls=settings.skill_worker_max_calls,
        services=parse_services(settings.skill_services),
        # a replica of the server profile keeps nothing on its disk: the skills it was given
        # decide at each start, the same on every replica
        claims_file=_claims_file(settings),
        tokens=settings.api_tokens_file is not None,
    )


def make_sanitizer(settings: Settings) -> Sanitizer:
    """Scrubs every configured secret: the settings', the skills' and the API tokens."""
    return Sanitizer(
        [
            *settings.secrets,
            *skill_secrets(settings.skills_dir),
            *token_values(settings.api_tokens_file),
        ]
    )


def open_memory(
    settings: Settings,
    storage: Storage,
    model: BaseChatModel,
    write_behind: bool = True,
    profile: ModelProfile | None = None,
) -> MemoryLayer:
    """The memory layers on `storage`; `write_behind` when something settles them after a turn.
    Scores and summaries ask the model only where the profile makes secondary calls."""
    secondary = (profile or profile_for(settings)).secondary_calls
    return MemoryLayer(
        settings.memory_root,
        model=model if secondary else None,
        write_behind=write_behind,
        preferences=storage.preferences,
        open_vectors=storage.open_vectors,
        changes=storage.changes,
    )


def compose_services(
    settings: Settings,
    *,
    model: BaseChatModel,
    planners: Planners,
    memory: MemoryLayer | None,
    storage: Storage | None = None,
    sanitizer: Sanitizer | None = None,
    skills: SkillGateway | None = None,
    profile: ModelProfile | None = None,
) -> Services:
    """The graph's services with every knob read from `settings`: the one function the API,
    `langgraph dev` (graph.py) and the benchmarks build them with (the CLI talks to the API).

    An entry point passes what differs: the model and its planners, the memory layer it
    settles (None: none; `open_memory` builds it), and what it also uses or wraps itself: the
    storage, the sanitizer, the skills (a started registry, or one wrapped to time its calls).
    What it leaves out is built here from `settings`, the model's profile included."""
    profile = profile or profile_for(settings)
    storage = storage or open_storage(settings)
    sanitizer = sanitizer or make_sanitizer(settings)
    skills = skills or make_registry(settings, sanitizer.redact)
    understanding = planners.understanding
    relevance = ToolChoice(
        skills.skill_for,
        embed,
        understanding.rank,
        understanding.named,
        understanding.spelt,
        understanding.shaped,
    )
    return Services(
        handoffs=handoff_inbox(settings, storage),
        skills=skills,
        model=model,
        sessions=storage.sessions,
        sanitizer=sanitizer,
        memory=memory,
        max_tool_iterations=settings.max_tool_iterations,
        llm_timeout_s=settings.llm_timeout_s,
        context_token_budget=settings.context_token_budget,
        model_profile=profile,
        scratch_sessions=storage.guests,
        planners=planners,
        suggestions=settings.planner_suggestions,
        checks=settings.planner_checks,
        tool_choice=relevance if profile.relevant_tools else None,
        relevance=relevance,
        take_alerts=_alert_opener(storage),
    )


def handoff_inbox(settings: Settings, storage: Storage) -> HandoffInbox | None:
    """The handoff inbox in the storage's job store (none without one); each new handoff goes
    to the operator's webhook when HANDOFF_WEBHOOK_URL is set."""
    if storage.jobs is None:
        return None
    url, secret = settings.handoff_webhook_url, settings.handoff_webhook_secret
    notify = partial(post_signed, url, secret) if url else None
    return HandoffInbox(storage.jobs, notify)


def _alert_opener(storage: Storage) -> Callable[[str], list[dict[str, Any]]] | None:
    """A new session's opening alerts (jobs/alerts.py), where the storage keeps alerts."""
    store = storage.jobs
    if store is None:
        return None
    return lambda user: take_unread(store, storage.preferences, user)


def _claims_file(settings: Settings) -> Path | None:
    """Where the embedded profile remembers which skill registered each tool name first."""
    if settings.storage == "server":
        return None
    return settings.memory_root / "skills" / "claims.json"
