"""Settings: the only reader of environment variables. Fails fast on bad values."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from dotenv import dotenv_values
from pydantic import Field, PrivateAttr, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from agent_graph.secret_settings import secret_values
from agent_graph.webhook_keys import MIN_KEY_BYTES, signing_key

ROOT = Path(__file__).resolve().parent.parent
DOTENV_PATH = ROOT / ".env"
"""The repository's `.env`: found from this file, never from the working directory."""

# Provider keys LiteLLM reads from the environment; their presence picks a default model.
_DEFAULT_MODEL_BY_KEY = {
    "OPENAI_API_KEY": "openai/gpt-4o-mini",
    "ANTHROPIC_API_KEY": "anthropic/claude-3-5-haiku-latest",
    "GEMINI_API_KEY": "gemini/gemini-2.0-flash",
    "GROQ_API_KEY": "groq/llama-3.3-70b-versatile",
}

QUIET_ROUTES = (
    "GET /alerts, GET /sessions, GET /sessions/*/title, GET /handoffs, GET /handoffs/mine, "
    "GET /health, GET /skills, GET /metrics, GET /memory/preferences, GET /memory/changes, "
    "GET /jobs, GET /jobs/runs"
)
"""What the web UI, the CLI and health checks poll: TRACE_QUIET_ROUTES' default."""


def _routes_of(setting: str) -> list[tuple[str, str]]:
    """`"GET /alerts, GET /sessions/*/title"` as (method, path pattern) pairs; ValueError for
    an entry that is not `METHOD /path`."""
    routes = []
    for entry in (part.strip() for part in setting.split(",")):
        method, _, path = entry.partition(" ")
        if not entry:
            continue
        if not method.isalpha() or not path.strip().startswith("/"):
            raise ValueError(f"{entry!r} is not a route: write it as `GET /alerts`")
        routes.append((method.upper(), path.strip()))
    return routes


def env_file() -> Path:
    """The repository's `.env`, whatever the working directory (PROPSEARCH_DOTENV overrides)."""
    return Path(os.environ.get("PROPSEARCH_DOTENV") or DOTENV_PATH)


def dotenv_entries() -> dict[str, str]:
    """Every `NAME=value` of the repository's `.env` (none when it is absent)."""
    path = env_file()
    if not path.is_file():
        return {}
    return {k: v for k, v in dotenv_values(path).items() if v is not None}


def _cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def _variables() -> dict[str, str]:
    """`.env` entries overlaid by the process environment (the environment wins)."""
    return {**dotenv_entries(), **os.environ}


