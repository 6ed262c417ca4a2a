"""The jobs of the loaded skills, checked once at start-up: a schedule that does not parse is
fatal there (JobConfigError), never a silent job that never runs."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from croniter import croniter

from agent_graph.skills.model.job_specs import JobSpec
from agent_graph.skills.model.manifest import SkillSpec

log = logging.getLogger(__name__)


class JobConfigError(ValueError):
    """A declared job the platform cannot run (a bad schedule); the app does not start."""


@dataclass(frozen=True)
class DeclaredJob:
    skill: str
    spec: JobSpec

    @property
    def key(self) -> str:
        """`skill.job`: how operators, run records and `after:` name it."""
        return f"{self.skill}.{self.spec.name}"

    def public(self) -> dict[str, object]:
        spec = self.spec
        return {
            "job": self.key,
            "skill": self.skill,
            "schedule": spec.schedule,
            "manual": spec.manual,
            "after": [self._qualified(ref) for ref in spec.after],
            "entries": list(spec.entries),
        }

    def _qualified(self, reference: str) -> str:
        return reference if "." in reference else f"{self.skill}.{reference}"


def check_schedule(where: str, schedule: str) -> None:
    """Five cron fields (a sixth, seconds, is accepted); JobConfigError otherwise."""
    if len(schedule.split()) not in (5, 6) or not croniter.is_valid(schedule):
        raise JobConfigError(f"{where}: schedule {schedule!r} is not a valid cron expression")


class JobCatalog:
    """Every job that exists here: declared by a loaded skill, its `when_env` set."""

    def __init__(self, jobs: list[DeclaredJob]) -> None:
        self.jobs = {job.key: job for job in jobs}

    @classmethod
    def from_skills(cls, specs: list[SkillSpec]) -> JobCatalog:
        jobs: list[DeclaredJob] = []
        for skill in specs:
            for spec in skill.jobs:
                where = f"skill {skill.name}, job {spec.name}"
                if spec.schedule is not None:
                    check_schedule(where, spec.schedule)
                if spec.when_env and not skill.env.get(spec.when_env):
                    log.info("%s: off (%s is not set)", where, spec.when_env)
                    continue
                jobs.append(DeclaredJob(skill.name, spec))
        return cls(jobs)

    def get(self, key: str) -> DeclaredJob | None:
        return self.jobs.get(key)

    def scheduled(self) -> list[DeclaredJob]:
        return [job for job in self.jobs.values() if job.spec.schedule]

    def followers(self, key: str) -> list[DeclaredJob]:
        """The jobs a successful run of `key` triggers (`after:` / `after_also:`)."""
        return [
            job
            for job in self.jobs.values()
            if key in (job._qualified(ref) for ref in job.spec.after)
        ]

    def public(self) -> list[dict[str, object]]:
        return [self.jobs[key].public() for key in sorted(self.jobs)]
