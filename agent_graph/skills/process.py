"""Process backend: each worker is a local subprocess of the skill's server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import uuid
from pathlib import Path

from agent_graph.config import ROOT
from agent_graph.skills.backend import WorkerHandle
from agent_graph.skills.manifest import SkillSpec

RUNTIME_DIR = ROOT / "skills"  # skill_runtime.py, the stdlib server every bundled skill uses
_PASSTHROUGH = ("PATH", "LANG", "LC_ALL", "TZ", "SYSTEMROOT")


def skill_argv(folder: Path, command: tuple[str, ...]) -> list[str]:
    """`command` with `python`/`python3` replaced by the skill's own interpreter: its
    `.venv` (built from requirements.txt by `make skills-env`) when there is one, else the
    agent's. Other commands (node, a binary) run as given, found on PATH."""
    venv_python = folder / ".venv" / "bin" / "python"
    python = str(venv_python) if venv_python.is_file() else sys.executable
    return [python if part in ("python", "python3") else part for part in command]


class ProcessBackend:
    """Starts `spec.command` in the skill folder with PORT set; only the skill's .env is passed."""

    name = "process"

    def _environment(self, spec: SkillSpec, port: int, nonce: str) -> dict[str, str]:
        env = {k: os.environ[k] for k in _PASSTHROUGH if k in os.environ}
        env.update(spec.env)
        env.update(
            PORT=str(port),
            WORKER_NONCE=nonce,
            HOST="127.0.0.1",
            PYTHONPATH=os.pathsep.join(dict.fromkeys([str(spec.folder.parent), str(RUNTIME_DIR)])),
            PYTHONDONTWRITEBYTECODE="1",
            PYTHONUNBUFFERED="1",
        )
        return env

    async def start(self, spec: SkillSpec, port: int) -> WorkerHandle:
        if not spec.command:
            raise ValueError(f"skill {spec.name} has no 'command' for the process backend")
        nonce = uuid.uuid4().hex
        argv = skill_argv(spec.folder, spec.command)
        proc = await asyncio.create_subprocess_exec(
            *argv,
            cwd=spec.folder,
            env=self._environment(spec, port, nonce),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
            start_new_session=True,
        )
        return WorkerHandle(
            skill=spec.name, port=port, ident=str(proc.pid), native=proc, nonce=nonce
        )

    async def stop(self, worker: WorkerHandle) -> None:
        proc: asyncio.subprocess.Process = worker.native
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            await proc.wait()

    async def is_alive(self, worker: WorkerHandle) -> bool:
        proc: asyncio.subprocess.Process = worker.native
        return proc.returncode is None

    async def adopt(self, spec: SkillSpec) -> list[WorkerHandle]:
        return []

    async def close(self) -> None:
        return None
