"""One composition root: the API, `langgraph dev`'s graph.py and the benchmarks build their
services with the same function from the same settings (app/composition.py's
`compose_services`), so no knob is honoured by one and not another; the CLI is a client of the
API and composes nothing of its own."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agent_graph.app import Overrides, open_app
from agent_graph.app.composition import make_registry
from agent_graph.config import Settings
from agent_graph.graph.services import Services
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.planning.planners import Planners
from bench.common import bench_services, bench_settings
from tests.processes import descendants, still_running
from tests.servers import ROOT, free_port_window

KNOBS = {
    "CONTEXT_TOKEN_BUDGET": "777",
    "MAX_TOOL_ITERATIONS": "3",
    "LLM_TIMEOUT_S": "12.5",
    "PLANNER_SUGGESTIONS": "false",
    "PLANNER_CHECKS": "false",
    "SKILL_ANSWERS": "on",
    "FOLLOW_PLANS": "on",
}
PRINT_KNOBS = """
import json, graph
from tests.integration.test_composition import knobs
print(json.dumps(knobs(graph.services)))
"""


def knobs(services: Services) -> dict[str, Any]:
    fields = ("context_token_budget", "max_tool_iterations", "llm_timeout_s", "suggestions")
    found = {name: getattr(services, name) for name in (*fields, "checks")}
    profile = services.profile
    return {
        **found,
        "skill_answers": profile.skill_answers,
        "follows_plans": profile.follows_plans,
        "secondary_llm": profile.secondary_calls,
    }


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


async def api_knobs(environment: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The knobs of the services the API starts with (open_app, real skill workers) from
    the same environment."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    async with open_app(Settings()) as runtime:
        return knobs(runtime.services)


def bench_knobs(environment: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The knobs of a benchmark's services (bench/common.py) in the same environment."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = bench_settings(Path(environment["MEMORY_ROOT"]) / "bench")
    model = OfflineChatModel()
    services = bench_services(settings, model, Planners(), make_registry(settings), None)
    return knobs(services)


async def test_the_api_studio_and_the_bench_honour_every_knob_alike(
    environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    studio = studio_knobs(environment)
    assert studio == {
        "context_token_budget": 777,
        "max_tool_iterations": 3,
        "llm_timeout_s": 12.5,
        "suggestions": False,
        "checks": False,
        "skill_answers": True,
        "follows_plans": True,
        "secondary_llm": False,
    }
    assert await api_knobs(environment, monkeypatch) == studio
    assert bench_knobs(environment, monkeypatch) == studio


def _constructs_services(path: Path) -> bool:
    return any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "Services")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "Services")
        )
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


def test_only_the_composition_root_constructs_services_and_the_cli_composes_nothing() -> None:
    sources = [
        *(ROOT / "agent_graph").rglob("*.py"),
        ROOT / "graph.py",
        *(ROOT / "bench").rglob("*.py"),
    ]
    constructing = sorted(str(p.relative_to(ROOT)) for p in sources if _constructs_services(p))
    assert constructing == ["agent_graph/app/composition.py"]
    # the CLI is a client of the API: its turns and jobs run on what open_app composes,
    # and `serve` starts the app by name (api:app), composing nothing itself
    modules = ("cli_text", "cli_jobs", "cli_job_chain", "cli_serve")
    client = {f"agent_graph.{name}" for name in modules}
    for name in ("cli.py", *(f"{m}.py" for m in modules)):
        tree = ast.parse((ROOT / "agent_graph" / name).read_text(encoding="utf-8"))
        imported = {
            f"{node.module}.{alias.name}" if node.module == "agent_graph" else node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names
        }
        assert {m for m in imported if m.startswith("agent_graph")} <= client, name


async def test_open_app_stops_everything_it_started_even_when_the_block_fails(
    environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The one way in: whoever enters open_app (the API, the corpus runner, the benchmarks)
    leaves no skill worker or planner process behind, whatever happens inside the block; and
    its overrides reach the graph: another model, and no memory layer."""
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    made: list[OfflineChatModel] = []

    def model(planners: Planners) -> OfflineChatModel:
        made.append(OfflineChatModel(planners=planners))
        return made[-1]

    before = descendants(os.getpid())
    with pytest.raises(RuntimeError, match="inside the block"):
        async with open_app(Settings(), Overrides(model=model, memory=False)) as app:
            assert app.services.model is made[0] and app.services.memory is None
            started = descendants(os.getpid()) - before
            assert started, "the app started no skill worker or planner process"
            raise RuntimeError("inside the block")
    assert still_running(started, within_s=10) == set()


async def test_apps_over_shared_workers_leave_them_to_their_owner(
    environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The orchestration benchmark's variants are apps over one set of warm workers: an app
    opened over a started registry and planners runs its turns on them and, closed, leaves
    them running for their owner, who stops them; its session files are saved in the turn
    when the overrides say so."""
    from agent_graph.storage.session_writes import SessionsBehind
    from agent_graph.turn_request import TurnRequest

    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = Settings()
    before = descendants(os.getpid())
    registry = make_registry(settings)
    await registry.start()
    planners = Planners.from_skills_dir(settings.skills_dir)
    try:
        shared = descendants(os.getpid()) - before
        overrides = Overrides(registry=registry, planners=planners, sessions_behind=False)
        for session in ("s1", "s2"):  # the second app finds the workers the first one left
            async with open_app(settings, overrides) as app:
                assert app.registry is registry and app.services.planners is planners
                assert not isinstance(app.sessions, SessionsBehind)
                turn = TurnRequest("local", session, "3 bedroom houses in 78745")
                kinds = [event.type async for event in app.runner.events(turn)]
                assert "error" not in kinds and "data" in kinds, kinds
        assert await registry.dispatch("get_current_time", {"timezone": "UTC"})
    finally:
        await registry.close()
        planners.close()
    assert still_running(shared, within_s=10) == set()
