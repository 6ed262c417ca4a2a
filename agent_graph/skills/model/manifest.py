"""SkillSpec: what a skill folder declares (SKILL.md frontmatter, AGENT.md, .env)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from agent_graph.skills.model.job_specs import JobSpec, JobSpecError, parse_jobs

_FRONTMATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*(?:\n|\Z)", re.DOTALL)
ISOLATIONS = ("fork", "restart")
_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
PREFERENCE = "preference:"
"""`planner_reads: [preference:<key>]`: the user's preference of that key, whichever skill keeps
it (a grant the operator sees in the manifest, as for result kinds)."""
_MEMORY = re.compile(r"(?:[1-9]\d{0,3})m|[1-4]g")
_OUTBOUND = re.compile(r"^[A-Za-z0-9.-]{1,253}:(\d{1,5})$")
PROCESS_MEMORY = "1g"  # a local worker's cap when SKILL.md names none (docs/skill-isolation.md)


class ManifestError(ValueError):
    """A SKILL.md that cannot be used; the skill is skipped."""


@dataclass(frozen=True)
class SkillSpec:
    """One skill: its folder, manifest fields, identity text and private environment."""

    name: str
    folder: Path
    image: str
    description: str = ""
    title: str = ""
    """What a person reads as the skill's name ("Weather"); its `name` in words when unset."""
    pool_size: int = 2
    timeout_s: float = 30.0
    recycle: bool = True
    isolation: str = "fork"
    """How calls are kept apart: "fork" (a Python skill on skill_runtime forks a clean child per
    call from a warm zygote) or "restart" (a new worker after every call)."""
    command: tuple[str, ...] = ()
    memory: str | None = None
    """Its memory cap ("512m"): the container's under the docker backend, each process's data
    (RLIMIT_DATA) for local workers; None: the backend's default (`memory_bytes`)."""
    identity: str = ""
    env: dict[str, str] = field(default_factory=dict)
    widgets: dict[str, Path] = field(default_factory=dict)
    """MCP Apps widgets the skill ships, by the `renders` value they show: one self-contained
    HTML file each, shown in PropSearch's web UI and in MCP hosts alike."""
    mcp: dict[str, Any] = field(default_factory=dict)
    """An MCP server instead of an HTTP service: `command` (stdio) or `url` (streamable HTTP),
    optional `namespace` (tool name prefix), `system_prompt`, `tools: {name: x-propsearch}`."""
    outbound: tuple[str, ...] = ()
    """The hosts its code may connect to, as `host:port` (docs/skill-isolation.md); nothing else."""
    planner_reads: frozenset[str] = frozenset()
    """Kinds (`type`) of other skills' results its planner may read (docs/skill-isolation.md,
    "What a planner sees"); its own tools' results it always reads."""
    jobs: tuple[JobSpec, ...] = ()
    """Background jobs the platform runs through `POST /job` (docs/jobs.md)."""
    state: bool = False
    """The skill keeps data between calls in a folder of its own ($SKILL_STATE_DIR)."""

    @property
    def outbound_ports(self) -> tuple[int, ...]:
        """The TCP ports of `outbound`: what Landlock can enforce (it knows ports, not hosts)."""
        return tuple(sorted({int(entry.rsplit(":", 1)[1]) for entry in self.outbound}))


def memory_bytes(spec: SkillSpec) -> int:
    """What a local worker's process may allocate (heap and private writable mappings):
    `memory`, else PROCESS_MEMORY."""
    text = spec.memory or PROCESS_MEMORY
    return int(text[:-1]) << (20 if text.endswith("m") else 30)


def parse_env_file(path: Path) -> dict[str, str]:
    """Read KEY=VALUE lines (comments, blanks and optional quotes allowed)."""
    env: dict[str, str] = {}
    if not path.is_file():
        return env
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.removeprefix("export ").split("=", 1)
        env[key.strip()] = value.strip().strip("'\"")
    return env


