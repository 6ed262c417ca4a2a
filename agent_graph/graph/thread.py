"""Sessions are threads: a run's `thread_id` names its session when the context names none."""

from __future__ import annotations

from typing import Final

from langgraph.config import get_config
from langgraph.runtime import Runtime

from agent_graph.graph.state import Context
from agent_graph.security.ids import validate_session_id

#: The session of a run that names neither a session nor a thread (a bare `graph.invoke`).
UNTHREADED_SESSION: Final = "studio"


def session_id_of(runtime: Runtime[Context]) -> str:
    """The context's session id, else the run's `configurable.thread_id` (LangGraph Studio, the
    LangGraph SDK), else UNTHREADED_SESSION; validated before any store sees it."""
    ctx = runtime.context or Context()
    if ctx.session_id is not None:
        return validate_session_id(ctx.session_id)
    thread = get_config().get("configurable", {}).get("thread_id")
    return validate_session_id(str(thread)) if thread else UNTHREADED_SESSION
