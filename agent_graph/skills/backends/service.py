"""Skills as services: a skill already running elsewhere (its own container or machine, shared
by every API replica) is called at its URL instead of being started by this process.

The pool treats the service like any worker: `/health` before the first call, `POST /execute`
per call (a fork-isolated service serves each call in a fresh child), and a failed call makes it
probe `/health` again. The service's lifetime is not ours: stopping it is a no-op.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from agent_graph.skills.backends.backend import WorkerHandle
from agent_graph.skills.isolation.state import FileRefused
from agent_graph.skills.model.manifest import SkillSpec


class ServiceError(ValueError):
    """SKILL_SERVICES names a skill without a usable http(s) URL."""


def parse_services(text: str) -> dict[str, str]:
    """`name=url,name=url` (SKILL_SERVICES) as {skill name: base URL without a trailing /}."""
    services: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, url = (piece.strip() for piece in item.partition("="))
        parts = urlsplit(url)
        if not sep or not name or parts.scheme not in ("http", "https") or not parts.hostname:
            raise ServiceError(f"SKILL_SERVICES entry {item!r} is not name=http://host:port")
        services[name] = url.rstrip("/")
    return services


class ServiceBackend:
    """A WorkerBackend whose one "worker" is the service at `url`."""

    name = "service"

    def __init__(self, url: str) -> None:
        self.url = url

    async def start(self, spec: SkillSpec, port: int) -> WorkerHandle:
        # `port` is a local port the pool reserved; nothing listens on it, the URL is used.
        return WorkerHandle(skill=spec.name, port=port, ident=self.url, url=self.url)

    async def stop(self, worker: WorkerHandle) -> None:
        return None

    async def is_alive(self, worker: WorkerHandle) -> bool:
        return True  # reachability is what the pool's /health probe finds out

    async def output_tail(self, worker: WorkerHandle) -> list[str]:
        return [f"(a service: no output here; {self.url}/health did not answer in time)"]

    async def adopt(self, spec: SkillSpec) -> list[WorkerHandle]:
        return []

    async def receive_file(self, spec: SkillSpec, name: str, content: bytes) -> str:
        raise FileRefused(f"skill {spec.name} runs as a service: its state is not on this server")

    async def close(self) -> None:
        return None
