"""Settings: the only reader of environment variables. Fails fast on bad values."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent

# Provider keys LiteLLM reads from the environment; their presence picks a default model.
_DEFAULT_MODEL_BY_KEY = {
    "OPENAI_API_KEY": "openai/gpt-4o-mini",
    "ANTHROPIC_API_KEY": "anthropic/claude-3-5-haiku-latest",
    "GEMINI_API_KEY": "gemini/gemini-2.0-flash",
    "GROQ_API_KEY": "groq/llama-3.3-70b-versatile",
}
_SECRET_NAME = re.compile(r"(API_KEY|_TOKEN|_SECRET|PASSWORD)$", re.IGNORECASE)


class Settings(BaseSettings):
    """Every knob of the agent; see the README's configuration table."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    agent_model: str = Field(default="", alias="AGENT_MODEL")
    llm_api_base: str | None = Field(default=None, alias="LLM_API_BASE")
    llm_api_key: str | None = Field(default=None, alias="LLM_API_KEY")
    llm_timeout_s: float = Field(default=60.0, gt=0, alias="LLM_TIMEOUT_S")
    memory_root: Path = Field(default=ROOT / "memory", alias="MEMORY_ROOT")
    skills_dir: Path = Field(default=ROOT / "skills", alias="SKILLS_DIR")
    skill_backend: Literal["process", "docker"] = Field(default="process", alias="SKILL_BACKEND")
    skill_docker_network: str | None = Field(default=None, alias="SKILL_DOCKER_NETWORK")
    host_port_start: int = Field(default=9000, ge=1024, le=65000, alias="HOST_PORT_START")
    max_tool_iterations: int = Field(default=6, ge=1, le=50, alias="MAX_TOOL_ITERATIONS")
    max_message_chars: int = Field(default=4000, ge=1, alias="MAX_MESSAGE_CHARS")
    context_token_budget: int = Field(default=12000, ge=500, alias="CONTEXT_TOKEN_BUDGET")
    default_user: str = Field(default="local", alias="DEFAULT_USER")
    user_timezone: str = Field(default="UTC", alias="USER_TIMEZONE")
    web_dist: Path = Field(default=ROOT / "web" / "dist", alias="WEB_DIST")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    api_tokens_file: Path | None = Field(default=None, alias="API_TOKENS_FILE")
    public_rate_limit: int = Field(default=10, ge=1, alias="PUBLIC_RATE_LIMIT")
    public_rate_window_s: float = Field(default=60.0, gt=0, alias="PUBLIC_RATE_WINDOW_S")
    max_body_bytes: int = Field(default=65536, ge=1024, alias="MAX_BODY_BYTES")
    storage: Literal["embedded", "server"] = Field(default="embedded", alias="STORAGE")
    database_url: str | None = Field(default=None, alias="DATABASE_URL")
    redis_url: str | None = Field(default=None, alias="REDIS_URL")
    turn_lock_ttl_s: float = Field(default=30.0, ge=1, alias="TURN_LOCK_TTL_S")
    guest_session_ttl_s: float = Field(default=3600.0, ge=60, alias="GUEST_SESSION_TTL_S")

    @field_validator(
        "llm_api_base",
        "llm_api_key",
        "skill_docker_network",
        "api_tokens_file",
        "database_url",
        "redis_url",
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

    @property
    def model_name(self) -> str:
        """The chat model to use: AGENT_MODEL, else one implied by a provider key, else offline."""
        if self.agent_model:
            return self.agent_model
        for key, model in _DEFAULT_MODEL_BY_KEY.items():
            if os.environ.get(key):
                return model
        return "offline"


def environment_secrets() -> list[str]:
    """Values of secret-looking environment variables (provider keys, tokens), for redaction."""
    return [v for k, v in os.environ.items() if _SECRET_NAME.search(k) and len(v) >= 6]


def langgraph_quiet_env() -> None:
    """Keep LiteLLM and LangSmith from reaching the network (set before importing them)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LANGSMITH_TRACING", "false")
    os.environ.setdefault("LANGGRAPH_CLI_NO_ANALYTICS", "1")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
