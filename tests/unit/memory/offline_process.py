"""Run Python code in a fresh process with the network cut (test helper, not a test).

The process runs in a new network namespace when `unshare -rn` works here, and in any case
with socket connect/DNS patched to fail; DeprecationWarnings are errors and $HOME is empty, so
nothing can come from a cache or a download.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[3]

PRELUDE = textwrap.dedent(
    """
    import socket

    def _no_network(*args, **kwargs):
        raise OSError("network disabled in this test")

    socket.socket.connect = _no_network
    socket.socket.connect_ex = _no_network
    socket.create_connection = _no_network
    socket.getaddrinfo = _no_network
    """
)


def offline_command(code: str) -> list[str]:
    cmd = [sys.executable, "-W", "error::DeprecationWarning", "-c", PRELUDE + code]
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode == 0:
        return [unshare, "-rn", *cmd]
    return cmd


def run_offline(code: str, workdir: Path, *args: str) -> dict[str, Any]:
    """Run ``code`` offline; its last stdout line must be JSON, which is returned."""
    home = workdir / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [*offline_command(textwrap.dedent(code)), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=180,
    )
    assert proc.returncode == 0, proc.stderr
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result
