"""Real servers for the server-profile tests: PostgreSQL + pgvector (the project's image on the
local Docker engine), Redis and nginx as plain processes, uvicorn API replicas. Each is started
in a temp folder and stopped by its owner; nothing outlives the test session."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil
import psycopg

from tests.servers import ROOT, free_port, free_port_window

PG_IMAGE = "propsearch/postgres:17-pgvector"
PG_PASSWORD = "propsearch-test"
APP_PASSWORD = "propsearch-app-test-pw"
REDIS_PASSWORD = "propsearch-redis-test-pw"


def wait_until(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():  # type: ignore[operator]
                return
        except Exception:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{what} not ready within {timeout:.0f} s")


def missing_servers() -> str | None:
    """Why the server-profile tests cannot run here, or None when they can."""
    for tool in ("redis-server", "nginx", "docker"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (make servers installs it)"
    probe = subprocess.run(["docker", "image", "inspect", PG_IMAGE], capture_output=True)
    if probe.returncode != 0:
        return f"Docker image {PG_IMAGE} is missing or no engine answers (make servers builds it)"
    return None


@dataclass
class Postgres:
    """A PostgreSQL 17 + pgvector container published on 127.0.0.1:port."""

    port: int = field(default_factory=free_port)
    name: str = field(default_factory=lambda: f"propsearch-test-pg-{uuid.uuid4().hex[:8]}")

    def url(self, database: str = "propsearch") -> str:
        return f"postgresql://propsearch:{PG_PASSWORD}@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        subprocess.run(
            [
                "docker",
                "run",
                "-d",
                "--name",
                self.name,
                "-p",
                f"127.0.0.1:{self.port}:5432",
                "-e",
                f"POSTGRES_PASSWORD={PG_PASSWORD}",
                PG_IMAGE,
            ],
            check=True,
            capture_output=True,
        )
        self.wait()

    def wait(self) -> None:
        wait_until(
            lambda: psycopg.connect(self.url(), connect_timeout=2).close() or True, 60, "postgres"
        )

    def stop(self) -> None:
        subprocess.run(["docker", "stop", "-t", "5", self.name], check=True, capture_output=True)

    def resume(self) -> None:
        subprocess.run(["docker", "start", self.name], check=True, capture_output=True)
        self.wait()

    def remove(self) -> None:
        subprocess.run(["docker", "rm", "-f", "-v", self.name], capture_output=True)

    def app_database(self) -> str:
        """A new database owned by a new role that is nothing more (no superuser, no CREATEDB,
        no CREATEROLE), as the server image sets the app up; pgvector made by the superuser."""
        name = f"t_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(
                f'CREATE ROLE "{name}" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE '
                f"PASSWORD '{APP_PASSWORD}'"
            )
            conn.execute(f'CREATE DATABASE "{name}" OWNER "{name}"')
        with psycopg.connect(self.url(name), autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        return f"postgresql://{name}:{APP_PASSWORD}@127.0.0.1:{self.port}/{name}"

    def pause(self) -> None:
        """Freeze the server: connections stay open and nothing answers (a hung database)."""
        subprocess.run(["docker", "pause", self.name], check=True, capture_output=True)

    def unpause(self) -> None:
        subprocess.run(["docker", "unpause", self.name], check=True, capture_output=True)

    def new_database(self) -> str:
        name = f"t_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@dataclass
class Redis:
    """redis-server as a plain process, nothing saved to disk."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://:{REDIS_PASSWORD}@127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(
                [
                    "redis-server",
                    "--port",
                    str(self.port),
                    "--bind",
                    "127.0.0.1",
                    "--protected-mode",
                    "yes",
                    "--requirepass",
                    REDIS_PASSWORD,
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(self.folder),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        import redis

        wait_until(lambda: redis.Redis.from_url(self.url).ping(), 20, "redis")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@dataclass
class Replica:
    """One uvicorn API replica on a fixed port, with its own MEMORY_ROOT (which stays empty)."""

    folder: Path
    env: dict[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def memory_root(self) -> Path:
        return self.folder / "memory"

    def start(self) -> Replica:
        self.memory_root.mkdir(parents=True, exist_ok=True)
        env = {
            **os.environ,
            "MEMORY_ROOT": str(self.memory_root),
            "HOST_PORT_START": str(free_port_window()),
            "AGENT_MODEL": "offline",
            "FORWARDED_ALLOW_IPS": "127.0.0.1",  # the nginx balancer, as in compose.scale.yaml
            **self.env,
        }
        with (self.folder / f"replica-{self.port}.log").open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "uvicorn",
                    "api:app",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--no-proxy-headers",
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        process = self.process
        wait_until(
            lambda: (
                process.poll() is None
                and httpx.get(f"{self.url}/health", timeout=1).status_code == 200
            ),
            120,
            f"replica {self.port}",
        )
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """SIGKILL, as a lost machine would; then its orphaned skill workers (by pid)."""
        if self.process is None or self.process.poll() is not None:
            return
        workers = psutil.Process(self.process.pid).children(recursive=True)
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        for worker in workers:
            with contextlib.suppress(psutil.NoSuchProcess):
                worker.kill()


BALANCER_CONF = ROOT / "scripts" / "docker" / "balancer" / "nginx.conf"
TEMP_PATHS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def _swap(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{BALANCER_CONF} no longer has {old.strip()!r} once"
    return text.replace(old, new)


def nginx_conf(folder: Path, upstreams: list[int], port: int) -> str:
    """The deployed balancer's config (scripts/docker/balancer/nginx.conf), every location and
    limit as it is, for a test: these replicas, a loopback port, one worker, files in `folder`."""
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=2s;\n" for p in upstreams)
    temp = "".join(f"  {kind}_temp_path {folder}/{kind};\n" for kind in TEMP_PATHS)
    text = BALANCER_CONF.read_text()
    text = _swap(text, "worker_processes auto;", "worker_processes 1;")
    text = _swap(text, "    server api:8000 max_fails=1 fail_timeout=2s;\n", servers)
    text = _swap(text, "    listen 8080;\n", f"    listen 127.0.0.1:{port};\n")
    text = _swap(text, "http {\n", "http {\n" + temp)
    return f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\ndaemon off;\n{text}"


@dataclass
class Nginx:
    """nginx on 127.0.0.1:port with the deployed balancer's config (`nginx_conf`)."""

    folder: Path
    upstreams: list[int]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o777)  # nginx workers run as nobody when started by root
        conf = self.folder / "nginx.conf"
        conf.write_text(nginx_conf(self.folder, self.upstreams, self.port))
        with (self.folder / "nginx.out").open("ab") as log:
            self.process = subprocess.Popen(
                [
                    "nginx",
                    "-e",
                    str(self.folder / "error.log"),
                    "-c",
                    str(conf),
                    "-p",
                    str(self.folder),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_until(
            lambda: httpx.get(f"{self.url}/health", timeout=1).status_code == 200, 20, "nginx"
        )

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def kill_postgres(server: Postgres) -> None:
    """SIGKILL PostgreSQL's postmaster (a crash, not a shutdown); `resume` restarts it."""
    subprocess.run(["docker", "kill", server.name], check=True, capture_output=True)
