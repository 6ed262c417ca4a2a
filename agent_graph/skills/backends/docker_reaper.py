"""Removes an agent's skill containers once that agent process is gone, however it ended.

    python -m agent_graph.skills.backends.docker_reaper OWNER FD [DOCKER_HOST]

Started by DockerBackend in its own session; FD is the read end of a pipe whose write end only
the agent holds. The agent writes the id of each container it adopts (one per line) into it.
When the agent exits (even by SIGKILL) the read returns end-of-file, and every container labelled
`propsearch.owner=OWNER` is removed, and every adopted one; then the reaper exits.
"""

from __future__ import annotations

import contextlib
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import docker
from docker.errors import APIError, NotFound

LABEL_OWNER = "propsearch.owner"


def reap(owner: str, base_url: str | None, adopted: list[str] | None = None) -> int:
    """Remove every container of `owner` and the `adopted` ids, in parallel; returns the count."""
    client = docker.DockerClient(base_url=base_url) if base_url else docker.from_env()

    def remove(ident: str) -> bool:
        with contextlib.suppress(NotFound, APIError):
            client.api.remove_container(ident, force=True)
            return True
        return False

    try:
        labelled = {"label": f"{LABEL_OWNER}={owner}"}
        ours = [c["Id"] for c in client.api.containers(all=True, filters=labelled)]
        ours += [ident for ident in adopted or [] if ident not in ours]
        with ThreadPoolExecutor(max_workers=8) as pool:  # each removal takes ~0.3 s
            return sum(pool.map(remove, ours))
    finally:
        client.close()


def main(argv: list[str]) -> None:
    owner, fd = argv[1], int(argv[2])
    base_url = argv[3] if len(argv) > 3 else None
    received = b""
    with contextlib.suppress(OSError):
        while chunk := os.read(fd, 4096):  # b"" once the agent is gone
            received += chunk
    reap(owner, base_url, received.decode(errors="replace").split())


if __name__ == "__main__":
    main(sys.argv)
