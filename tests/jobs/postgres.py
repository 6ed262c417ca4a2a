"""A real PostgreSQL for the job tests: the tests/scale container when Docker has it, else
Debian's own server (`initdb` + `pg_ctl`, as the `postgres` user when the tests run as root).
Procrastinate and the job tables need no pgvector."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Protocol

import psycopg

from tests.servers import free_port_window


class Databases(Protocol):
    """Hands each test a database of its own (URL)."""

    def fresh_database(self) -> str: ...


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def missing() -> str | None:
    if _bin("initdb") is None or _bin("pg_ctl") is None:
        return "PostgreSQL's initdb/pg_ctl are not installed (apt-get install postgresql)"
    return None


class LocalPostgres:
    """One server in a temporary folder on 127.0.0.1:port; `stop` removes it all."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="propsearch-pg-"))
        self.port = free_port_window()
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    @property
    def url(self) -> str:
        return f"postgresql://propsearch@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        os.chmod(self.folder, 0o755)
        if self._as:
            shutil.chown(self.folder, "postgres", "postgres")
        data = self.folder / "data"
        run = [*self._as, str(_bin("initdb")), "-D", str(data), "-A", "trust", "-U", "propsearch"]
        subprocess.run(run, check=True, capture_output=True)
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = self.folder / "server.log"  # the server must not inherit a pipe we wait on
        pg_ctl = [*self._as, str(_bin("pg_ctl")), "-D", str(data), "-l", str(log)]
        subprocess.run(
            [*pg_ctl, "-o", options, "-w", "start"],
            check=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )

    def fresh_database(self) -> str:
        name = f"t_{os.urandom(5).hex()}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def stop(self) -> None:
        stop = [*self._as, str(_bin("pg_ctl")), "-D", str(self.folder / "data"), "-m", "fast"]
        subprocess.run([*stop, "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)
