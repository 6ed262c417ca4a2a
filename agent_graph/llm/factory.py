"""Chat model factory: "offline" or any LiteLLM model string."""

from __future__ import annotations

from langchain_core.language_models import BaseChatModel

from agent_graph.config import Settings
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.llm.profile import LOCAL_MODEL, ModelProfile
from agent_graph.planning.planners import Planners


def make_chat_model(
    settings: Settings,
    profile: ModelProfile,
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
    if profile.kind == "offline":
        if planners is None:
            planners = Planners.from_skills_dir(settings.skills_dir)
        return OfflineChatModel(planners=planners)
    from agent_graph.llm.local.assets import MODEL_SHA256
    from agent_graph.llm.local.progress import local_client
    from agent_graph.llm.local.server import slot_folder
    from agent_graph.llm.watch import WatchedChatLiteLLM

    model, api_base, api_key = name, settings.llm_api_base, settings.model_api_key
    extra: dict[str, object] = {}
    local = profile.kind == "local"
    if local:
        if local_base_url is None:
            raise ValueError("AGENT_MODEL=local needs a started LocalLLMServer")
        model, api_base, api_key = LOCAL_MODEL, local_base_url, "no-key"
        # llama-server streams how much of the prompt it has read: the user sees progress,
        # and the timeout (from the last chunk) does not fire while a long prompt is read.
        client = local_client(local_base_url, settings.llm_timeout_s)
        extra = {"extra_body": {"return_progress": True}, "client": client}
    return WatchedChatLiteLLM(
        model=model,
        api_base=api_base,
        api_key=api_key,
        request_timeout=settings.llm_timeout_s,
        temperature=0,
        streaming=True,
        model_kwargs=extra,
        slot_by_tools=local,
        slot_folder=slot_folder(settings) if local else None,
        prefix_identity=MODEL_SHA256 if local else "",
        lean_tools=profile.lean_schemas,
    )
