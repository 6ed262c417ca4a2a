"""ModelProfile: the one place that knows what kind of model runs and what follows from it.

The composition root builds it once from the settings (`profile_for`) and hands it to the model
factory and the graph's services; nodes ask the profile (`services.profile`), never the model's
class or the settings' model name: a new kind of model changes this module, not the graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from agent_graph.config import Settings
from agent_graph.llm.model_call.kinds import BindFacts, ProviderOrder
from agent_graph.llm.model_call.protocol import Capability
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.memory.scoring import TOP_ITEMS

LOCAL_MODEL = "openai/local"
"""How LiteLLM addresses the local llama-server (OpenAI wire format, model alias "local")."""

ModelKind = Literal["offline", "local", "hosted"]


@dataclass(frozen=True)
class ModelProfile:
    """What a kind of model implies for the graph around it."""

    kind: ModelKind
    secondary_calls: bool = False
    """Hints, titles, scores and summaries ask the model first (a hosted LLM: the offline one
    cannot, and on the local model each would cost seconds and evict its cache)."""
    history_token_budget: int = 0
    """Tokens of past exchanges a prompt replays word for word before older ones are folded
    into a summary, in steps that keep the prompt's prefix (graph/history_fold.py); 0: the last
    exchanges only (the local model's is a quarter of its context, which is small and
    prefix-cached; other models keep the last exchanges whatever their size)."""
    skill_answers: bool = False
    """A turn that made the calls the planners planned ends with their wording (suggestion.py,
    skills_answer) instead of a model call that reads the results (SKILL_ANSWERS)."""
    follows_plans: bool = False
    """A turn's first step is the calls the planners planned for the message, when they planned
    any, with no model call (FOLLOW_PLANS); the model reads what they did not plan for."""
    short_unread_results: bool = False
    """Results no call read (the skills worded the answer after them) are replayed as a short
    note (graph/history.py as_read): the next turn's first call would otherwise read them (a
    whole table of results) while the user waits; the conversation state numbers them."""
    read_ahead: bool = False
    """After each turn the local model reads the session's next prompt (graph/read_ahead.py)."""
    relevant_tools: bool = False
    """Each model call is offered only the relevant skills' tools (TOOL_CHOICE; the offline
    model is bound to every tool, its planners hearing by relevance alone)."""

    @property
    def is_planners(self) -> bool:
        """The model is the skills' planners (offline): it reads the graph's own message order,
        and a suggestion or the planners' wording of its results would only repeat it."""
        return self.kind == "offline"

    def capabilities(self) -> tuple[Capability[object], ...]:
        """What this kind of model needs around its call (llm/model_call/kinds.py): the offline
        model the turn's facts bound to it, any other a provider-safe message order."""
        if self.is_planners:
            return (BindFacts(),)
        return (ProviderOrder(merge_system=not self.replays_turns),)

    @property
    def replays_turns(self) -> bool:
        """The local llama-server: its chat template renders each system message where it sits,
        and every turn's prompt starts with the whole prompt of the last one (each past turn
        with the context it was answered with), so its prefix cache covers the conversation."""
        return self.kind == "local"

    @property
    def lean_schemas(self) -> bool:
        """A small model: tool schemas without validation-only keywords (llm/lean_tools.py)."""
        return self.kind == "local"

    @property
    def words_only_grammar(self) -> bool:
        """An answer that must be in words keeps the tools in the prompt under a grammar in which
        no call can be written (the cached start of every other call) instead of dropping them."""
        return self.kind == "local"

    @property
    def recalled_results(self) -> int:
        """How many similar results of earlier conversations (L3) a turn's context shows. One on
        the local model: each is a line of ~120 tokens, read at ~35 tokens/s once a prompt is a
        few thousand tokens long (docs/models.md), and a new session's first call reads them
        all (three cost a first question ~10 s); three on any other model."""
        return 1 if self.kind == "local" else 3

    @property
    def recalled_top_items(self) -> int:
        """How many of a recalled result's top items its line names (memory/scoring.py). One on
        the local model: the second item was 57 of the 306 tokens a new session's first
        search read after its cached prefix (llama-server's /tokenize, 29 November 2026)."""
        return 1 if self.kind == "local" else TOP_ITEMS

    @property
    def warms_up(self) -> bool:
        """The stable prompt prefix is read once at start-up (graph/warm_prefix.py)."""
        return self.kind == "local"


def kind_of(model: Any) -> ModelKind:
    """Which kind of model `model` is."""
    if isinstance(model, OfflineChatModel):
        return "offline"
    return "local" if getattr(model, "model", "") == LOCAL_MODEL else "hosted"


def profile_of(model: Any) -> ModelProfile:
    """The profile a model given without settings implies (a test's or a tool's own model):
    its kind's defaults."""
    return ModelProfile(kind=kind_of(model))


def kind_named(model_name: str) -> ModelKind:
    """The kind of model AGENT_MODEL (or the key that chose it) names."""
    if model_name in ("offline", "local"):
        return model_name  # type: ignore[return-value]
    return "hosted"


def profile_for(settings: Settings) -> ModelProfile:
    """The profile the settings describe, with every setting that follows from the kind."""
    kind = kind_named(settings.model_name)
    return ModelProfile(
        kind=kind,
        secondary_calls=kind == "hosted",
        history_token_budget=settings.local_model_ctx // 4 if kind == "local" else 0,
        skill_answers=_auto(settings.skill_answers, kind == "local"),
        follows_plans=_auto(settings.follow_plans, kind == "local"),
        short_unread_results=kind == "local",
        read_ahead=settings.read_ahead and kind == "local",
        relevant_tools=settings.tool_choice == "relevant" and kind != "offline",
    )


def _auto(setting: str, default: bool) -> bool:
    """An auto|on|off setting: `default` when auto."""
    return default if setting == "auto" else setting == "on"
