"""The jobs a skill declares in SKILL.md (`jobs:`), checked for shape; schedules are checked
against cron when the platform starts (agent_graph/jobs/catalog.py), where a bad one is fatal."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_JOB_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_ENTRY = re.compile(r"^[A-Z][A-Z0-9_]{0,39}$")
_REFERENCE = re.compile(r"^(?:[a-z][a-z0-9_]{0,39}\.)?[a-z][a-z0-9_]{0,63}$")


class JobSpecError(ValueError):
    """A `jobs:` entry that cannot be used (the manifest is refused)."""


@dataclass(frozen=True)
class JobSpec:
    """One declared job: when it runs (a schedule, after other jobs, or only when asked)."""

    name: str
    schedule: str | None = None
    """Cron, UTC: five fields (a sixth, seconds, is accepted, as croniter and procrastinate read it)."""
    manual: bool = False
    when_env: str | None = None
    """The job exists only when this setting is set (the skill's .env or the environment)."""
    after: tuple[str, ...] = ()
    """Jobs (`job` of this skill or `skill.job`) whose successful run triggers this one."""
    entries: tuple[str, ...] = ()
    """Entry types of this skill's L1 memory the job receives, per user."""


def _strings(where: str, raw: Any, pattern: re.Pattern[str]) -> tuple[str, ...]:
    items = [] if raw is None else [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not all(
        isinstance(i, str) and pattern.match(i) for i in items
    ):
        raise JobSpecError(f"{where} must be a list of names matching {pattern.pattern}")
    return tuple(items)


def _one(skill_md: Path, raw: Any) -> JobSpec:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise JobSpecError(f"{skill_md}: every job needs a 'name'")
    name = raw["name"]
    where = f"{skill_md}: job {name!r}"
    if not _JOB_NAME.match(name):
        raise JobSpecError(f"{where}: the name must match {_JOB_NAME.pattern}")
    schedule = raw.get("schedule")
    if schedule is not None and not isinstance(schedule, str):
        raise JobSpecError(f"{where}: 'schedule' must be a cron string")
    when_env = raw.get("when_env")
    if when_env is not None and not isinstance(when_env, str):
        raise JobSpecError(f"{where}: 'when_env' must name a setting")
    after = _strings(f"{where}: 'after'", raw.get("after"), _REFERENCE)
    after += _strings(f"{where}: 'after_also'", raw.get("after_also"), _REFERENCE)
    spec = JobSpec(
        name=name,
        schedule=schedule,
        manual=bool(raw.get("manual", False)),
        when_env=when_env,
        after=after,
        entries=_strings(f"{where}: 'entries'", raw.get("entries"), _ENTRY),
    )
    if not (spec.schedule or spec.manual or spec.after):
        raise JobSpecError(f"{where}: needs a 'schedule', 'after' or 'manual: true'")
    return spec


def parse_jobs(skill_md: Path, raw: Any) -> tuple[JobSpec, ...]:
    """The `jobs:` list, checked: names unique, each with a way to run."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise JobSpecError(f"{skill_md}: 'jobs' must be a list")
    jobs = tuple(_one(skill_md, entry) for entry in raw)
    names = [job.name for job in jobs]
    if len(set(names)) != len(names):
        raise JobSpecError(f"{skill_md}: job names must be unique")
    return jobs
