"""The job runner the settings ask for, over the started skills and the storage profile: the
in-process runner (embedded) or procrastinate on PostgreSQL (server). A bad schedule in any
loaded skill's SKILL.md raises JobConfigError here, so the app does not start."""

from __future__ import annotations

from typing import Any

from agent_graph.config import Settings
from agent_graph.delivery.email import smtp_settings
from agent_graph.jobs.alerts import AlertDelivery, AlertLimits
from agent_graph.jobs.catalog import JobCatalog
from agent_graph.jobs.execute import JobExecutor, JobPool
from agent_graph.jobs.local import LocalJobRunner
from agent_graph.jobs.runner import JobRunner, RetryPolicy
from agent_graph.skills.backends.pool import ContainerPool
from agent_graph.skills.registry import discover
from agent_graph.storage.storage import Storage


def check_schedules(settings: Settings) -> None:
    """Every skill's job schedules, before any worker starts (JobConfigError: fail fast)."""
    if settings.jobs_on:
        JobCatalog.from_skills(discover(settings.skills_dir))


def parse_emails(text: str) -> dict[str, str]:
    """`user=address,...` → {user: address}."""
    pairs = (item.split("=", 1) for item in text.split(",") if "=" in item)
    return {user.strip(): address.strip() for user, address in pairs}


def alert_delivery(settings: Settings) -> AlertDelivery:
    smtp = smtp_settings(settings)
    return AlertDelivery(
        webhook_url=settings.alert_webhook_url,
        webhook_secret=settings.alert_webhook_secret,
        smtp=smtp,
        emails=parse_emails(settings.alert_emails),
    )


def open_jobs(settings: Settings, storage: Storage, skills: dict[str, Any]) -> JobRunner | None:
    """The runner for the loaded `skills` ({name: LoadedSkill}); None when JOBS is off."""
    if not settings.jobs_on or storage.jobs is None:
        return None
    catalog = JobCatalog.from_skills([skill.spec for skill in skills.values()])
    pools: dict[str, JobPool] = {
        name: skill.pool for name, skill in skills.items() if isinstance(skill.pool, ContainerPool)
    }
    limits = AlertLimits(settings.job_alerts_per_run, settings.job_alerts_per_user)
    executor = JobExecutor(
        catalog, pools, storage.jobs, storage.preferences, alert_delivery(settings), limits
    )
    retry = RetryPolicy(settings.job_attempts, settings.job_retry_s)
    if settings.storage == "server":
        from agent_graph.jobs.postgres_runner import PostgresJobRunner

        assert settings.database_url
        return PostgresJobRunner(executor, retry, settings.database_url)
    return LocalJobRunner(executor, retry)
