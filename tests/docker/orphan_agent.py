"""An agent that dies without cleaning up: starts skill containers, prints who it is, waits.

    python -m tests.docker.orphan_agent SKILL_DIR PORT [PORT ...]

Prints one JSON line {"agent": pid, "reaper": pid, "ids": [container ids]} once every container
runs; the test then SIGKILLs the reaper and the agent, leaving real orphans behind.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from agent_graph.skills.backends.docker import DockerBackend
from agent_graph.skills.model.manifest import load_skill


async def main(skill_dir: str, ports: list[int]) -> None:
    spec = load_skill(Path(skill_dir))
    backend = DockerBackend()
    workers = [await backend.start(spec, port) for port in ports]
    reaper = backend._reaper
    assert reaper is not None
    ids = [worker.ident for worker in workers]
    print(json.dumps({"agent": os.getpid(), "reaper": reaper.pid, "ids": ids}))
    sys.stdout.flush()
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], [int(port) for port in sys.argv[2:]]))
