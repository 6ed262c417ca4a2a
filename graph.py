"""Module-level `graph` for LangGraph Studio / `langgraph dev` (see langgraph.json).

Compiled without a custom checkpointer (Studio refuses one). Skills start lazily on the first
run, inside the server's event loop; sessions and memory live under MEMORY_ROOT as usual.
With AGENT_MODEL=local the module starts its own llama-server (stopped at exit, and tethered
so it never outlives the dev server). Each thread is its own session: a run's `thread_id` is the
session id (agent_graph/graph/thread.py).
"""

import atexit

from agent_graph.config import get_settings
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.llm.factory import make_chat_model
from agent_graph.llm.local.server import LocalLLMServer
from agent_graph.memory.layer import MemoryLayer
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.server.runtime import make_registry, tool_choice
from agent_graph.skills.planners import Planners
from agent_graph.skills.registry import skill_secrets
from agent_graph.storage.profile import open_storage
from agent_graph.telemetry.setup import configure as configure_telemetry
from agent_graph.telemetry.setup import redact_with

_settings = get_settings()
_model = _settings.model_name
_planners = Planners.from_skills_dir(_settings.skills_dir)
atexit.register(_planners.close)
_local = LocalLLMServer.from_settings(_settings) if _model == "local" else None
if _local is not None:
    _local.start()
    atexit.register(_local.stop)
_chat_model = make_chat_model(_settings, _planners, _local.base_url if _local else None)
_storage = open_storage(_settings)
_sanitizer = Sanitizer([*_settings.secrets, *skill_secrets(_settings.skills_dir)])
_registry = make_registry(_settings, _sanitizer.redact)
configure_telemetry(_settings)  # Studio's runs are traced like the server's
redact_with(_sanitizer)
graph = build_graph(
    Services(
        skills=_registry,
        model=_chat_model,
        sessions=_storage.sessions,
        sanitizer=_sanitizer,
        memory=MemoryLayer(
            _settings.memory_root,
            _chat_model if _model not in ("offline", "local") else None,
            preferences=_storage.preferences,
            open_vectors=_storage.open_vectors,
            changes=_storage.changes,
        ),
        max_tool_iterations=_settings.max_tool_iterations,
        llm_timeout_s=_settings.llm_timeout_s,
        secondary_llm=_model not in ("offline", "local"),
        suggestions=_settings.planner_suggestions,
        checks=_settings.planner_checks,
        skill_answers=_settings.skill_answers_on,
        planners=_planners,
        tool_choice=tool_choice(_settings, _registry),
    )
)
