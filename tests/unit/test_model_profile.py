"""The model profile: the one place that tells the kinds of model apart."""

from __future__ import annotations

from dataclasses import dataclass

from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.llm.profile import LOCAL_MODEL, profile_of


@dataclass
class NamedModel:
    """Stands for a LiteLLM model: only its `model` name matters to the profile."""

    model: str


def test_the_offline_model_is_the_planners_and_replays_nothing() -> None:
    profile = profile_of(OfflineChatModel())
    assert profile.kind == "offline"
    assert profile.is_planners
    assert not profile.replays_turns
    assert not profile.words_only_grammar


def test_the_local_model_replays_turns_with_lean_schemas_and_a_grammar() -> None:
    profile = profile_of(NamedModel(LOCAL_MODEL))
    assert profile.kind == "local"
    assert (profile.replays_turns, profile.lean_schemas, profile.warms_up) == (True, True, True)
    assert profile.words_only_grammar
    assert not profile.is_planners
    assert profile.recalled_results == 1  # each recalled line is read on every new session


def test_any_other_model_is_hosted() -> None:
    profile = profile_of(NamedModel("anthropic/claude-sonnet-4"), secondary_calls=True)
    assert profile.kind == "hosted"
    assert profile.secondary_calls
    assert not (profile.replays_turns or profile.is_planners or profile.lean_schemas)
    assert profile.recalled_results == 3
