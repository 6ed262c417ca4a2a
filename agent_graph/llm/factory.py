"""Chat model factory: "offline" or any LiteLLM model string."""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel

from agent_graph.config import Settings, langgraph_quiet_env
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.skills.planners import Planners


def make_chat_model(settings: Settings, planners: Planners | None = None) -> BaseChatModel:
    """Built once at start-up (API lifespan, graph.py import), never inside a graph node.

    LiteLLM is imported here rather than at module top so the offline default starts ~5 s
    faster; what matters for `langgraph dev` is that the import never happens inside a node
    (its blocking-call detector trips on litellm's import-time file I/O). The offline model
    asks `planners` (default: those of SKILLS_DIR's skill folders).
    """
    name = settings.model_name
    if name == "offline":
        if planners is None:
            planners = Planners.from_skills_dir(settings.skills_dir)
        return OfflineChatModel(planners=planners)
    langgraph_quiet_env()
    from langchain_litellm import ChatLiteLLM

    return ChatLiteLLM(
        model=name,
        api_base=settings.llm_api_base,
        api_key=settings.llm_api_key,
        request_timeout=settings.llm_timeout_s,
        temperature=0,
        streaming=True,
    )
