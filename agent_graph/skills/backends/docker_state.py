"""A skill's state on the docker backend: a named volume of its own at the container's /state
(skills/isolation/state.py names it), and the files an operator hands a job, copied into it.

The engine makes the volume on the first worker's start, labelled, and fills it from the image's
/state folder, owner included: a state skill's image holds /state owned by uid 10001, so its
workers can write there. A file goes in through a running worker of the skill (the engine writes
into a volume even under a read-only root), so it lands where the workers read, wherever the
agent itself runs.
"""

from __future__ import annotations

import io
import tarfile
import time
from typing import Any

from docker.errors import APIError
from docker.types import Mount

from agent_graph.skills.isolation.state import CONTAINER_STATE, INBOX, FileRefused, state_volume
from agent_graph.skills.model.manifest import SkillSpec

LABEL_SKILL = "propsearch.skill"
LABEL_MANAGED = "propsearch.managed"
LABEL_SCOPE = "propsearch.scope"
WORKER_UID = "10001:10001"


def state_mounts(spec: SkillSpec, scope: str) -> list[Mount]:
    """The skill's volume at /state, labelled with the scope that made it (a deployment, a test)."""
    labels = {LABEL_MANAGED: "1", LABEL_SKILL: spec.name, LABEL_SCOPE: scope}
    return [Mount(CONTAINER_STATE, state_volume(spec.name, scope), type="volume", labels=labels)]


def put_state(client: Any, volume: str, path: str, content: bytes) -> None:
    """Write `content` at `path` (relative to /state) into `volume`, through a running worker."""
    filters = {"volume": volume, "status": "running", "label": f"{LABEL_MANAGED}=1"}
    try:
        running = client.containers.list(filters=filters)
        if not running:
            raise FileRefused(f"no worker with {volume} is running to take the file")
        running[0].put_archive(CONTAINER_STATE, _inbox_archive(path, content))
    except APIError as exc:
        raise FileRefused(f"cannot copy the file to {volume}: {exc.explanation}") from exc


def _inbox_archive(path: str, content: bytes) -> bytes:
    """A tar of the inbox folder and `path` in it, both the worker's uid's."""
    uid, gid = (int(part) for part in WORKER_UID.split(":"))
    folder = tarfile.TarInfo(INBOX)
    folder.type, folder.mode = tarfile.DIRTYPE, 0o700
    entry = tarfile.TarInfo(path)
    entry.size, entry.mode, entry.mtime = len(content), 0o644, int(time.time())
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for info in (folder, entry):
            info.uid, info.gid = uid, gid
        tar.addfile(folder)
        tar.addfile(entry, io.BytesIO(content))
    return buffer.getvalue()
