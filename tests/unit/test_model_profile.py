"""The model profile: the one place that tells the kinds of model apart."""

from __future__ import annotations

from dataclasses import dataclass, replace

from agent_graph.config import Settings
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.llm.profile import LOCAL_MODEL, profile_for, profile_of
from agent_graph.memory.scoring import TOP_ITEMS


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
    assert profile.recalled_top_items == 1


def test_any_other_model_is_hosted() -> None:
    profile = profile_of(NamedModel("anthropic/claude-sonnet-4"))
    assert profile.kind == "hosted"
    assert not (profile.replays_turns or profile.is_planners or profile.lean_schemas)
    assert profile.recalled_results == 3
    assert profile.recalled_top_items == TOP_ITEMS


def test_the_settings_decide_the_profile_once_with_every_setting_that_follows() -> None:
    """The composition root's profile (profile_for): the kind from AGENT_MODEL (or the key
    that chose it) and each derived setting, so no other module decides the kind again."""
    local = profile_for(Settings(AGENT_MODEL="local", LOCAL_MODEL_CTX=12288))
    assert (local.kind, local.history_token_budget, local.read_ahead) == ("local", 3072, True)
    assert local.skill_answers and local.relevant_tools and not local.secondary_calls
    assert local.short_unread_results, "a follow-up does not read a table no call read"
    offline = profile_for(Settings(AGENT_MODEL="offline"))
    assert offline.kind == "offline" and not offline.relevant_tools  # bound to every tool
    assert not (offline.read_ahead or offline.skill_answers or offline.secondary_calls)
    hosted = profile_for(Settings(AGENT_MODEL="anthropic/claude-sonnet-4", TOOL_CHOICE="all"))
    assert hosted.kind == "hosted" and hosted.secondary_calls and not hosted.relevant_tools
    assert hosted.history_token_budget == 0 and not hosted.skill_answers
    assert not (hosted.short_unread_results or offline.short_unread_results)
    assert profile_for(Settings(AGENT_MODEL="local", READ_AHEAD=False, SKILL_ANSWERS="off")) == (
        replace(local, read_ahead=False, skill_answers=False)
    )
