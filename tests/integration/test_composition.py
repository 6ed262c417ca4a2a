"""One composition root: `langgraph dev`'s graph.py and the API build their services from the
same settings alike (server/composition.py), so no knob is honoured by one and not the other."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agent_graph.config import Settings
from agent_graph.graph.services import Services
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.server.composition import (
    compose_services,
    make_registry,
    make_sanitizer,
    open_memory,
)
from agent_graph.skills.planners import Planners
from agent_graph.storage.profile import open_storage
from tests.servers import ROOT, free_port_window

KNOBS = {
    "CONTEXT_TOKEN_BUDGET": "777",
    "MAX_TOOL_ITERATIONS": "3",
    "LLM_TIMEOUT_S": "12.5",
    "PLANNER_SUGGESTIONS": "false",
    "PLANNER_CHECKS": "false",
    "SKILL_ANSWERS": "on",
}
PRINT_KNOBS = """
import json, graph
from tests.integration.test_composition import knobs
print(json.dumps(knobs(graph.services)))
"""


def knobs(services: Services) -> dict[str, Any]:
    fields = ("context_token_budget", "max_tool_iterations", "llm_timeout_s", "suggestions")
    more = ("checks", "skill_answers", "secondary_llm")
    return {name: getattr(services, name) for name in (*fields, *more)}


@pytest.fixture
def environment(tmp_path: Path) -> dict[str, str]:
    return {
        "AGENT_MODEL": "offline",
        "MEMORY_ROOT": str(tmp_path / "memory"),
        "HOST_PORT_START": str(free_port_window()),
        "LANGSMITH_TRACING": "false",
        **KNOBS,
    }


def studio_knobs(environment: dict[str, str]) -> dict[str, Any]:
    """The knobs of graph.py's services, imported in a process of its own as `langgraph dev`
    does (it starts planner processes and stops them at exit)."""
    done = subprocess.run(
        [sys.executable, "-c", PRINT_KNOBS],
        cwd=ROOT,
        env={**os.environ, **environment},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def api_knobs(environment: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The knobs of the services the API composes from the same environment."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    storage = open_storage(settings)
    model = OfflineChatModel()
    sanitizer = make_sanitizer(settings)
    services = compose_services(
        settings,
        registry=make_registry(settings, sanitizer.redact),
        model=model,
        storage=storage,
        sanitizer=sanitizer,
        memory=open_memory(settings, storage, model),
        planners=Planners(),
    )
    return knobs(services)


def test_studio_honours_every_knob_the_api_does(
    environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    studio = studio_knobs(environment)
    assert studio == api_knobs(environment, monkeypatch)
    assert studio == {
        "context_token_budget": 777,
        "max_tool_iterations": 3,
        "llm_timeout_s": 12.5,
        "suggestions": False,
        "checks": False,
        "skill_answers": True,
        "secondary_llm": False,
    }
