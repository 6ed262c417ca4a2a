"""Process backend: each worker is a local subprocess of the skill's server.

Workers are started through `isolation/launcher.py`, so they are killed when this process dies (even by
SIGKILL); their output goes to the skill's log (`SkillLogs`). Python skills on
`skill_runtime.py` run as fork servers unless `isolation` says `restart`; a worker of any other
language is whatever its command starts, and the pool restarts it after every call.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import sys
import tempfile
import uuid
from pathlib import Path

from agent_graph.config import ROOT, get_settings
from agent_graph.skills.backends.backend import WorkerHandle
from agent_graph.skills.backends.logs import SkillLogs
from agent_graph.skills.isolation.privileges import MEMORY_VAR
from agent_graph.skills.isolation.sandbox import available as sandbox_available
from agent_graph.skills.isolation.sandbox import guest, sandbox_env
from agent_graph.skills.isolation.state import STATE_VAR, FileRefused, let_pass, receive, state_dir
from agent_graph.skills.model.manifest import SkillSpec, memory_bytes

RUNTIME_DIR = ROOT / "skills"  # skill_runtime.py, the stdlib server every bundled skill uses
LAUNCHER = Path(__file__).parents[1] / "isolation" / "launcher.py"
_PASSTHROUGH = ("PATH", "LANG", "LC_ALL", "TZ", "SYSTEMROOT")


def skill_argv(folder: Path, command: tuple[str, ...]) -> list[str]:
    """`command` with `python`/`python3` replaced by the skill's own interpreter (skill_python).
    Other commands (node, a binary) run as given, found on PATH."""
    python = skill_python(folder)
    return [python if part in ("python", "python3") else part for part in command]


def running(pid: int) -> bool:
    """True unless our child `pid` has exited, reaped or not (asked without reaping it, and
    without reading a file: `langgraph dev` refuses blocking reads on the loop)."""
    try:
        exited = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False  # reaped already
    return exited is None


def skill_python(folder: Path) -> str:
    """The skill's virtual environment when it has one, else the agent's interpreter. Its venv
    is the one an image built for it under SKILL_VENVS_DIR, else its folder's `.venv` (built
    from requirements.txt by `make skills-env`). In an image the folder's `.venv` is never
    used: a skills folder mounted from the host holds one made for another machine."""
    venvs = get_settings().skill_venvs_dir
    venv = venvs / folder.name if venvs is not None else folder / ".venv"
    venv_python = venv / "bin" / "python"
    return str(venv_python) if venv_python.is_file() else sys.executable


class ProcessBackend:
    """Starts `spec.command` in the skill folder with PORT set; only the skill's .env is passed."""

    name = "process"

    def __init__(
        self, logs: SkillLogs | None = None, confine: bool = True, state: Path | None = None
    ) -> None:
        self.logs = logs or SkillLogs(None)
        self.state = state
        """Where skills with `state: true` get their folder (skills/isolation/state.py); None: nowhere."""
        self.confine = confine and sandbox_available()
        """Workers run under Landlock (isolation/sandbox.py) where the kernel has it."""
        self._drains: set[asyncio.Task[None]] = set()

    def _state(self, spec: SkillSpec) -> Path | None:
        """The skill's state folder, made if missing (None: it has none). Where its workers run
        as SKILL_USER, that user may pass through the private data dir to it (state.let_pass)."""
        if not (spec.state and self.state):
            return None
        user = guest(get_settings().skill_user) if self.confine else None
        if user is not None:
            let_pass(self.state, user.pw_uid)
        return state_dir(self.state, spec.name)

    def _environment(
        self, spec: SkillSpec, argv: list[str], port: int, nonce: str, tmp: str
    ) -> dict[str, str]:
        env = {k: os.environ[k] for k in _PASSTHROUGH if k in os.environ}
        env.update(spec.env)
        state = self._state(spec)
        if state is not None:
            env[STATE_VAR] = str(state)
        if self.confine:
            runtime = RUNTIME_DIR / "skill_runtime.py"
            ports = (port, spec.outbound_ports)
            env.update(sandbox_env(spec.folder, argv, tmp, runtime, ports, state))
        env[MEMORY_VAR] = str(memory_bytes(spec))  # isolation/launcher.py caps it before exec
        env.update(
            PORT=str(port),
            WORKER_NONCE=nonce,
            WORKER_ISOLATION=spec.isolation,
            WORKER_TMPDIR=tmp,
            TMPDIR=tmp,
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
        tmp = await asyncio.to_thread(tempfile.mkdtemp, prefix=f"propsearch-{spec.name}-")
        try:
            env = await asyncio.to_thread(self._environment, spec, argv, port, nonce, tmp)
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-I",
                "-S",
                str(LAUNCHER),
                str(os.getpid()),
                *argv,
                cwd=spec.folder,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,
            )
        except BaseException:  # blocking calls stay off the loop (`langgraph dev` checks)
            await asyncio.to_thread(shutil.rmtree, tmp, ignore_errors=True)
            raise
        assert proc.stdout is not None
        drain = asyncio.create_task(self.logs.drain(spec.name, str(proc.pid), proc.stdout))
        self._drains.add(drain)
        drain.add_done_callback(self._drains.discard)
        return WorkerHandle(
            skill=spec.name,
            port=port,
            ident=str(proc.pid),
            native=proc,
            nonce=nonce,
            scratch=tmp,
        )

    async def stop(self, worker: WorkerHandle) -> None:
        proc: asyncio.subprocess.Process = worker.native
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # the zygote and every child it forked
        with contextlib.suppress(ProcessLookupError):
            await proc.wait()
        if worker.scratch:
            await asyncio.to_thread(shutil.rmtree, worker.scratch, ignore_errors=True)

    async def is_alive(self, worker: WorkerHandle) -> bool:
        """Asked of the process itself: asyncio learns of a death only on a later turn of the
        loop, and a worker offered in that moment took a call and reset it."""
        proc: asyncio.subprocess.Process = worker.native
        return proc.returncode is None and running(proc.pid)

    async def output_tail(self, worker: WorkerHandle) -> list[str]:
        await asyncio.sleep(0.05)  # let the drain catch the last lines of a dying worker
        return self.logs.tail(worker.skill, worker.ident)

    async def adopt(self, spec: SkillSpec) -> list[WorkerHandle]:
        return []

    async def receive_file(self, spec: SkillSpec, name: str, content: bytes) -> str:
        """Into the skill's folder, which its workers are given as $SKILL_STATE_DIR."""
        if self.state is None:
            raise FileRefused(f"skill {spec.name} has no state folder here")
        return await asyncio.to_thread(receive, self.state, spec.name, name, content)

    async def close(self) -> None:
        for task in list(self._drains):
            task.cancel()
        await asyncio.gather(*self._drains, return_exceptions=True)