def load_skill(folder: Path) -> SkillSpec:
    """Build a SkillSpec from `folder/SKILL.md` (+ AGENT.md, .env); raise ManifestError if unusable."""
    skill_md = folder / "SKILL.md"
    match = _FRONTMATTER.match(skill_md.read_text())
    if not match:
        raise ManifestError(f"{skill_md}: no YAML frontmatter")
    try:
        meta: Any = yaml.safe_load(match.group(1))
    except yaml.YAMLError as exc:
        raise ManifestError(f"{skill_md}: invalid YAML: {exc}") from exc
    if not isinstance(meta, dict):
        raise ManifestError(f"{skill_md}: frontmatter must be a mapping")
    name = meta.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise ManifestError(f"{skill_md}: 'name' must match {_NAME.pattern}")
    mcp = _mcp_config(skill_md, meta.get("mcp"))
    image = meta.get("image", "")
    if not isinstance(image, str) or not (image or mcp):
        raise ManifestError(f"{skill_md}: 'image' is required")
    command = meta.get("command") or []
    if isinstance(command, str):
        command = command.split()
    try:
        pool_size = int(meta.get("pool_size", 2))
        timeout_s = float(meta.get("timeout_s", 30))
    except (TypeError, ValueError) as exc:
        raise ManifestError(f"{skill_md}: pool_size/timeout_s must be numbers") from exc
    if pool_size < 1 or timeout_s <= 0:
        raise ManifestError(f"{skill_md}: pool_size must be >= 1 and timeout_s > 0")
    isolation = str(meta.get("isolation", "fork"))
    if isolation not in ISOLATIONS:
        raise ManifestError(f"{skill_md}: 'isolation' must be one of {', '.join(ISOLATIONS)}")
    memory = meta.get("memory")
    if memory is not None and not (isinstance(memory, str) and _MEMORY.fullmatch(memory)):
        raise ManifestError(f"{skill_md}: 'memory' must be like 512m or 1g (at most 4g)")
    agent_md = folder / "AGENT.md"
    return SkillSpec(
        name=name,
        folder=folder.resolve(),
        image=image,
        description=str(meta.get("description", "")),
        title=str(meta.get("title") or name.replace("_", " ").capitalize()),
        pool_size=pool_size,
        timeout_s=timeout_s,
        recycle=bool(meta.get("recycle", True)),
        isolation=isolation,
        command=tuple(str(part) for part in command),
        memory=memory,
        identity=agent_md.read_text().strip() if agent_md.is_file() else "",
        env=parse_env_file(folder / ".env"),
        widgets=_widgets(skill_md, meta.get("widgets")),
        mcp=mcp,
        outbound=_outbound(skill_md, meta.get("outbound")),
        planner_reads=_planner_reads(skill_md, meta.get("planner_reads")),
        jobs=_jobs(skill_md, meta.get("jobs"), bool(mcp)),
        state=bool(meta.get("state", False)),
    )


def _planner_reads(skill_md: Path, raw: Any) -> frozenset[str]:
    """`planner_reads: [kind, ..., preference:<key>, ...]` (the `type` of other skills'
    results; the user's preferences of that key other skills keep), checked."""
    entries = [] if raw is None else raw if isinstance(raw, list) else [None]
    if not all(isinstance(e, str) and _NAME.match(e.removeprefix(PREFERENCE)) for e in entries):
        raise ManifestError(
            f"{skill_md}: 'planner_reads' must list result kinds (the `type` of a result) "
            "or preference:<key>"
        )
    return frozenset(entries)


def _jobs(skill_md: Path, raw: Any, mcp: bool) -> tuple[JobSpec, ...]:
    """`jobs:`, checked; an MCP skill has none (the platform calls jobs over `POST /job`)."""
    try:
        jobs = parse_jobs(skill_md, raw)
    except JobSpecError as exc:
        raise ManifestError(str(exc)) from exc
    if jobs and mcp:
        raise ManifestError(f"{skill_md}: an MCP skill declares no jobs (POST /job is HTTP only)")
    return jobs


def _outbound(skill_md: Path, raw: Any) -> tuple[str, ...]:
    """`outbound: [host:port, ...]`, checked."""
    entries = [] if raw is None else raw if isinstance(raw, list) else [None]
    for entry in entries:
        match = _OUTBOUND.match(entry) if isinstance(entry, str) else None
        if match is None or not 0 < int(match.group(1)) < 65536:
            raise ManifestError(f"{skill_md}: 'outbound' must list host:port entries")
    return tuple(entries)


def _widgets(skill_md: Path, raw: Any) -> dict[str, Path]:
    """`widgets: {renders: path}`, paths inside the skill's folder (checked, not yet built)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ManifestError(f"{skill_md}: 'widgets' must map renders names to HTML files")
    folder = skill_md.parent.resolve()
    widgets: dict[str, Path] = {}
    for renders, path in raw.items():
        target = (folder / str(path)).resolve()
        if not (isinstance(renders, str) and _NAME.match(renders)) or not isinstance(path, str):
            raise ManifestError(
                f"{skill_md}: widget {renders!r}: name must match {_NAME.pattern}, path a string"
            )
        if not target.is_relative_to(folder):
            raise ManifestError(f"{skill_md}: widget {renders!r} must be inside the skill's folder")
        widgets[renders] = target
    return widgets


def _mcp_config(skill_md: Path, raw: Any) -> dict[str, Any]:
    """The `mcp:` mapping, checked: exactly one of `command` (list or string) and `url`."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or ("command" in raw) == ("url" in raw):
        raise ManifestError(f"{skill_md}: 'mcp' needs exactly one of 'command' or 'url'")
    config = dict(raw)
    if isinstance(config.get("command"), str):
        config["command"] = config["command"].split()
    if "command" in config and not config["command"]:
        raise ManifestError(f"{skill_md}: 'mcp.command' is empty")
    if not isinstance(config.get("tools", {}), dict):
        raise ManifestError(f"{skill_md}: 'mcp.tools' must map tool names to metadata")
    return config
