"""A skill with `state: true` on the docker backend, through the engine proxy as in compose: its
workers share a named volume at $SKILL_STATE_DIR, so what one container writes (a job's applied
update) the next one reads, and a file an operator hands a job lands in it too; the test's
volume is removed afterwards."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from agent_graph.skills.backends.docker import DockerBackend
from agent_graph.skills.backends.docker_state import LABEL_SCOPE
from agent_graph.skills.isolation.state import FileRefused, state_volume
from agent_graph.skills.model.manifest import SkillSpec
from tests.docker.test_backend_docker import wait_healthy
from tests.skills.test_real_estate_updates import make_update

pytestmark = pytest.mark.usefixtures("sweep")

PORT = 19430  # inside conftest.TEST_PORTS, swept after each test
STATE_IMAGE = "propsearch/test-state:latest"
# What a state skill's Dockerfile adds: /state owned by the skill's user (the new volume's owner).
DOCKERFILE = """FROM {base}
USER root
RUN install -d -o 10001 -g 10001 -m 0700 /state
USER 10001:10001
"""


@pytest.fixture(scope="module")
def state_spec(time_spec: SkillSpec, docker_client: Any) -> Iterator[SkillSpec]:
    """current_time's image with a /state folder, as a skill that declares `state: true`."""
    dockerfile = io.BytesIO(DOCKERFILE.format(base=time_spec.image).encode())
    docker_client.images.build(fileobj=dockerfile, tag=STATE_IMAGE, rm=True)
    yield dataclasses.replace(time_spec, image=STATE_IMAGE, state=True)
    docker_client.images.remove(STATE_IMAGE, force=True)


def in_worker(docker_client: Any, ident: str, code: str) -> str:
    """Run Python in the worker container as its own user; what it printed."""
    exit_code, output = docker_client.containers.get(ident).exec_run(["python3", "-c", code])
    assert exit_code == 0, output.decode()
    return str(output.decode()).strip()


WRITE = "import os; open(os.environ['SKILL_STATE_DIR'] + '/version', 'w').write('2')"
READ = "import os; print(os.environ['SKILL_STATE_DIR'], open('/state/version').read())"


async def test_a_new_worker_reads_what_an_earlier_one_wrote_in_the_state_volume(
    proxy: str, state_spec: SkillSpec, state_scope: str, docker_client: Any
) -> None:
    backend = DockerBackend(base_url=proxy, scope=state_scope)
    try:
        first = await backend.start(state_spec, PORT)
        in_worker(docker_client, first.ident, WRITE)
        await backend.stop(first)
        second = await backend.start(state_spec, PORT + 1)
        seen = in_worker(docker_client, second.ident, READ)
    finally:
        await backend.close()

    assert seen == "/state 2"
    name = state_volume(state_spec.name, state_scope)
    assert docker_client.volumes.get(name).attrs["Labels"][LABEL_SCOPE] == state_scope


INBOX_READ = """import os, sys
path = os.path.join(os.environ['SKILL_STATE_DIR'], sys.argv[1])
print(os.stat(path).st_uid, len(open(path, 'rb').read()))"""


async def test_a_file_for_a_job_lands_in_the_volume_where_the_workers_read_it(
    proxy: str, state_spec: SkillSpec, state_scope: str, docker_client: Any
) -> None:
    backend = DockerBackend(base_url=proxy, scope=state_scope)
    content = b"zpid,price\n" * 150_000  # 1.6 MB: past the proxy's 1 MiB for other requests
    try:
        with pytest.raises(FileRefused, match="no worker"):  # none up to copy it through
            await backend.receive_file(state_spec, "update.csv", content)
        worker = await backend.start(state_spec, PORT)
        path = await backend.receive_file(state_spec, "../update.csv", content)
        container = docker_client.containers.get(worker.ident)
        exit_code, seen = container.exec_run(["python3", "-c", INBOX_READ, path])
    finally:
        await backend.close()

    assert path.startswith("inbox/") and path.endswith("-update.csv")
    assert exit_code == 0, seen.decode()
    assert seen.decode().split() == ["10001", str(len(content))]


async def test_real_estate_applies_a_handed_update_that_its_next_worker_serves(
    proxy: str, estate_spec: SkillSpec, state_scope: str
) -> None:
    """The issue's case: an operator's listings file, applied by the job in one container, is
    what a later container answers with (a price cut in the listing's history)."""
    update, changed = make_update.derive(make_update.SNAPSHOT_SHARE)
    cut = changed["price_cut"][0]
    spec = dataclasses.replace(estate_spec, env={})
    backend = DockerBackend(base_url=proxy, scope=state_scope)
    try:
        first = await backend.start(spec, PORT + 2)
        await wait_healthy(first.base_url, 60)
        path = await backend.receive_file(spec, "snapshot.csv.gz", update)
        job = {"job": "apply_listings_update", "run_id": "r1", "args": {"file": path}}
        async with httpx.AsyncClient(timeout=120) as client:
            applied = await client.post(f"{first.base_url}/job", json=job)
        await backend.stop(first)
        second = await backend.start(spec, PORT + 3)
        await wait_healthy(second.base_url, 60)
        call = {"tool": "get_property_details", "params": {"zpid": cut}}
        async with httpx.AsyncClient(timeout=30) as client:
            detail = await client.post(f"{second.base_url}/execute", json=call)
    finally:
        await backend.close()

    assert applied.status_code == 200, applied.text
    assert applied.json()["result"]["summary"]["price"] > 0
    item = detail.json()["result"]["items"][0]
    assert [e["event"] for e in item["price_history"]] == ["recorded", "price_change"]
