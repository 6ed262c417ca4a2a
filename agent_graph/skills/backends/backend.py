"""The worker backend interface a ContainerPool drives (process or docker)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_graph.skills.model.manifest import SkillSpec


@dataclass(eq=False)
class WorkerHandle:
    """One running worker: the skill it serves, its host port and backend identity."""

    skill: str
    port: int
    ident: str
    native: Any = field(default=None, repr=False, compare=False)
    nonce: str = ""
    """Secret per-worker id the worker echoes on /health (WORKER_NONCE), so a stranger that
    grabbed the port between launch and bind is never taken for the worker."""
    scratch: str = ""
    """A private temp folder of the worker (TMPDIR), removed when it stops; "" when none."""
    isolation: str = "restart"
    """What the worker announced on /health: "fork" (a clean child per call, so the worker is
    reused) or "restart" (the pool replaces it after every call)."""
    calls: int = 0
    in_flight: int = 0
    retired: bool = False
    """Takes no new call; replaced once its calls are done (or at once after a failure)."""
    replaced: bool = False
    url: str = ""
    """Where a skill service answers (ServiceBackend); "" for workers on 127.0.0.1:port."""

    @property
    def base_url(self) -> str:
        return self.url or f"http://127.0.0.1:{self.port}"


class WorkerBackend(Protocol):
    """Starts and stops workers; readiness is probed by the pool over HTTP (GET /health)."""

    name: str

    async def start(self, spec: SkillSpec, port: int) -> WorkerHandle:
        """Launch one worker listening on 127.0.0.1:port; return without waiting for readiness."""
        ...

    async def stop(self, worker: WorkerHandle) -> None:
        """Destroy the worker (kill the process / remove the container); idempotent."""
        ...

    async def is_alive(self, worker: WorkerHandle) -> bool:
        """True while the worker's process or container is running."""
        ...

    async def output_tail(self, worker: WorkerHandle) -> list[str]:
        """The worker's last lines of output, quoted when it never gets ready."""
        ...

    async def adopt(self, spec: SkillSpec) -> list[WorkerHandle]:
        """Workers left running by a previous agent process (docker); [] when none can exist."""
        ...

    async def receive_file(self, spec: SkillSpec, name: str, content: bytes) -> str:
        """Put a file an operator hands a job into the skill's state `inbox/` where its workers
        read it; the path relative to $SKILL_STATE_DIR the job's args name (FileRefused when
        it cannot get there)."""
        ...

    async def close(self) -> None:
        """Release backend resources (clients); workers are stopped by the pool first."""
        ...
