"""AppRuntime: builds and owns the live services (skills, memory, model, graph) of the API."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel

from agent_graph.accounts.identity import Identities
from agent_graph.accounts.setup import AccountServices, open_accounts
from agent_graph.app.composition import (
    compose_services,
    make_registry,
    make_sanitizer,
    open_memory,
)
from agent_graph.app.overrides import Overrides
from agent_graph.config import Settings
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.warm_prefix import warm_prefix
from agent_graph.jobs.runner import JobRunner
from agent_graph.jobs.setup import check_schedules, open_jobs
from agent_graph.llm.factory import make_chat_model
from agent_graph.llm.local.server import LocalLLMServer, start_local_server
from agent_graph.llm.profile import ModelProfile, profile_for
from agent_graph.memory.layer import MemoryLayer
from agent_graph.planning.planners import Planners, known_skills
from agent_graph.security.auth import TokenTable, load_tokens
from agent_graph.security.confirm_tokens import ConfirmTokens
from agent_graph.security.log_redaction import redact_logs
from agent_graph.security.private_files import keep_private
from agent_graph.security.pseudonyms import Pseudonyms, deployment_key
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.isolation.state import state_root
from agent_graph.skills.registry import SkillRegistry, discover
from agent_graph.storage.handoffs import HandoffInbox
from agent_graph.storage.profile import open_storage
from agent_graph.storage.session_writes import settled, write_sessions_behind
from agent_graph.storage.storage import GuestLimiter, GuestSessions, Sessions, Storage
from agent_graph.telemetry.attributes import user_ids
from agent_graph.telemetry.instruments import observe_pools
from agent_graph.telemetry.setup import configure as configure_telemetry
from agent_graph.telemetry.setup import flush as flush_telemetry
from agent_graph.telemetry.setup import redact_with
from agent_graph.turns.runner import TurnRunner
from agent_graph.turns.runs import RunHub
from agent_graph.turns.takeover import RunKeeper

log = logging.getLogger(__name__)


@dataclass
class AppRuntime:
    settings: Settings
    registry: SkillRegistry
    storage: Storage
    memory: MemoryLayer
    sanitizer: Sanitizer
    runner: TurnRunner
    services: Services
    """The graph's services; they own the start-up read (`warming`) and the background reads."""
    model_name: str
    tokens: TokenTable = field(default_factory=lambda: TokenTable({}))
    local_server: LocalLLMServer | None = None
    """The app's own llama-server when AGENT_MODEL=local."""
    confirm_tokens: ConfirmTokens = field(default_factory=ConfirmTokens)
    """Tokens that let a direct call delete or change a remembered entry (direct_calls.py)."""
    planners: Planners = field(default_factory=Planners)
    """The skills' planner processes, stopped with the app."""
    jobs: JobRunner | None = None
    """Runs the jobs skills declare (agent_graph/jobs); None with JOBS=off."""
    accounts: AccountServices | None = None
    """People's accounts with ACCOUNTS=on (docs/accounts.md)."""
    overrides: Overrides = field(default_factory=Overrides)
    """What the entry point replaced; a registry or planners it shares are closed by it."""
    runs: RunHub = field(init=False)
    """Turns as runs that outlive their request (turns/runs.py)."""
    pseudonyms: Pseudonyms = field(init=False)
    """Keyed by the deployment's secret: OpenAI clients' derived session ids (openai_chat.py)."""
    identities: Identities = field(init=False)
    """Who is calling: operator tokens, API keys, session cookies (accounts/identity.py)."""

    def __post_init__(self) -> None:
        keeper = None
        storage = self.storage
        if storage.leases is not None and storage.run_streams is not None:
            lease_s = self.settings.run_lease_s
            keeper = RunKeeper(storage.leases, storage.replica, lease_s, storage.run_streams)
        self.runs = RunHub(self.runner, shared=storage.run_streams, keeper=keeper)
        secret, root = self.settings.pseudonym_secret, self.settings.memory_root
        self.pseudonyms = Pseudonyms(deployment_key(secret, root))
        user_ids.key = self.pseudonyms.key  # traces' user.id: the same deployment key
        accounts = self.accounts.accounts if self.accounts else None
        self.identities = Identities(
            self.tokens,
            accounts.sessions if accounts else None,
            accounts.keys if accounts else None,
            self.settings.public_url,
        )

    @property
    def handoffs(self) -> HandoffInbox | None:
        """Requests for a person (tour requests...) the `agent` role reads (storage/handoffs.py)."""
        return self.services.handoffs

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
    async def start(cls, settings: Settings, overrides: Overrides | None = None) -> AppRuntime:
        """Everything the settings describe, started in order; `overrides` replace parts of it
        (agent_graph/app/__init__.py's `open_app` is the way in, and closes what this starts)."""
        overrides = overrides or Overrides()
        tokens = _checked(settings)
        profile = profile_for(settings)  # what kind of model runs, decided once
        storage = open_storage(settings)
        # session files written as `done` goes out (or in the turn, as overrides say)
        behind = write_sessions_behind(storage) if overrides.sessions_behind else []
        # Turns paused for a confirmation (LangGraph interrupts) wait here for the answer:
        # in this process (embedded) or in PostgreSQL, for any replica (server).
        checkpointer = await storage.open_checkpointer()
        local_server = await start_local_server(settings, profile)  # a bad model file fails here
        sanitizer = _sanitizer(settings)
        registry = overrides.registry or await _started_registry(settings, sanitizer)
        jobs = open_jobs(settings, storage, registry.skills)  # a bad schedule fails here
        thinking = await _thinking(settings, profile, overrides, storage, local_server)
        planners, model, memory = thinking
        services = compose_services(
            settings,
            model=model,
            planners=planners,
            memory=memory if overrides.memory else None,
            storage=storage,
            sanitizer=sanitizer,
            skills=overrides.wrap_skills(registry) if overrides.wrap_skills else registry,
            profile=profile,
        )
        if profile.warms_up:
            _warm(services, signed_in=tokens.enabled or settings.accounts_on)
        settles = [memory.settle] if memory.write_behind else []
        runner = _turn_runner(settings, services, storage, checkpointer, settles + behind)
        log.info(
            "PropSearch ready: model=%s storage=%s skills=%s",
            settings.model_name,
            storage.name,
            registry.names,
        )
        runtime = cls(
            settings,
            registry,
            storage,
            memory,
            sanitizer,
            runner,
            services,
            settings.model_name,
            tokens,
            local_server,
            _confirm_tokens(settings, storage),
            planners,
            jobs,
            open_accounts(settings, storage.accounts),  # logs the setup code on a first run
            overrides,
        )
        runtime.runs.open()
        if jobs is not None:
            await jobs.start()
        return runtime

    async def close(self) -> None:
        if self.services.warming is not None:
            self.services.warming.cancel()
        await self.services.background_reads.close()
        if self.jobs is not None:
            await self.jobs.close()
        await self.runs.close()
        await asyncio.to_thread(flush_telemetry)
        await self.memory.close()
        if self.overrides.registry is None:
            await self.registry.close()
        if self.overrides.planners is None:
            await asyncio.to_thread(self.planners.close)
        await self.storage.close()
        if self.local_server is not None:
            await asyncio.to_thread(self.local_server.stop)


