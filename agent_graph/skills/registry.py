"""SkillRegistry: discovers skills/*/SKILL.md, starts their pools, merges tools and prompts."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_graph.secret_settings import secret_values
from agent_graph.skills.backends.backend import WorkerBackend
from agent_graph.skills.backends.mcp import McpPool
from agent_graph.skills.backends.pool import DEFAULT_MAX_CALLS, ContainerPool, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.service import ServiceBackend
from agent_graph.skills.isolation.sandbox import unconfined_network
from agent_graph.skills.model.claims import Claims, clashes, load_claims, save_claims, updated
from agent_graph.skills.model.failures import Failure
from agent_graph.skills.model.manifest import ManifestError, SkillSpec, load_skill
from agent_graph.skills.model.metadata import ToolMeta, split_tool, with_criteria_schemas

log = logging.getLogger(__name__)

SCHEMA_ATTEMPTS = 20
TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
"""What every provider accepts as a function name (OpenAI's rule, the strictest in use)."""
SCHEMA_RETRY_S = 0.25


class LoadedSkill:
    """A started skill: spec, pool and the schema it announced (tool metadata split off)."""

    def __init__(
        self, spec: SkillSpec, pool: ContainerPool | McpPool, schema: dict[str, Any]
    ) -> None:
        self.spec = spec
        self.pool = pool
        self.system_prompt = str(schema.get("system_prompt", ""))
        self.tools: list[dict[str, Any]] = []
        self.meta: dict[str, ToolMeta] = {}
        for entry in schema.get("tools", []):
            if not isinstance(entry, dict):
                continue
            tool, meta = split_tool(entry)
            self.tools.append(tool)
            self.meta[meta.tool] = meta
        schemas = {
            str(t.get("function", {}).get("name")): t.get("function", {}).get("parameters")
            for t in self.tools
        }
        for name, meta in self.meta.items():
            self.meta[name] = with_criteria_schemas(meta, schemas)


def declared_names(skill: LoadedSkill) -> list[str]:
    """The names a skill claims (its tools and widget kinds), as reasons quote them."""
    tools = [f"tool {t.get('function', {}).get('name')!r}" for t in skill.tools]
    return [*tools, *(f"widget kind {kind!r}" for kind in skill.spec.widgets)]


def tool_conflicts(
    skills: list[LoadedSkill], claims: Claims | None = None, present: set[str] | None = None
) -> dict[str, str]:
    """{skill: reason} for every skill that must not load: a tool name providers refuse, or a
    tool name or widget kind another skill declares too or registered first (claims.py)."""
    refused: dict[str, str] = {}
    for skill in skills:
        for tool in skill.tools:
            name = tool.get("function", {}).get("name")
            if not isinstance(name, str) or not TOOL_NAME.match(name):
                refused[skill.spec.name] = (
                    f"tool name {name!r} is not valid (letters, digits, _ and -, 1-64 characters)"
                )
    declared = {skill.spec.name: declared_names(skill) for skill in skills}
    present = present if present is not None else set(declared)
    return {**clashes(declared, claims or {}, present), **refused}


def discover(skills_dir: Path) -> list[SkillSpec]:
    """Every valid skill folder; invalid manifests are logged and skipped."""
    specs = []
    for skill_md in sorted(skills_dir.glob("*/SKILL.md")):
        try:
            specs.append(load_skill(skill_md.parent))
        except (ManifestError, OSError) as exc:
            log.error("skipping skill in %s: %s", skill_md.parent.name, exc)
    return specs


def skill_secrets(skills_dir: Path) -> list[str]:
    """The secret-looking values of every skill's .env (keys, tokens, URL passwords), known
    before any worker starts so its first log line is redacted too."""
    return [v for spec in discover(skills_dir) for v in secret_values(spec.env)]


class SkillRegistry:
    """Routes tool names to skills; a broken skill is logged and skipped, never fatal."""

    def __init__(
        self,
        skills_dir: Path,
        backend_factory: Callable[[], WorkerBackend],
        ports: PortAllocator,
        only: set[str] | None = None,
        isolation: str | None = None,
        worker_max_calls: int = DEFAULT_MAX_CALLS,
        services: dict[str, str] | None = None,
        claims_file: Path | None = None,
        tokens: bool = False,
    ) -> None:
        self.skills_dir = skills_dir
        self.claims_file = claims_file
        """Which skill registered each tool name and widget kind first (claims.py); None: this
        start alone decides."""
        self.backend = backend_factory()
        self.ports = ports
        self.only = only
        self.isolation = isolation
        """Overrides every manifest's `isolation` (SKILL_ISOLATION), e.g. for the bench."""
        self.worker_max_calls = worker_max_calls
        self.services = services or {}
        """Skills running elsewhere (SKILL_SERVICES): called at their URL, never started here."""
        self.tokens = tokens
        """Whether the API asks every caller for a token (else third-party skills need their
        network confined: sandbox.unconfined_network)."""
        self.skills: dict[str, LoadedSkill] = {}
        self.failed: dict[str, str] = {}
        """Skills that could not start, with the reason."""
        self._route: dict[str, str] = {}
        self._started: asyncio.Task[None] | None = None

    async def ensure_started(self) -> None:
        """Start once; later calls wait for the same start (LangGraph Studio starts lazily)."""
        if self._started is None:
            self._started = asyncio.ensure_future(self._start())
        await asyncio.shield(self._started)

    async def start(self) -> None:
        await self.ensure_started()

    async def _start(self) -> None:
        found = await asyncio.to_thread(discover, self.skills_dir)
        specs = [s for s in found if self.only is None or s.name in self.only]
        if self.isolation:
            specs = [dataclasses.replace(s, isolation=self.isolation) for s in specs]
        loaded = await asyncio.gather(*(self._start_one(spec) for spec in specs))
        started = [skill for skill in loaded if skill is not None]
        claims = await asyncio.to_thread(load_claims, self.claims_file)
        present = {spec.name for spec in found}
        refused = tool_conflicts(started, claims, present)
        for skill in started:
            if skill.spec.name in refused:
                log.error("skipping skill %s: %s", skill.spec.name, refused[skill.spec.name])
                self.failed[skill.spec.name] = refused[skill.spec.name]
                await skill.pool.close()
                continue
            self.skills[skill.spec.name] = skill
            for tool in skill.tools:
                self._route[tool["function"]["name"]] = skill.spec.name
        owned = {name: declared_names(skill) for name, skill in self.skills.items()}
        await asyncio.to_thread(save_claims, self.claims_file, updated(claims, owned, present))

    def _refusal(self, spec: SkillSpec) -> str | None:
        """Why this skill's code may not run on this machine, None when it may."""
        stdio = bool(spec.mcp.get("command"))
        local = stdio or (self.backend.name == "process" and spec.name not in self.services)
        outbound = bool(spec.outbound_ports)
        return unconfined_network(spec.folder, outbound, self.tokens) if local else None

    async def _start_one(self, spec: SkillSpec) -> LoadedSkill | None:
        pool: ContainerPool | McpPool
        refusal = self._refusal(spec)
        if refusal is not None:
            log.error("skipping skill %s: %s", spec.name, refusal)
            self.failed[spec.name] = refusal
            return None
        if spec.mcp:
            pool = McpPool(spec)
        else:
            url = self.services.get(spec.name)
            backend = self.backend if url is None else ServiceBackend(url)
            pool = ContainerPool(spec, backend, self.ports, max_calls=self.worker_max_calls)
        try:
            await pool.start()
            schema = await self._fetch_schema(pool)
        except Exception as exc:
            log.error("skipping skill %s: %s", spec.name, exc)
            self.failed[spec.name] = pool.last_error or str(exc)
            await pool.close()
            return None
        log.info(
            "skill %s ready: %d workers, %d tools",
            spec.name,
            pool.ready_count,
            len(schema.get("tools", [])),
        )
        return LoadedSkill(spec, pool, schema)

    @staticmethod
    async def _fetch_schema(pool: ContainerPool | McpPool) -> dict[str, Any]:
        last: Exception | None = None
        for _ in range(SCHEMA_ATTEMPTS):
            try:
                schema = await pool.get_json("/schema")
                if isinstance(schema, dict) and isinstance(schema.get("tools"), list):
                    return schema
                last = ValueError("schema without a tools list")
            except Exception as exc:
                last = exc
            await asyncio.sleep(SCHEMA_RETRY_S)
        raise RuntimeError(f"no valid /schema: {last}")

    @property
    def names(self) -> list[str]:
        return sorted(self.skills)

    @property
    def tools(self) -> list[dict[str, Any]]:
        return [tool for skill in self.skills.values() for tool in skill.tools]

    @property
    def system_prompt(self) -> str:
        return "\n\n".join(s.system_prompt for s in self.skills.values() if s.system_prompt)

    @property
    def identity(self) -> str:
        return "\n\n".join(s.spec.identity for s in self.skills.values() if s.spec.identity)

    def skill_for(self, tool: str) -> str | None:
        return self._route.get(tool)

    def meta(self, tool: str) -> ToolMeta:
        """The tool's metadata; the safe defaults for a tool nobody declared."""
        skill = self.skills.get(self._route.get(tool, ""))
        return skill.meta.get(tool, ToolMeta(tool)) if skill else ToolMeta(tool)

    def widget(self, renders: str) -> Path | None:
        """The HTML file of the widget a loaded skill ships for results it renders as `renders`
        (one skill at most declares a kind: claims.py), None when there is none or it is not built."""
        for name in sorted(self.skills):
            path = self.skills[name].spec.widgets.get(renders)
            if path is not None and path.is_file():
                return path
        return None

    def widget_kinds(self) -> list[str]:
        """The `renders` values some loaded skill ships a built widget for."""
        kinds = {kind for skill in self.skills.values() for kind in skill.spec.widgets}
        return sorted(kind for kind in kinds if self.widget(kind) is not None)

    def tool_metadata(self) -> dict[str, dict[str, Any]]:
        """`{tool: {skill, label, renders, guest}}` for the web UI and the CLI."""
        return {tool: self.meta(tool).public(skill) for tool, skill in sorted(self._route.items())}

    def about(self, tool: str) -> dict[str, Any]:
        """What the tool's `execute_tool` span says of where it runs: backend and isolation."""
        skill = self.skills.get(self._route.get(tool, ""))
        if skill is None:
            return {}
        pool = skill.pool
        return {
            "propsearch.skill.backend": type(getattr(pool, "backend", pool)).__name__,
            "propsearch.skill.isolation": getattr(pool, "isolation", None),
        }

    async def dispatch(self, tool: str, params: dict[str, Any]) -> Any:
        """The call on its skill's pool (its caller spans it: `execute_tool`)."""
        skill = self.skill_for(tool)
        if skill is None:
            available = sorted(self._route)
            raise SkillCallError(
                f"unknown tool {tool!r}; available: {available}", Failure.UNAVAILABLE
            )
        return await self.skills[skill].pool.call(tool, params)

    def status(self) -> dict[str, dict[str, Any]]:
        """Per skill: ready workers, pool size, isolation and the last error (for admins)."""
        status: dict[str, dict[str, Any]] = {
            name: {"status": "failed", "ready": 0, "size": 0, "last_error": error}
            for name, error in self.failed.items()
        }
        for name, skill in self.skills.items():
            pool = skill.pool
            status[name] = {
                "status": "ready" if pool.ready_count else "busy",
                "ready": pool.ready_count,
                "size": pool.size,
                "isolation": pool.isolation,
                "last_error": pool.last_error,
            }
        return status

    async def close(self) -> None:
        await asyncio.gather(*(s.pool.close() for s in self.skills.values()))
        await self.backend.close()
