#!/usr/bin/env python3
"""Build llama.cpp's `llama-server` for this machine and prove it runs here.

The sources are the llama.cpp vendored in the llama-cpp-python sdist (PyPI only). Which build
(`agent_graph/llm/local/recipe.py`): native on most CPUs (about 1.5x faster generation than a
portable build), every instruction set but AMX on a CPU with AMX (whose backend crashes), or
portable with LLM_PORTABLE=1. After a build, and before a cached binary is first used on a CPU,
one real completion runs (`smoke.py`); a binary that fails it is deleted, said so, and the
portable build is tried instead. Everything is cached under the LLM cache folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from agent_graph.config import Settings  # noqa: E402
from agent_graph.llm.local import smoke  # noqa: E402
from agent_graph.llm.local.assets import model_file  # noqa: E402
from agent_graph.llm.local.recipe import (  # noqa: E402
    PORTABLE,
    SERVER_VERSION,
    Recipe,
    cpu_flags,
    for_this_cpu,
    has_amx,
)

JOBS = os.environ.get("LLM_BUILD_JOBS", "2")


def say(text: str) -> None:
    print(f"llama-server: {text}", flush=True)


def build(recipe: Recipe, cache: Path, cpu: frozenset[str]) -> Path:
    """Compile the recipe into its cache directory; returns the binary."""
    for tool in ("cmake", "g++", "make"):
        if shutil.which(tool) is None:
            sys.exit(f"llama-server: '{tool}' is missing (apt-get install cmake g++ make)")
    work = cache / f"build-{SERVER_VERSION}-{recipe.name}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    pip = ROOT / ".venv" / "bin" / "pip"
    pip_cmd = [str(pip)] if pip.exists() else [sys.executable, "-m", "pip"]
    say(f"fetching llama-cpp-python=={SERVER_VERSION} sdist")
    sdist = f"llama-cpp-python=={SERVER_VERSION}"
    download = ["download", "-q", "--no-deps", "--no-binary=:all:", "-d", str(work), sdist]
    subprocess.run([*pip_cmd, *download], check=True)
    with tarfile.open(work / f"llama_cpp_python-{SERVER_VERSION}.tar.gz") as archive:
        archive.extractall(work, filter="data")
    source = work / f"llama_cpp_python-{SERVER_VERSION}" / "vendor" / "llama.cpp"
    say(f"building the {recipe.name} recipe (-j{JOBS}); about 6 minutes on 2 cores")
    _step(
        ["cmake", "-S", str(source), "-B", str(work / "build"), *recipe.flags], work / "cmake.log"
    )
    _step(
        ["cmake", "--build", str(work / "build"), f"-j{JOBS}", "--target", "llama-server"],
        work / "build.log",
    )
    dest = recipe.directory(cache, cpu)
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "cmake-flags.txt").write_text("\n".join(recipe.flags) + "\n")
    binary = dest / "llama-server"
    shutil.copy2(work / "build" / "bin" / "llama-server", binary.with_suffix(".tmp"))
    binary.with_suffix(".tmp").rename(binary)
    shutil.rmtree(work)
    return binary


def _step(command: list[str], log_path: Path) -> None:
    with log_path.open("wb") as log:
        if subprocess.run(command, stdout=log, stderr=subprocess.STDOUT).returncode != 0:
            sys.exit("llama-server: build failed:\n" + smoke.log_tail(log_path, 30))


def proven(recipe: Recipe, cache: Path, cpu: frozenset[str], model: Path) -> Path | None:
    """The recipe's binary, built if needed, once it answered here; None if it failed."""
    binary = recipe.directory(cache, cpu) / "llama-server"
    failed = smoke.stamp_path(binary, cpu, passed=False)
    if failed.is_file():
        say(f"the {recipe.name} build failed here before ({failed}); not building it again")
        return None
    if binary.is_file() and smoke.passed_here(binary, cpu):
        say(f"cached at {binary} (passed its smoke test on this CPU)")
        return binary
    if not binary.is_file():
        start = time.monotonic()
        binary = build(recipe, cache, cpu)
        say(f"built in {time.monotonic() - start:.0f} s -> {binary}")
    say("smoke test: one real completion")
    try:
        smoke.run(binary, model, binary.with_name("smoke-test.log"))
    except smoke.SmokeTestFailed as failure:
        say(f"the {recipe.name} build does not run on this machine: {failure}")
        binary.unlink()
        failed.write_text(f"{failure}\n")
        return None
    smoke.stamp_path(binary, cpu).write_text(" ".join(sorted(cpu)) + "\n")
    say("smoke test passed")
    return binary


def main() -> None:
    settings = Settings()
    cache = settings.llm_cache_dir
    cpu = cpu_flags()
    model = model_file(settings)
    recipe = PORTABLE if os.environ.get("LLM_PORTABLE") == "1" else for_this_cpu(cpu)
    if has_amx(cpu) and recipe is not PORTABLE:
        say("this CPU has AMX: building without llama.cpp's AMX backend (it crashes here)")
    if proven(recipe, cache, cpu, model) is not None:
        return
    if recipe is PORTABLE or proven(PORTABLE, cache, cpu, model) is None:
        sys.exit("llama-server: no build runs on this machine; see the logs above")
    say("the portable build runs here and will be used (slower than a native one)")


if __name__ == "__main__":
    main()
