"""compose.yaml validates with Debian's docker-compose v1 and says which secret is missing."""

from __future__ import annotations

import os
import shutil
import subprocess

from tests.docker.conftest import ROOT, _unavailable


def _compose_config(*files: str, **env: str) -> subprocess.CompletedProcess[str]:
    binary = shutil.which("docker-compose")
    if binary is None:
        _unavailable("docker-compose is not installed")
    required = {"DOCKER_GID", "API_TOKENS", *SCALE_SECRETS}  # only what the test passes counts
    clean = {k: v for k, v in os.environ.items() if k not in required}
    return subprocess.run(
        [str(binary), *(a for f in files for a in ("-f", f)), "config"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_compose_file_validates() -> None:
    result = _compose_config(DOCKER_GID="999", API_TOKENS="/srv/tokens.json")
    assert result.returncode == 0, result.stderr
    assert "SKILL_BACKEND: docker" in result.stdout
    services = result.stdout.split("\n  docker-proxy:", 1)[1]
    agent = result.stdout.split("\n  agent:", 1)[1].split("\n  docker-proxy:", 1)[0]
    assert "/var/run/docker.sock" not in agent  # only the proxy holds the engine's socket
    assert "/var/run/docker.sock:/var/run/docker.sock" in services
    assert "DOCKER_HOST: tcp://docker-proxy:2375" in agent
    assert "API_TOKENS_FILE: /run/secrets/propsearch-tokens.json" in agent
    assert "API_CLOSED_ON: agent-on-skills" in agent and "- agent-on-skills" in agent
    assert "name: propsearch-front" in result.stdout  # sorts before propsearch-skills
    assert "internal: true" in result.stdout
    assert "127.0.0.1:8000:8000" in result.stdout or "host_ip: 127.0.0.1" in result.stdout
    for service in ("skill-current-time", "skill-real-estate", "skill-mortgage"):  # via compose
        assert f"{service}:" in result.stdout


def test_missing_required_secret_is_named() -> None:
    result = _compose_config(API_TOKENS="/srv/tokens.json")
    assert result.returncode != 0
    assert "set DOCKER_GID" in result.stderr
    result = _compose_config(DOCKER_GID="999")
    assert result.returncode != 0
    assert "set API_TOKENS" in result.stderr


SCALE_SECRETS = {
    "POSTGRES_PASSWORD": "su-secret",
    "POSTGRES_APP_PASSWORD": "app-secret",
    "REDIS_PASSWORD": "redis-secret",
    "PSEUDONYM_SECRET": "pseudonym-secret",
    "API_TOKENS": "/srv/tokens.json",
}


def test_the_scaled_stack_is_hardened() -> None:
    result = _compose_config("compose.scale.yaml", **SCALE_SECRETS)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "postgresql://propsearch_app:app-secret@postgres:5432/propsearch" in out
    assert "redis://:redis-secret@redis:6379/0" in out
    assert "API_TOKENS_FILE: /run/secrets/propsearch-tokens.json" in out
    assert "FORWARDED_ALLOW_IPS: 172.31.250.10" in out and "'*'" not in out and '"*"' not in out
    assert "internal: true" in out
    assert "API_CLOSED_ON: api-on-skills" in out and "- api-on-skills" in out
    assert "PSEUDONYM_SECRET: pseudonym-secret" in out  # every replica keys pseudonyms alike


def test_the_scaled_stack_names_each_missing_secret() -> None:
    for missing in SCALE_SECRETS:
        env = {k: v for k, v in SCALE_SECRETS.items() if k != missing}
        result = _compose_config("compose.scale.yaml", **env)
        assert result.returncode != 0 and missing in result.stderr, missing