class Settings(BaseSettings):
    """Every knob of the agent; see the table in docs/configuration.md."""

    model_config = SettingsConfigDict(
        extra="ignore", populate_by_name=True, hide_input_in_errors=True
    )
    """Errors name the setting, never its value (it may be a secret)."""

    agent_model: str = Field(default="", alias="AGENT_MODEL")
    llm_api_base: str | None = Field(default=None, alias="LLM_API_BASE")
    llm_api_key: str | None = Field(default=None, alias="LLM_API_KEY")
    llm_timeout_s: float = Field(default=60.0, gt=0, alias="LLM_TIMEOUT_S")
    memory_root: Path = Field(default=ROOT / "memory", alias="MEMORY_ROOT")
    handoff_webhook_url: str = Field(default="", alias="HANDOFF_WEBHOOK_URL")
    """Where each new handoff (e.g. a tour request) is POSTed, signed (docs/jobs.md, "Webhooks")."""
    handoff_webhook_secret: str = Field(default="", alias="HANDOFF_WEBHOOK_SECRET")
    """Its signing key: `whsec_<base64>` or a raw string, 32 bytes at least when the URL is set."""
    pseudonym_secret: str = Field(default="", alias="PSEUDONYM_SECRET")
    """Keys the pseudonyms of traces' `user.id` and OpenAI clients' derived session ids
    (security/pseudonyms.py); empty: a key made once in MEMORY_ROOT/pseudonym.key. Replicas
    that do not share MEMORY_ROOT must share this."""
    skills_dir: Path = Field(default=ROOT / "skills", alias="SKILLS_DIR")
    skill_backend: Literal["process", "docker"] = Field(default="process", alias="SKILL_BACKEND")
    skill_docker_network: str | None = Field(default=None, alias="SKILL_DOCKER_NETWORK")
    skill_docker_scope: str = Field(
        default="", pattern=r"^([a-z0-9][a-z0-9_.-]{0,62})?$", alias="SKILL_DOCKER_SCOPE"
    )
    """With the docker backend: this deployment's name in its skills' state volumes
    (`propsearch-state-<scope>-<skill>`), so two deployments on one engine keep theirs apart."""
    skill_isolation: Literal["fork", "restart"] | None = Field(
        default=None, alias="SKILL_ISOLATION"
    )
    skill_venvs_dir: Path | None = Field(default=None, alias="SKILL_VENVS_DIR")
    """Where an image keeps the virtual environments it built for the skills that run inside it
    (`<dir>/<skill>`); set, a skill folder's own `.venv` is never used (process.skill_argv)."""
    skill_services: str = Field(default="", alias="SKILL_SERVICES")
    """`name=url,...`: skills already running as services (shared by replicas), not started here."""
    skill_worker_max_calls: int = Field(default=1000, ge=1, alias="SKILL_WORKER_MAX_CALLS")
    host_port_start: int = Field(default=9000, ge=1024, le=65000, alias="HOST_PORT_START")
    max_tool_iterations: int = Field(default=6, ge=1, le=50, alias="MAX_TOOL_ITERATIONS")
    planner_suggestions: bool = Field(default=True, alias="PLANNER_SUGGESTIONS")
    planner_checks: bool = Field(default=True, alias="PLANNER_CHECKS")
    """The skills' planners check a model's calls against the user's words (a correction comes
    back as a tool error the model may retry once); off: the model's own calls run as sent."""
    planner_refusals_off: str = Field(default="", alias="PLANNER_REFUSALS_OFF")
    """Comma-separated skills whose planners' `refuse` is never asked (an unknown name stops
    the start-up: planning/planners.py)."""
    skill_answers: Literal["auto", "on", "off"] = Field(default="auto", alias="SKILL_ANSWERS")
    """on: a turn whose calls are the ones the skills' planners planned for the message, all
    answered, ends with the skills' wording of the results instead of another model call;
    auto: on for the local model (reading ten results there takes half a minute), off else."""
    follow_plans: Literal["auto", "on", "off"] = Field(default="auto", alias="FOLLOW_PLANS")
    """on: a turn's first step makes the calls the skills' planners planned for the message
    without a model call (the model reads the messages no planner plans for); auto: on for the
    local model (on the corpus it picked worse calls than the planners it was shown, and its
    first call takes most of a minute), off else."""
    read_ahead: bool = Field(default=True, alias="READ_AHEAD")
    """The local model reads each conversation into its cache after a turn, while the user
    reads the answer, so a follow-up reads only its new part (graph/read_ahead.py)."""
    tool_choice: Literal["relevant", "all"] = Field(default="relevant", alias="TOOL_CHOICE")
    """relevant: a real model is offered the tools of the skills relevant to the message and
    those in use (graph/tool_choice.py); all: every tool, every call."""
    max_message_chars: int = Field(default=4000, ge=1, alias="MAX_MESSAGE_CHARS")
    context_token_budget: int = Field(default=12000, ge=500, alias="CONTEXT_TOKEN_BUDGET")
    default_user: str = Field(default="local", alias="DEFAULT_USER")
    user_timezone: str = Field(default="UTC", alias="USER_TIMEZONE")
    web_dist: Path = Field(default=ROOT / "web" / "dist", alias="WEB_DIST")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    api_tokens_file: Path | None = Field(default=None, alias="API_TOKENS_FILE")
    public_rate_limit: int = Field(default=10, ge=1, alias="PUBLIC_RATE_LIMIT")
    public_rate_window_s: float = Field(default=60.0, gt=0, alias="PUBLIC_RATE_WINDOW_S")
    guest_stream_s: float = Field(default=60.0, gt=0, alias="GUEST_STREAM_S")
    """How long an anonymous `GET /mcp` stream stays open (each one also counts against the
    guest rate limit); the stateless server never sends on it."""
    max_body_bytes: int = Field(default=65536, ge=1024, alias="MAX_BODY_BYTES")
    job_upload_max_bytes: int = Field(
        default=64 * 1024 * 1024, ge=1024, alias="JOB_UPLOAD_MAX_BYTES"
    )
    """The body limit of an admin's `POST /jobs/{skill}.{job}/runs` (its file travels base64
    in the JSON, a third larger than the file); every other route and caller: MAX_BODY_BYTES."""
    llm_cache_dir: Path = Field(
        default_factory=lambda: _cache_home() / "propsearch" / "llm", alias="PROPSEARCH_LLM_CACHE"
    )
    local_model_path: Path | None = Field(default=None, alias="LOCAL_MODEL_PATH")
    llama_server_bin: Path | None = Field(default=None, alias="LLAMA_SERVER_BIN")
    local_model_ctx: int = Field(default=12288, ge=512, alias="LOCAL_MODEL_CTX")
    local_model_threads: int | None = Field(default=None, ge=1, alias="LOCAL_MODEL_THREADS")
    """None: the machine's physical cores, llama.cpp's own default (llm/local/server.py
physical_cores), whatever the load when the server starts."""

    storage: Literal["embedded", "server"] = Field(default="embedded", alias="STORAGE")
    database_url: str | None = Field(default=None, alias="DATABASE_URL")
    redis_url: str | None = Field(default=None, alias="REDIS_URL")
    turn_lock_ttl_s: float = Field(default=30.0, ge=1, alias="TURN_LOCK_TTL_S")
    run_lease_s: float = Field(default=10.0, ge=1, alias="RUN_LEASE_S")
    guest_session_ttl_s: float = Field(default=3600.0, ge=60, alias="GUEST_SESSION_TTL_S")
    paused_turn_ttl_s: float = Field(default=3600.0, ge=1, alias="PAUSED_TURN_TTL_S")
    allowed_hosts: str = Field(default="", alias="ALLOWED_HOSTS")
    forwarded_allow_ips: str = Field(default="", alias="FORWARDED_ALLOW_IPS")
    """Proxies (IPs or networks, comma-separated; `*` any) whose X-Forwarded-For and
    X-Forwarded-Proto are believed; empty: none, the client is the socket peer."""
    skill_user: str = Field(default="auto", alias="SKILL_USER")
    skill_landlock_network: bool = Field(default=True, alias="SKILL_LANDLOCK_NETWORK")
    """False: skills get no Landlock network rules, as on a kernel below Landlock ABI 4 (the
    network namespace fallback is what confines them then; for tests of that path)."""
    api_closed_on: str = Field(default="", alias="API_CLOSED_ON")

    jobs_on: bool = Field(default=True, alias="JOBS")
    """Run the jobs skills declare (docs/jobs.md); off: none runs, not even by an operator."""
    job_attempts: int = Field(default=4, ge=1, le=20, alias="JOB_ATTEMPTS")
    job_retry_s: float = Field(default=30.0, gt=0, alias="JOB_RETRY_S")
    """The wait before a failed job's second attempt; it doubles for each one after."""
    alert_webhook_url: str | None = Field(default=None, alias="ALERT_WEBHOOK_URL")
    alert_webhook_secret: str = Field(default="", alias="ALERT_WEBHOOK_SECRET")
    """As HANDOFF_WEBHOOK_SECRET, for the alerts' webhook."""
    job_alerts_per_run: int = Field(default=1000, ge=0, alias="JOB_ALERTS_PER_RUN")
    """The most alerts one run of a job may raise; those past it are dropped and counted."""
    job_alerts_per_user: int = Field(default=50, ge=0, alias="JOB_ALERTS_PER_USER")
    """The most alerts one run of a job may raise for one user."""
    smtp_host: str | None = Field(default=None, alias="SMTP_HOST")
    smtp_port: int = Field(default=25, ge=1, le=65535, alias="SMTP_PORT")
    smtp_from: str = Field(default="propsearch@localhost", alias="SMTP_FROM")
    smtp_username: str | None = Field(default=None, alias="SMTP_USERNAME")
    smtp_password: str | None = Field(default=None, alias="SMTP_PASSWORD")
    smtp_starttls: bool = Field(default=False, alias="SMTP_STARTTLS")
    alert_emails: str = Field(default="", alias="ALERT_EMAILS")
    """`user=address,...`: who gets alerts by email (with SMTP_HOST)."""

    accounts_on: bool = Field(default=False, alias="ACCOUNTS")
    """People's accounts, sessions and API keys (docs/accounts.md)."""
    accounts_signup: Literal["open", "invite", "approval"] = Field(
        default="invite", alias="ACCOUNTS_SIGNUP"
    )
    public_url: str | None = Field(default=None, alias="PUBLIC_URL")
    """The address people open (reset and invitation links, the single sign-on redirect)."""
    session_idle_s: float = Field(default=7 * 86400.0, ge=60, alias="SESSION_IDLE_S")
    session_max_s: float = Field(default=30 * 86400.0, ge=60, alias="SESSION_MAX_S")
    signin_max_failures: int = Field(default=5, ge=1, alias="SIGNIN_MAX_FAILURES")
    signin_address_max_failures: int = Field(default=20, ge=1, alias="SIGNIN_ADDRESS_MAX_FAILURES")
    signin_window_s: float = Field(default=900.0, gt=0, alias="SIGNIN_WINDOW_S")
    reset_link_ttl_s: float = Field(default=3600.0, gt=0, alias="RESET_LINK_TTL_S")
    invitation_ttl_s: float = Field(default=7 * 86400.0, gt=0, alias="INVITATION_TTL_S")
    oidc_issuer: str | None = Field(default=None, alias="OIDC_ISSUER")
    oidc_client_id: str | None = Field(default=None, alias="OIDC_CLIENT_ID")
    oidc_client_secret: str | None = Field(default=None, alias="OIDC_CLIENT_SECRET")
    oidc_role_claim: str = Field(default="propsearch_role", alias="OIDC_ROLE_CLAIM")
    oidc_default_role: Literal["guest", "user", "agent", "admin"] = Field(
        default="user", alias="OIDC_DEFAULT_ROLE"
    )

    otel_endpoint: str | None = Field(default=None, alias="OTEL_EXPORTER_OTLP_ENDPOINT")
    """Where traces and metrics go over OTLP/HTTP (unset: nothing is exported, at no cost)."""
    otel_protocol: Literal["http/protobuf"] = Field(
        default="http/protobuf", alias="OTEL_EXPORTER_OTLP_PROTOCOL"
    )
    otel_service_name: str = Field(default="propsearch", min_length=1, alias="OTEL_SERVICE_NAME")
    otel_sampler: Literal[
        "always_on",
        "always_off",
        "traceidratio",
        "parentbased_always_on",
        "parentbased_always_off",
        "parentbased_traceidratio",
    ] = Field(default="parentbased_always_on", alias="OTEL_TRACES_SAMPLER")
    otel_sampler_arg: float = Field(default=1.0, ge=0.0, le=1.0, alias="OTEL_TRACES_SAMPLER_ARG")
    otel_sdk_disabled: bool = Field(default=False, alias="OTEL_SDK_DISABLED")
    otel_traces_exporter: Literal["otlp", "none"] = Field(
        default="otlp", alias="OTEL_TRACES_EXPORTER"
    )
    otel_metrics_exporter: str = Field(default="otlp", alias="OTEL_METRICS_EXPORTER")
    """Comma-separated: otlp (to the endpoint), prometheus (admins' GET /metrics), or none."""
    trace_content: bool = Field(
        default=False, alias="OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
    )
    """Prompts, answers and tool arguments go into spans (redacted as stored turns are)."""
    trace_quiet_routes: str = Field(default=QUIET_ROUTES, alias="TRACE_QUIET_ROUTES")
    """Requests that start no trace of their own (polls), as `METHOD /path` (`*` matches any
    part), comma-separated; empty: every request is traced."""
    trace_viewer_url: str | None = Field(default=None, alias="TRACE_VIEWER_URL")
    """A trace viewer's address: Phoenix's base URL, or any viewer's trace URL with `{trace_id}`
    in it; admins' web UI links each turn to its trace there."""

    _provider_keys: dict[str, str] = PrivateAttr(default_factory=dict)
    _secrets: list[str] = PrivateAttr(default_factory=list)

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Arguments, then the environment, then the repository's `.env` (not the cwd's)."""
        repo_dotenv = DotEnvSettingsSource(settings_cls, env_file=env_file())
        return init_settings, env_settings, repo_dotenv, file_secret_settings

    def model_post_init(self, context: object, /) -> None:
        """Snapshot provider keys and secret values from the environment and `.env` once."""
        variables = _variables()
        self._provider_keys = {
            k: v for k, v in variables.items() if k.endswith("_API_KEY") and v.strip()
        }
        values = secret_values(variables)
        if self.llm_api_key:
            values.append(self.llm_api_key)
        self._secrets = sorted(set(values))

    @field_validator(
        "llm_api_base",
        "llm_api_key",
        "skill_docker_network",
        "skill_isolation",
        "api_tokens_file",
        "local_model_path",
        "llama_server_bin",
        "database_url",
        "redis_url",
        "otel_endpoint",
        "trace_viewer_url",
        "alert_webhook_url",
        "smtp_host",
        "smtp_username",
        "smtp_password",
        "public_url",
        "oidc_issuer",
        "oidc_client_id",
        "oidc_client_secret",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("user_timezone")
    @classmethod
    def _known_timezone(cls, value: str) -> str:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown timezone {value!r}") from exc
        return value

    @field_validator("otel_endpoint", "trace_viewer_url", "public_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"https?://[^\s/{}]+(/\S*)?", value):
            raise ValueError(f"{value!r} is not an http(s) URL (e.g. http://127.0.0.1:6006)")
        return value.rstrip("/") if value else value

    @field_validator("otel_metrics_exporter")
    @classmethod
    def _metrics_exporters(cls, value: str) -> str:
        names = {n.strip() for n in value.split(",") if n.strip()} or {"none"}
        if unknown := names - {"otlp", "prometheus", "none"}:
            raise ValueError(
                f"unknown metrics exporter(s) {sorted(unknown)}: otlp, prometheus, none"
            )
        return ",".join(sorted(names))

    @field_validator("trace_quiet_routes")
    @classmethod
    def _routes(cls, value: str) -> str:
        _routes_of(value)
        return value

    @field_validator("api_tokens_file")
    @classmethod
    def _tokens_file_exists(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_file():
            raise ValueError(f"API_TOKENS_FILE {str(value)!r} is not a readable file")
        return value

    @model_validator(mode="after")
    def _server_profile_has_servers(self) -> Settings:
        if self.storage == "server" and not (self.database_url and self.redis_url):
            raise ValueError("STORAGE=server needs DATABASE_URL and REDIS_URL")
        return self

    @model_validator(mode="after")
    def _webhooks_have_keys(self) -> Settings:
        """A webhook URL needs a secret of MIN_KEY_BYTES: never signed with an empty key."""
        for name, url, secret in (
            ("ALERT_WEBHOOK", self.alert_webhook_url, self.alert_webhook_secret),
            ("HANDOFF_WEBHOOK", self.handoff_webhook_url, self.handoff_webhook_secret),
        ):
            if not url:
                continue
            try:
                key = signing_key(secret)
            except ValueError as exc:
                raise ValueError(f"{name}_SECRET: {exc}") from None
            if len(key) < MIN_KEY_BYTES:
                raise ValueError(
                    f"{name}_URL is set, so {name}_SECRET must be at least {MIN_KEY_BYTES} bytes "
                    f"(whsec_<base64> or a raw string; it has {len(key)}). Make one with: "
                    "python -c \"import base64, secrets; print('whsec_' + "
                    'base64.b64encode(secrets.token_bytes(32)).decode())"'
                )
        return self

    @model_validator(mode="after")
    def _oidc_is_complete(self) -> Settings:
        oidc = (self.oidc_issuer, self.oidc_client_id, self.public_url)
        if any(oidc[:2]) and not all(oidc):
            raise ValueError("single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and PUBLIC_URL")
        return self

    @property
    def model_name(self) -> str:
        """The chat model to use: AGENT_MODEL, else one implied by a provider key, else offline."""
        if self.agent_model:
            return self.agent_model
        for key, model in _DEFAULT_MODEL_BY_KEY.items():
            if key in self._provider_keys:
                return model
        return "offline"

    @property
    def refusals_off(self) -> list[str]:
        """The skills PLANNER_REFUSALS_OFF names."""
        return [name.strip() for name in self.planner_refusals_off.split(",") if name.strip()]

    @property
    def model_api_key(self) -> str | None:
        """The key LiteLLM gets for the chosen model: LLM_API_KEY, else `<PROVIDER>_API_KEY`
        from the environment or `.env` (passed explicitly, so `.env` keys need no os.environ)."""
        if self.llm_api_key:
            return self.llm_api_key
        provider = self.model_name.split("/", 1)[0] if "/" in self.model_name else ""
        return self._provider_keys.get(f"{provider.upper()}_API_KEY") if provider else None

    @property
    def tracing_on(self) -> bool:
        """Traces and metrics are exported: an OTLP endpoint is set and the SDK not disabled."""
        return (
            self.otel_endpoint is not None
            and not self.otel_sdk_disabled
            and self.otel_traces_exporter == "otlp"
        )

    @property
    def quiet_routes(self) -> list[tuple[str, str]]:
        """TRACE_QUIET_ROUTES as (method, path pattern) pairs."""
        return _routes_of(self.trace_quiet_routes)

    @property
    def metrics_exporters(self) -> set[str]:
        """Where metrics go: `otlp` needs the endpoint; `prometheus` is scraped at /metrics."""
        names = set(self.otel_metrics_exporter.split(",")) - {"none"}
        if self.otel_sdk_disabled or self.otel_endpoint is None:
            names.discard("otlp")
        return set() if self.otel_sdk_disabled else names

    @property
    def secrets(self) -> list[str]:
        """Secret-looking values (keys, tokens, passwords) of the environment and `.env`."""
        return list(self._secrets)


def quiet_env() -> None:
    """Keep LiteLLM (its model cost map), LangSmith and the LangGraph CLI from reaching the
    network. Run by `agent_graph/__init__.py`, so before any start path imports them; an
    explicit setting in the environment wins."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LANGSMITH_TRACING", "false")
    os.environ.setdefault("LANGGRAPH_CLI_NO_ANALYTICS", "1")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
