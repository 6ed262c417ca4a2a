"""Module-level `graph` for LangGraph Studio / `langgraph dev` (see langgraph.json).

Compiled without a custom checkpointer (Studio refuses one). Skills start lazily on the first
run, inside the server's event loop; sessions and memory live under MEMORY_ROOT as usual.
Each thread is its own session: a run's `thread_id` is the session id (agent_graph/graph/thread.py).
"""

from agent_graph.config import environment_secrets, get_settings
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.llm.factory import make_chat_model
from agent_graph.memory.layer import MemoryLayer
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.server.runtime import backend_factory
from agent_graph.skills.ports import PortAllocator
from agent_graph.skills.registry import SkillRegistry
from agent_graph.storage.profile import open_storage

_settings = get_settings()
_model = _settings.model_name
_chat_model = make_chat_model(_settings)
_storage = open_storage(_settings)
graph = build_graph(
    Services(
        skills=SkillRegistry(
            _settings.skills_dir,
            lambda: backend_factory(_settings),
            PortAllocator(_settings.host_port_start),
        ),
        model=_chat_model,
        sessions=_storage.sessions,
        sanitizer=Sanitizer(environment_secrets()),
        memory=MemoryLayer(
            _settings.memory_root,
            _chat_model if _model != "offline" else None,
            preferences=_storage.preferences,
            open_vectors=_storage.open_vectors,
        ),
        max_tool_iterations=_settings.max_tool_iterations,
        llm_timeout_s=_settings.llm_timeout_s,
        secondary_llm=_model != "offline",
    )
)
