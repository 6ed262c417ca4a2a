"""Services: what the graph's nodes depend on, injected by build_graph(...)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from langchain_core.language_models import BaseChatModel

from agent_graph.graph.background_reads import BackgroundReads
from agent_graph.graph.tool_choice import ToolChoice
from agent_graph.llm.profile import ModelProfile, profile_of
from agent_graph.memory.preferences import Remembered
from agent_graph.planning.planners import Planners
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.model.metadata import ToolMeta
from agent_graph.storage.handoffs import HandoffInbox
from agent_graph.storage.scratch_sessions import ScratchSessionStore
from agent_graph.storage.sessions import SessionRecord


class SessionStorage(Protocol):
    """Where a turn's session is loaded from and saved to (disk, or RAM for public guests)."""

    def load(self, user: str, session_id: str) -> SessionRecord | None: ...

    def save(self, record: SessionRecord) -> None: ...


class SkillGateway(Protocol):
    """The registry as the graph sees it: merged tools and prompts, and dispatch."""

    @property
    def tools(self) -> list[dict[str, Any]]: ...

    @property
    def system_prompt(self) -> str: ...

    @property
    def identity(self) -> str: ...

    def skill_for(self, tool: str) -> str | None: ...

    def meta(self, tool: str) -> ToolMeta: ...

    async def ensure_started(self) -> None: ...

    def about(self, tool: str) -> dict[str, Any]: ...

    async def dispatch(self, tool: str, params: dict[str, Any]) -> Any: ...


class MemoryGateway(Protocol):
    """The memory layers as the graph's nodes call them (L1 preferences, L3 semantic, L2
    episodes); the API's memory routes use the MemoryLayer itself."""

    async def remembered(self, user: str) -> Remembered: ...

    async def semantic_recall(self, user: str, text: str, limit: int) -> list[str]: ...

    async def episode_recall(
        self, user: str, session_id: str, text: str, before_index: int
    ) -> list[str]: ...

    async def apply_writes(
        self, user: str, writes: list[dict[str, Any]], message: str = ""
    ) -> list[dict[str, Any]]: ...

    async def current_value(self, user: str, write: dict[str, Any]) -> str | None: ...

    async def remember_results(self, user: str, outcomes: list[dict[str, Any]]) -> None: ...

    async def save_episode(
        self, user: str, session_id: str, index: int, user_text: str, assistant_text: str
    ) -> None: ...


@dataclass
class Services:
    """Everything the nodes need; app/composition.py builds it from settings."""

    skills: SkillGateway
    model: BaseChatModel
    sessions: SessionStorage
    """Signed-in sessions: files (embedded profile) or PostgreSQL (server profile)."""
    sanitizer: Sanitizer = field(default_factory=Sanitizer)
    memory: MemoryGateway | None = None
    max_tool_iterations: int = 6
    llm_timeout_s: float = 60.0
    context_token_budget: int = 12000
    model_profile: ModelProfile | None = None
    """What kind of model runs and what follows from it (llm/profile.py), built once from the
    settings by the composition root; left out (a test's own model), the model's kind's."""
    scratch_sessions: SessionStorage = field(default_factory=ScratchSessionStore)
    """Public guest sessions (Context.persist is False): RAM or Redis, never on disk."""
    planners: Planners = field(default_factory=Planners)
    """The skills' planners: state lines for the context block, deterministic hints."""
    suggestions: bool = True
    """A real model's first call of a turn sees the call the planners would make (suggestion.py)."""
    checks: bool = True
    """The planners check each call against the user's words (nodes/tools.py)."""
    tool_choice: ToolChoice | None = None
    """Offers each model call only the relevant skills' tools (graph/tool_choice.py); None: all."""
    relevance: ToolChoice | None = None
    """Chooses the skills whose planners hear a message (graph/tool_choice.py, `heard`),
    whatever the model is offered; None: no planner hears any message."""
    warming: asyncio.Future[None] | None = None
    """The local model reading the stable prompt prefix at start-up (graph/warm_prefix.py):
    model calls wait for it rather than read the same prefix beside it."""
    background_reads: BackgroundReads = field(default_factory=BackgroundReads)
    """Those reads under way."""
    handoffs: HandoffInbox | None = None
    """Where a tool's handoff result (a request for a person) is kept (storage/handoffs.py)."""
    take_alerts: Callable[[str], list[dict[str, Any]]] | None = None
    """The user's unseen alerts (agent_graph/jobs), marked read as they are taken: a new
    session opens with them (nodes/hydrate.py). None: no alerts here."""

    def __post_init__(self) -> None:
        if self.model_profile is None:
            self.model_profile = profile_of(self.model)

    @property
    def profile(self) -> ModelProfile:
        """What kind of model runs and what follows from it (llm/profile.py)."""
        assert self.model_profile is not None  # set in __post_init__
        return self.model_profile

    def session_store(self, persist: bool) -> SessionStorage:
        return self.sessions if persist else self.scratch_sessions
