"""Chat model factory: "offline" or any LiteLLM model string."""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel

from agent_graph.config import Settings, langgraph_quiet_env

langgraph_quiet_env()

# Imported at module top on purpose: a lazy import inside a node trips `langgraph dev`'s
# blocking-call detector (litellm does file I/O while importing).
from langchain_litellm import ChatLiteLLM  # noqa: E402

from agent_graph.offline.model import OfflineChatModel  # noqa: E402


def make_chat_model(settings: Settings) -> BaseChatModel:
    name = settings.model_name
    if name == "offline":
        return OfflineChatModel()
    return ChatLiteLLM(
        model=name,
        api_base=settings.llm_api_base,
        api_key=settings.llm_api_key,
        request_timeout=settings.llm_timeout_s,
        temperature=0,
        streaming=True,
    )
