"""SkillRegistry: discovers skills/*/SKILL.md, starts their pools, merges tools and prompts."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_graph.skills.backend import WorkerBackend
from agent_graph.skills.manifest import ManifestError, SkillSpec, load_skill
from agent_graph.skills.metadata import ToolMeta, split_tool
from agent_graph.skills.pool import ContainerPool, SkillCallError
from agent_graph.skills.ports import PortAllocator

log = logging.getLogger(__name__)

SCHEMA_ATTEMPTS = 20
SCHEMA_RETRY_S = 0.25


class LoadedSkill:
    """A started skill: spec, pool and the schema it announced (tool metadata split off)."""

    def __init__(self, spec: SkillSpec, pool: ContainerPool, schema: dict[str, Any]) -> None:
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


def discover(skills_dir: Path) -> list[SkillSpec]:
    """Every valid skill folder; invalid manifests are logged and skipped."""
    specs = []
    for skill_md in sorted(skills_dir.glob("*/SKILL.md")):
        try:
            specs.append(load_skill(skill_md.parent))
        except (ManifestError, OSError) as exc:
            log.error("skipping skill in %s: %s", skill_md.parent.name, exc)
    return specs


class SkillRegistry:
    """Routes tool names to skills; a broken skill is logged and skipped, never fatal."""

    def __init__(
        self,
        skills_dir: Path,
        backend_factory: Callable[[], WorkerBackend],
        ports: PortAllocator,
        only: set[str] | None = None,
    ) -> None:
        self.skills_dir = skills_dir
        self.backend = backend_factory()
        self.ports = ports
        self.only = only
        self.skills: dict[str, LoadedSkill] = {}
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
        loaded = await asyncio.gather(*(self._start_one(spec) for spec in specs))
        for skill in loaded:
            if skill is None:
                continue
            self.skills[skill.spec.name] = skill
            for tool in skill.tools:
                name = tool.get("function", {}).get("name")
                if not name:
                    continue
                if name in self._route:
                    log.error(
                        "tool %s of %s shadows %s; ignored",
                        name,
                        skill.spec.name,
                        self._route[name],
                    )
                    continue
                self._route[name] = skill.spec.name

    async def _start_one(self, spec: SkillSpec) -> LoadedSkill | None:
        pool = ContainerPool(spec, self.backend, self.ports)
        try:
            await pool.start()
            schema = await self._fetch_schema(pool)
        except Exception as exc:
            log.error("skipping skill %s: %s", spec.name, exc)
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
    async def _fetch_schema(pool: ContainerPool) -> dict[str, Any]:
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

    def tool_metadata(self) -> dict[str, dict[str, Any]]:
        """`{tool: {skill, label, renders, guest}}` for the web UI and the CLI."""
        return {tool: self.meta(tool).public(skill) for tool, skill in sorted(self._route.items())}

    def secrets(self) -> list[str]:
        """Every skill .env value, for redaction."""
        return [v for s in self.skills.values() for v in s.spec.env.values() if v]

    async def dispatch(self, tool: str, params: dict[str, Any]) -> Any:
        skill = self.skill_for(tool)
        if skill is None:
            raise SkillCallError(f"unknown tool {tool!r}; available: {sorted(self._route)}")
        return await self.skills[skill].pool.call(tool, params)

    def status(self) -> dict[str, dict[str, int]]:
        return {
            n: {"ready": s.pool.ready_count, "size": s.pool.size} for n, s in self.skills.items()
        }

    async def close(self) -> None:
        await asyncio.gather(*(s.pool.close() for s in self.skills.values()))
        await self.backend.close()
