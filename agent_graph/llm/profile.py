"""ModelProfile: the one place that knows what kind of model runs and what follows from it.

Nodes ask the profile (`services.profile`), never the model's class: a new kind of model
changes this module, not the graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from agent_graph.llm.offline.model import OfflineChatModel

LOCAL_MODEL = "openai/local"
"""How LiteLLM addresses the local llama-server (OpenAI wire format, model alias "local")."""

ModelKind = Literal["offline", "local", "hosted"]


@dataclass(frozen=True)
class ModelProfile:
    """What a kind of model implies for the graph around it."""

    kind: ModelKind
    secondary_calls: bool = False
    """Hints, titles, scores and summaries ask the model first (a real LLM, set by the
    composition root: on the local model each would cost seconds and evict its cache)."""

    @property
    def is_planners(self) -> bool:
        """The model is the skills' planners (offline): it reads the graph's own message order,
        and a suggestion or the planners' wording of its results would only repeat it."""
        return self.kind == "offline"

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
    def warms_up(self) -> bool:
        """The stable prompt prefix is read once at start-up (graph/warm_prefix.py)."""
        return self.kind == "local"


def kind_of(model: Any) -> ModelKind:
    """Which kind of model `model` is."""
    if isinstance(model, OfflineChatModel):
        return "offline"
    return "local" if getattr(model, "model", "") == LOCAL_MODEL else "hosted"


def profile_of(model: Any, secondary_calls: bool = False) -> ModelProfile:
    """The profile of `model`; `secondary_calls` is the composition root's choice."""
    return ModelProfile(kind=kind_of(model), secondary_calls=secondary_calls)
