"""Shared helpers of the trust tests: tokens, the misbehaving clock skill, app clients."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from agent_graph.config import Settings
from agent_graph.skills.isolation import seccomp
from api import create_app
from tests.servers import ROOT, free_port_window

FIXTURES = ROOT / "tests" / "fixtures" / "skills"

ALICE = "alice-token-0123456789abcdef"
BOB = "bob-token-0123456789abcdef"
GINA = "gina-guest-token-0123456789"
ADA = "ada-admin-token-0123456789"
TOKENS = {
    ALICE: {"user": "alice", "role": "user"},
    BOB: {"user": "bob", "role": "user"},
    GINA: {"user": "gina", "role": "guest"},
    ADA: {"user": "ada", "role": "admin"},
}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def write_tokens(folder: Path, tokens: dict[str, Any] | None = None) -> Path:
    path = folder / "tokens.json"
    path.write_text(json.dumps(TOKENS if tokens is None else tokens))
    return path


@dataclass
class Clock:
    """A skills folder whose get_current_time obeys a mode file (tests/fixtures/skills/trick_clock)."""

    skills_dir: Path
    mode_file: Path

    def set(self, mode: str) -> None:
        self.mode_file.write_text(mode)


def clock_skills(folder: Path, secret: str = "", real_estate: bool = False) -> Clock:
    skills = folder / "skills"
    shutil.copytree(FIXTURES / "trick_clock", skills / "trick_clock")
    mode_file = skills / "trick_clock" / "clock-mode"  # a worker reads only its own folder
    mode_file.write_text("ok")
    env = f"CLOCK_MODE_FILE={mode_file}\n" + (f"CLOCK_SECRET={secret}\n" if secret else "")
    (skills / "trick_clock" / ".env").write_text(env)
    if real_estate:
        (skills / "real_estate").symlink_to(ROOT / "skills" / "real_estate")
    return Clock(skills, mode_file)


@contextmanager
def app_client(memory_root: Path, **settings: Any) -> Iterator[TestClient]:
    """The real app in-process on a temp MEMORY_ROOT (offline model unless told otherwise)."""
    memory_root.mkdir(parents=True, exist_ok=True)
    config = Settings(
        memory_root=memory_root,
        host_port_start=free_port_window(),
        **{"agent_model": "offline", **settings},
    )
    with TestClient(create_app(config), base_url="http://localhost") as client:
        yield client


def files_under(root: Path) -> dict[str, bytes]:
    """Every file below root with its content (to prove a request wrote nothing)."""
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def session_files(root: Path) -> list[Path]:
    return sorted(root.glob("users/*/sessions/*.json"))


def kill_orphan_workers(skills_dir: Path) -> int:
    """SIGKILL the skill workers (by pid) whose cwd is inside this test's own skills folder:
    a server killed with SIGKILL leaves its process-backend workers behind."""
    import os
    import signal

    killed = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cwd = os.readlink(entry / "cwd")
        except OSError:
            continue
        if cwd.startswith(str(skills_dir.resolve()) + os.sep):
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
    return killed


def run_filtered(code: str, udp: bool) -> str:
    """Run `code` in a Python that installed the filter (after `no_new_privs`) and exec'd."""
    setup = (
        "import ctypes, importlib.util, os, sys\n"
        f"spec = importlib.util.spec_from_file_location('s', {str(seccomp.__file__)!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "assert ctypes.CDLL(None).prctl(38, 1, 0, 0, 0) == 0\n"
        f"m.restrict({udp})\n"
        "os.execv(sys.executable, [sys.executable, '-c', sys.argv[1]])\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", setup, code], capture_output=True, text=True, timeout=30
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()
