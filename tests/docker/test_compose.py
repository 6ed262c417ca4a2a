"""compose.yaml validates with Debian's docker-compose v1 and says which secret is missing."""

from __future__ import annotations

import os
import shutil
import subprocess

from tests.docker.conftest import ROOT, _unavailable


def _compose_config(**env: str) -> subprocess.CompletedProcess[str]:
    binary = shutil.which("docker-compose")
    if binary is None:
        _unavailable("docker-compose is not installed")
    clean = {k: v for k, v in os.environ.items() if k != "DOCKER_GID"}
    return subprocess.run(
        [str(binary), "config"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_compose_file_validates() -> None:
    result = _compose_config(DOCKER_GID="999")
    assert result.returncode == 0, result.stderr
    assert "SKILL_BACKEND: docker" in result.stdout
    assert "/var/run/docker.sock:/var/run/docker.sock" in result.stdout
    assert "127.0.0.1:8000:8000" in result.stdout or "host_ip: 127.0.0.1" in result.stdout
    for service in ("skill-current-time", "skill-real-estate", "skill-mortgage"):  # via compose
        assert f"{service}:" in result.stdout


def test_missing_required_secret_is_named() -> None:
    result = _compose_config()
    assert result.returncode != 0
    assert "set DOCKER_GID" in result.stderr
