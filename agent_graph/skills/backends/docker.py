"""DockerBackend: skill workers as hardened, labelled containers (Docker SDK, calls off-loop).

Each worker is `propsearch-{skill}-{port}`: read-only root, tmpfs /tmp, no capabilities,
no-new-privileges, pids/memory/CPU limits, uid 10001, the skill's port 8080 published on
127.0.0.1 only, and the skill's `.env` as its whole environment. Labels carry skill, port and
owner so a restarted agent can adopt running containers whose owner is provably gone (the pool
health-probes them); a live agent's containers are never touched (docker_owner.py).
Python skills run their fork-server zygote inside the container (WORKER_ISOLATION), so one
container serves many calls, each in a fresh child; the pool replaces it when it crashes and after
`max_calls`. A container is also labelled with its owner, and a reaper process
(`docker_reaper.py`) removes the owner's containers when the agent dies, even by SIGKILL.
A skill with `state: true` gets a named volume of its own at /state (skills/isolation/state.py), made by
the engine on first use and kept across workers and restarts; the skill's image must hold a
/state folder owned by uid 10001, whose owner the engine copies into the new volume.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import threading
import uuid
from dataclasses import dataclass
from typing import Any

import docker
from docker.errors import APIError, ImageNotFound, NotFound

from agent_graph.skills.backends.backend import WorkerHandle
from agent_graph.skills.backends.docker_owner import LABEL_OWNER_PROCS, owner_gone, owner_mark
from agent_graph.skills.backends.docker_reaper import LABEL_OWNER
from agent_graph.skills.backends.docker_state import (
    LABEL_MANAGED,
    LABEL_SKILL,
    WORKER_UID,
    put_state,
    state_mounts,
)
from agent_graph.skills.isolation.state import CONTAINER_STATE, STATE_VAR, inbox_path, state_volume
from agent_graph.skills.model.manifest import SkillSpec

LABEL_PORT = "propsearch.port"
LABEL_NONCE = "propsearch.nonce"
CONTAINER_PORT = 8080


class DockerBackendError(RuntimeError):
    """A worker container could not be created (missing image, name clash, engine error)."""


@dataclass(frozen=True)
class ContainerLimits:
    """Per-container resource caps (defaults: research/docker.md, measured on 2 vCPU)."""

    pids: int = 64
    memory: str = "256m"
    nano_cpus: int = 500_000_000
    tmpfs_size: str = "16m"


@dataclass(eq=False)  # identity semantics like WorkerHandle: pools keep handles in sets
class DockerWorkerHandle(WorkerHandle):
    """A container worker; `address` is its IP on `network` when the agent runs in a container."""

    address: str | None = None

    @property
    def base_url(self) -> str:
        if self.address:
            return f"http://{self.address}:{CONTAINER_PORT}"
        return f"http://127.0.0.1:{self.port}"


def container_name(skill: str, port: int) -> str:
    return f"propsearch-{skill}-{port}"


class DockerBackend:
    """WorkerBackend over the Docker engine; every blocking SDK call runs in a worker thread.

    `base_url` is the engine address (None: DOCKER_HOST or the local unix socket, as the SDK
    resolves it). `network`, when set, attaches workers to that Docker network and addresses them
    by container IP: needed when the agent itself runs in a container on that network, where the
    host's 127.0.0.1 is out of reach. `scope` names this deployment's state volumes
    (`propsearch-state-<scope>-<skill>`; "" for `propsearch-state-<skill>`).
    """

    name = "docker"

    def __init__(
        self,
        base_url: str | None = None,
        network: str | None = None,
        limits: ContainerLimits | None = None,
        scope: str = "",
    ) -> None:
        self._base_url = base_url
        self._scope = scope
        self._network = network
        self._limits = limits or ContainerLimits()
        self._client_obj: Any = None
        self._lock = threading.Lock()
        self.owner = uuid.uuid4().hex
        """Labels every container this backend starts; the reaper removes them after us."""
        self._reaper: subprocess.Popen[bytes] | None = None
        self._lifeline: int | None = None
        self._owner_mark = ""

    def _start_reaper(self) -> None:
        """Once per backend: a process that removes our containers when this process is gone."""
        if self._reaper is not None:
            return
        read_end, self._lifeline = os.pipe()
        args = [
            sys.executable,
            "-m",
            "agent_graph.skills.backends.docker_reaper",
            self.owner,
            str(read_end),
        ]
        try:
            self._reaper = subprocess.Popen(
                [*args, *([self._base_url] if self._base_url else [])],
                pass_fds=(read_end,),
                start_new_session=True,  # a Ctrl-C to our process group must not stop it
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        finally:
            os.close(read_end)
        self._owner_mark = owner_mark([os.getpid(), self._reaper.pid])

    def _client(self) -> Any:
        """The SDK client, created on first use; the API version is negotiated once, then pinned."""
        with self._lock:
            if self._client_obj is None:
                if self._base_url:
                    self._client_obj = docker.DockerClient(base_url=self._base_url, version="auto")
                else:
                    self._client_obj = docker.from_env(version="auto")
            return self._client_obj

    async def start(self, spec: SkillSpec, port: int) -> WorkerHandle:
        starting = asyncio.ensure_future(asyncio.to_thread(self._start, spec, port))
        try:
            return await asyncio.shield(starting)
        except asyncio.CancelledError:
            # The thread cannot be interrupted: remove the container it creates, never leak it.
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self._stop, (await starting).ident)
            raise

    def _start(self, spec: SkillSpec, port: int) -> DockerWorkerHandle:
        with self._lock:
            self._start_reaper()
        client = self._client()
        name = container_name(spec.name, port)
        self._remove_stale(client, name)
        limits = self._limits
        nonce = uuid.uuid4().hex
        mounts = state_mounts(spec, self._scope) if spec.state else []
        try:
            container = client.containers.run(
                spec.image,
                detach=True,
                name=name,
                labels={
                    LABEL_SKILL: spec.name,
                    LABEL_PORT: str(port),
                    LABEL_MANAGED: "1",
                    LABEL_NONCE: nonce,
                    LABEL_OWNER: self.owner,
                    LABEL_OWNER_PROCS: self._owner_mark,
                },
                ports={f"{CONTAINER_PORT}/tcp": ("127.0.0.1", port)},
                # Only the skill's own .env, plus the worker contract; nothing of the host's.
                environment={
                    **spec.env,
                    "HOST": "0.0.0.0",
                    "PORT": str(CONTAINER_PORT),
                    "WORKER_NONCE": nonce,
                    "WORKER_ISOLATION": spec.isolation,
                    **({STATE_VAR: CONTAINER_STATE} if mounts else {}),
                },
                mounts=mounts,
                read_only=True,
                tmpfs={"/tmp": f"rw,noexec,nosuid,nodev,size={limits.tmpfs_size}"},
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                pids_limit=limits.pids,
                mem_limit=spec.memory or limits.memory,
                memswap_limit=spec.memory or limits.memory,
                nano_cpus=limits.nano_cpus,
                user=WORKER_UID,
                network=self._network,
            )
        except ImageNotFound as exc:
            raise DockerBackendError(
                f"image {spec.image!r} for skill {spec.name!r} not found; "
                "build it with scripts/docker/build-images.sh"
            ) from exc
        except APIError as exc:
            raise DockerBackendError(f"cannot start {name}: {exc.explanation or exc}") from exc
        return self._handle(spec.name, port, container)

    async def receive_file(self, spec: SkillSpec, name: str, content: bytes) -> str:
        path = inbox_path(name)
        volume = state_volume(spec.name, self._scope)
        await asyncio.to_thread(put_state, self._client(), volume, path, content)
        return path

    def _handle(self, skill: str, port: int, container: Any) -> DockerWorkerHandle:
        address = None
        if self._network:
            container.reload()
            networks = container.attrs["NetworkSettings"]["Networks"]
            address = networks.get(self._network, {}).get("IPAddress") or None
        return DockerWorkerHandle(
            skill=skill,
            port=port,
            ident=container.id,
            native=container,
            address=address,
            nonce=container.labels.get(LABEL_NONCE, ""),
        )

    @staticmethod
    def _remove_stale(client: Any, name: str) -> None:
        """Remove a leftover container of ours with this name; refuse to touch anyone else's."""
        try:
            old = client.containers.get(name)
        except NotFound:
            return
        if old.labels.get(LABEL_MANAGED) != "1":
            raise DockerBackendError(f"container name {name} is taken by an unmanaged container")
        with contextlib.suppress(NotFound):
            old.remove(force=True)

    async def stop(self, worker: WorkerHandle) -> None:
        await asyncio.to_thread(self._stop, worker.ident)

    def _stop(self, ident: str) -> None:
        try:
            self._client().api.remove_container(ident, force=True)
        except NotFound:
            pass
        except APIError as exc:
            if exc.status_code != 409:  # 409: removal already in progress
                raise

    async def is_alive(self, worker: WorkerHandle) -> bool:
        return await asyncio.to_thread(self._is_alive, worker.ident)

    def _is_alive(self, ident: str) -> bool:
        try:
            state = self._client().api.inspect_container(ident)["State"]
        except NotFound:
            return False
        return bool(state.get("Running")) and state.get("Status") == "running"

    async def output_tail(self, worker: WorkerHandle) -> list[str]:
        return await asyncio.to_thread(self._output_tail, worker.ident)

    def _output_tail(self, ident: str) -> list[str]:
        try:
            raw: bytes = self._client().api.logs(ident, tail=20)
        except (NotFound, APIError):
            return []
        return raw.decode(errors="replace").splitlines()

    async def adopt(self, spec: SkillSpec) -> list[WorkerHandle]:
        return await asyncio.to_thread(self._adopt, spec)

    def _adopt(self, spec: SkillSpec) -> list[WorkerHandle]:
        """Orphans of this skill: running ones on its current image are handed to our reaper,
        stopped or outdated ones go. Containers of a live (or unknowable) owner stay untouched."""
        with self._lock:
            self._start_reaper()
        client = self._client()
        try:
            image_id = client.images.get(spec.image).id
        except ImageNotFound:
            image_id = None
        labels = [f"{LABEL_SKILL}={spec.name}", f"{LABEL_MANAGED}=1"]
        adopted: list[WorkerHandle] = []
        for container in client.containers.list(all=True, filters={"label": labels}):
            if not owner_gone(container.labels.get(LABEL_OWNER_PROCS, "")):
                continue
            port = container.labels.get(LABEL_PORT, "")
            current = container.attrs.get("Image") == image_id
            if container.status == "running" and current and port.isdigit():
                assert self._lifeline is not None
                os.write(self._lifeline, f"{container.id}\n".encode())  # ours to reap now
                adopted.append(self._handle(spec.name, int(port), container))
            else:
                self._stop(container.id)
        return sorted(adopted, key=lambda worker: worker.port)

    async def close(self) -> None:
        client, self._client_obj = self._client_obj, None
        if client is not None:
            await asyncio.to_thread(client.close)
        lifeline, self._lifeline = self._lifeline, None
        if lifeline is not None:
            os.close(lifeline)  # the reaper removes anything left of ours, then exits
        if self._reaper is not None:
            await asyncio.to_thread(self._reaper.wait, 30)
