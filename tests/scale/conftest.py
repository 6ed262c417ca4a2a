"""Server-profile fixtures: one PostgreSQL container per test session, and per module a cluster
of Redis, API replicas and nginx. Outside CI, missing servers skip these tests with the reason;
under CI=true they fail instead."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.scale.servers import Nginx, Postgres, Redis, Replica, missing_servers
from tests.trust.helpers import Clock, clock_skills

#: A dead replica's turn lock frees this fast (the default of 30 s suits production).
LOCK_TTL_S = "3"
#: A dead replica's runs are taken over this fast (the default of 10 s suits production).
RUN_LEASE_S = "2"
GUEST_LIMIT = 6


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/scale/" in str(item.fspath):
            item.add_marker(pytest.mark.servers)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    reason = missing_servers()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"server-profile tests must run under CI: {reason}")
        pytest.skip(reason)
    server = Postgres()
    server.start()
    try:
        yield server
    finally:
        server.remove()


@dataclass
class Cluster:
    """PostgreSQL (own database), Redis, replicas A and B behind nginx, and the clock skill."""

    folder: Path
    database_url: str
    redis: Redis
    clock: Clock
    replicas: list[Replica] = field(default_factory=list)
    balancer: Nginx | None = None

    @property
    def env(self) -> dict[str, str]:
        return {
            "STORAGE": "server",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis.url,
            "TURN_LOCK_TTL_S": LOCK_TTL_S,
            "RUN_LEASE_S": RUN_LEASE_S,
            "PUBLIC_RATE_LIMIT": str(GUEST_LIMIT),
            "SKILLS_DIR": str(self.clock.skills_dir),
            # replicas share the pseudonyms' key, as compose.scale.yaml requires
            "PSEUDONYM_SECRET": "cluster-pseudonym-secret-0123456789abcdef",
        }

    def replica(self) -> Replica:
        """Start one more replica (not behind the balancer)."""
        replica = Replica(self.folder / f"replica-{len(self.replicas)}", self.env)
        self.replicas.append(replica)
        return replica.start()

    def replace(self, index: int) -> Replica:
        """A fresh replica on a dead one's port, so the balancer sends it traffic again."""
        old = self.replicas[index]
        self.replicas[index] = Replica(
            old.folder.with_name(old.folder.name + "b"), self.env, old.port
        )
        return self.replicas[index].start()

    @property
    def url(self) -> str:
        assert self.balancer is not None
        return self.balancer.url

    def close(self) -> None:
        if self.balancer is not None:
            self.balancer.stop()
        for replica in self.replicas:
            replica.stop()
        self.redis.stop()


@pytest.fixture(scope="module")
def cluster(postgres: Postgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    folder = tmp_path_factory.mktemp("cluster")
    redis = Redis(folder / "redis")
    redis.start()
    clock = clock_skills(folder, real_estate=True)
    manifest = clock.skills_dir / "trick_clock" / "SKILL.md"  # room to stop a server mid-call
    manifest.write_text(manifest.read_text().replace("timeout_s: 2", "timeout_s: 10"))
    cluster = Cluster(folder, postgres.app_database(), redis, clock)
    try:
        first, second = cluster.replica(), cluster.replica()
        cluster.balancer = Nginx(folder / "nginx", [first.port, second.port])
        cluster.balancer.start()
        yield cluster
    finally:
        cluster.close()