def _checked(settings: Settings) -> TokenTable:
    """What must be right before any worker starts (a bad tokens file, skill or job schedule
    stops the start, writing nothing); then the data dir is made private. The tokens."""
    tokens = load_tokens(settings.api_tokens_file)
    known_skills(discover(settings.skills_dir), settings.refusals_off)
    check_schedules(settings)
    keep_private(settings.memory_root, skip=state_root(settings.memory_root))
    return tokens


def _sanitizer(settings: Settings) -> Sanitizer:
    """The secrets' scrubber, on the logs and the traces too (configured before the graph:
    its spans hook on there)."""
    sanitizer = make_sanitizer(settings)
    redact_logs(sanitizer)
    configure_telemetry(settings)
    redact_with(sanitizer)
    return sanitizer


async def _thinking(
    settings: Settings,
    profile: ModelProfile,
    overrides: Overrides,
    storage: Storage,
    local_server: LocalLLMServer | None,
) -> tuple[Planners, BaseChatModel, MemoryLayer]:
    """The skills' planners (started on this thread: see launcher.py), the model and the
    memory over it, warmed; the skills' intent examples are embedded meanwhile."""
    planners = overrides.planners or Planners.from_skills_dir(
        settings.skills_dir, settings.refusals_off
    )
    intents = planners.understanding.warm()
    if overrides.model is not None:
        model = overrides.model(planners)
    else:
        local_url = local_server.base_url if local_server else None
        model = make_chat_model(settings, profile, planners, local_url)
    memory = open_memory(settings, storage, model, overrides.write_behind, profile)
    await memory.warm()
    await asyncio.to_thread(intents.join)  # no turn waits for them
    return planners, model, memory


def _warm(services: Services, signed_in: bool) -> None:
    """Read the model's fixed prompt prefix ahead, as the usual caller's role sees it."""
    role = "user" if signed_in else "admin"
    services.warming = asyncio.ensure_future(warm_prefix(services, role))


async def _started_registry(settings: Settings, sanitizer: Sanitizer) -> SkillRegistry:
    """Every skill's pool started (a broken skill is logged and skipped), pools observed."""
    registry = make_registry(settings, sanitizer.redact)
    await registry.start()
    observe_pools(registry.status)
    return registry


def _turn_runner(
    settings: Settings,
    services: Services,
    storage: Storage,
    checkpointer: Any,
    settles: list[Callable[[str], Awaitable[None]]],
) -> TurnRunner:
    """The graph over `services`, run a turn at a time per session with the storage's locks;
    `settles`: what is written behind a turn (memory, the session), awaited before its stream
    ends."""
    return TurnRunner(
        build_graph(services, checkpointer=checkpointer),
        services.sanitizer,
        settings.user_timezone,
        after_turn=settled(settles),
        sessions=storage.sessions,
        locks=storage.locks,
        pending=storage.pending,
        outages=storage.outages,
        paused_ttl_s=settings.paused_turn_ttl_s,
        # with leases, a checkpoint after every step: another replica resumes from there
        durability="sync" if storage.leases is not None else "exit",
    )


def _confirm_tokens(settings: Settings, storage: Storage) -> ConfirmTokens:
    """Tokens for direct calls' confirmations, single use across every replica."""
    return ConfirmTokens.shared(
        settings.api_tokens_file.read_text() if settings.api_tokens_file else None,
        settings.database_url,
        spent=storage.spent,
    )
