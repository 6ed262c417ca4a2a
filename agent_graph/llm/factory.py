"""Chat model factory: "offline" or any LiteLLM model string."""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel

from agent_graph.config import Settings, langgraph_quiet_env
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.skills.planners import Planners

LOCAL_MODEL = "openai/local"
"""How LiteLLM addresses the local llama-server (OpenAI wire format, model alias "local")."""


def make_chat_model(
    settings: Settings,
    planners: Planners | None = None,
    local_base_url: str | None = None,
) -> BaseChatModel:
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

    model, api_base, api_key = name, settings.llm_api_base, settings.model_api_key
    if name == "local":
        if local_base_url is None:
            raise ValueError("AGENT_MODEL=local needs a started LocalLLMServer")
        model, api_base, api_key = LOCAL_MODEL, local_base_url, "no-key"
    return ChatLiteLLM(
        model=model,
        api_base=api_base,
        api_key=api_key,
        request_timeout=settings.llm_timeout_s,
        temperature=0,
        streaming=True,
    )
