"""Module-level `graph` for LangGraph Studio / `langgraph dev` (see langgraph.json).

Compiled without a custom checkpointer (Studio refuses one). Skills start lazily on the first
run, inside the server's event loop; sessions and memory live under MEMORY_ROOT as usual.
With AGENT_MODEL=local the module starts its own llama-server (stopped at exit, and tethered
so it never outlives the dev server). Each thread is its own session: a run's `thread_id` is the
session id (agent_graph/graph/thread.py). The services come from the same composition root as
the API's (agent_graph/app/composition.py); memory writes as they happen (nothing settles a
Studio run afterwards).
"""

import atexit

from agent_graph.app.composition import compose_services, make_sanitizer, open_memory
from agent_graph.config import get_settings
from agent_graph.graph.builder import build_graph
from agent_graph.llm.factory import make_chat_model
from agent_graph.llm.local.server import LocalLLMServer
from agent_graph.llm.profile import profile_for
from agent_graph.planning.planners import Planners
from agent_graph.storage.profile import open_storage
from agent_graph.telemetry.setup import configure as configure_telemetry
from agent_graph.telemetry.setup import redact_with

_settings = get_settings()
_planners = Planners.from_skills_dir(_settings.skills_dir, _settings.refusals_off)
atexit.register(_planners.close)
_profile = profile_for(_settings)
_local = LocalLLMServer.from_settings(_settings) if _profile.kind == "local" else None
if _local is not None:
    _local.start()
    atexit.register(_local.stop)
_chat_model = make_chat_model(_settings, _profile, _planners, _local.base_url if _local else None)
_storage = open_storage(_settings)
_sanitizer = make_sanitizer(_settings)
configure_telemetry(_settings)  # Studio's runs are traced like the server's
redact_with(_sanitizer)
services = compose_services(  # the skill registry, as configured, from the settings too
    _settings,
    model=_chat_model,
    planners=_planners,
    memory=open_memory(_settings, _storage, _chat_model, False, _profile),
    storage=_storage,
    sanitizer=_sanitizer,
    profile=_profile,
)
graph = build_graph(services)
