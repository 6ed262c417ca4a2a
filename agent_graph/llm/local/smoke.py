"""One real completion from a llama-server binary, to prove it runs on this machine.

A build can compile and still crash on the CPU it runs on (llama.cpp's AMX backend on Sapphire
Rapids, or a native binary carried to an older CPU). `make llm` runs this after every build and
before a cached binary is first used on a machine; a binary that passes gets a stamp naming the
CPU it passed on, and the app uses only stamped binaries (or one the operator named).
"""

from __future__ import annotations

import hashlib
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx

READY_TIMEOUT_S = 180.0
LOG_TAIL_LINES = 12


class SmokeTestFailed(RuntimeError):
    """The binary did not answer one completion; the message says how it failed."""


def stamp_path(binary: Path, cpu: frozenset[str], passed: bool = True) -> Path:
    """Where the outcome of the binary's smoke test on this CPU is kept."""
    digest = hashlib.sha256(" ".join(sorted(cpu)).encode()).hexdigest()[:12]
    return binary.with_name(f"smoke-{'passed' if passed else 'failed'}-{digest}")


def passed_here(binary: Path, cpu: frozenset[str]) -> bool:
    return stamp_path(binary, cpu).is_file()


def describe_exit(code: int, log_path: Path) -> str:
    """'killed by SIGSEGV' or 'exited with 1', then the log's last lines."""
    signum = -code if code < 0 else code - 128 if code > 128 else 0
    if signum:
        try:
            how = f"killed by {signal.Signals(signum).name}"
        except ValueError:
            how = f"killed by signal {signum}"
    else:
        how = f"exited with {code}"
    return f"{how}; the last lines of {log_path}:\n{log_tail(log_path)}"


def log_tail(log_path: Path, lines: int = LOG_TAIL_LINES) -> str:
    try:
        text = log_path.read_text(errors="replace")
    except OSError:
        return "  (no log)"
    return "\n".join("  " + line for line in text.splitlines()[-lines:])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def run(binary: Path, model: Path, log_path: Path, threads: int = 2) -> None:
    """Start the binary on the model, ask for a few tokens, stop it; raise SmokeTestFailed."""
    port = _free_port()
    command = [str(binary), "-m", str(model), "-c", "512", "-t", str(threads)]
    command += ["--host", "127.0.0.1", "--port", str(port)]
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        _complete(process, port, log_path)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def _complete(process: subprocess.Popen[bytes], port: int, log_path: Path) -> None:
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + READY_TIMEOUT_S
    while time.monotonic() < deadline:
        code = process.poll()
        if code is not None:
            raise SmokeTestFailed(describe_exit(code, log_path))
        try:
            body = {"prompt": "The capital of France is", "n_predict": 4, "temperature": 0}
            response = httpx.post(f"{base}/completion", json=body, timeout=60)
        except httpx.HTTPError:
            time.sleep(0.3)
            continue
        if response.status_code == 503:  # still loading the model
            time.sleep(0.3)
            continue
        if response.status_code == 200 and response.json().get("tokens_predicted", 0) > 0:
            return
        raise SmokeTestFailed(f"answered {response.status_code}: {response.text[:200]}")
    raise SmokeTestFailed(f"no completion within {READY_TIMEOUT_S:g} s:\n{log_tail(log_path)}")
