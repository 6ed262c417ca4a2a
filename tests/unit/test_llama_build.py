"""Which llama-server build a CPU gets, the smoke test that proves a binary runs here, and the
error a crashing one gives at start-up. A stand-in binary replaces the real build (6 minutes)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from agent_graph.config import Settings
from agent_graph.llm.local import recipe, smoke
from agent_graph.llm.local.assets import LocalModelError, server_binary
from agent_graph.llm.local.server import LocalLLMServer, free_port

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "tests" / "fixtures" / "fake_llama_binary.py"
SAPPHIRE_RAPIDS = frozenset(
    [
        "fpu",
        "sse4_2",
        "avx",
        "avx2",
        "fma",
        "f16c",
        "bmi2",
        "avx512f",
        "avx512vbmi",
        "avx512_vnni",
        "avx512_bf16",
        "amx_bf16",
        "amx_tile",
        "amx_int8",
    ]
)
EPYC = frozenset(["fpu", "sse4_2", "avx", "avx2", "fma", "f16c", "bmi2", "avx512f", "avx512_vnni"])


def _fake_binary(folder: Path, crash: bool) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    binary = folder / "llama-server"
    env = "FAKE_LLAMA_CRASH=1 " if crash else ""
    binary.write_text(f'#!/bin/sh\n{env}exec {sys.executable} {FAKE} "$@"\n')
    binary.chmod(0o755)
    return binary


def _build_script() -> ModuleType:
    path = ROOT / "scripts" / "llm" / "build-llama-server.py"
    spec = importlib.util.spec_from_file_location("build_llama_server", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_cpu_with_amx_gets_every_instruction_set_but_amx() -> None:
    chosen = recipe.for_this_cpu(SAPPHIRE_RAPIDS)
    assert chosen.name == "no-amx"
    assert "-DGGML_NATIVE=OFF" in chosen.flags
    assert {"-DGGML_AVX512=ON", "-DGGML_AVX512_BF16=ON", "-DGGML_AVX2=ON"} <= set(chosen.flags)
    assert {"-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"} <= set(
        chosen.flags
    )


def test_a_cpu_without_amx_gets_a_native_build_and_an_unreadable_cpu_a_portable_one() -> None:
    assert recipe.for_this_cpu(EPYC).flags[-1] == "-DGGML_NATIVE=ON"
    assert recipe.for_this_cpu(frozenset()) is recipe.PORTABLE


def test_the_cache_key_covers_the_flags_and_the_cpu(tmp_path: Path) -> None:
    native = recipe.for_this_cpu(EPYC)
    assert native.directory(tmp_path, EPYC) != native.directory(tmp_path, SAPPHIRE_RAPIDS)
    other = recipe.Recipe(native.name, (*native.flags, "-DGGML_AMX_INT8=ON"), True)
    assert other.directory(tmp_path, EPYC) != native.directory(tmp_path, EPYC)
    # A portable build does not depend on the CPU: one cache entry serves every machine.
    assert recipe.PORTABLE.directory(tmp_path, EPYC) == recipe.PORTABLE.directory(
        tmp_path, SAPPHIRE_RAPIDS
    )


def test_the_first_cpu_flags_line_is_read(tmp_path: Path) -> None:
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nflags\t\t: fpu avx2 amx_tile\nflags\t\t: other\n")
    assert recipe.cpu_flags(cpuinfo) == {"fpu", "avx2", "amx_tile"}
    assert recipe.cpu_flags(tmp_path / "missing") == frozenset()


def test_a_binary_that_crashes_fails_its_smoke_test_with_the_signal_and_log(tmp_path: Path) -> None:
    binary = _fake_binary(tmp_path / "bin", crash=True)
    with pytest.raises(smoke.SmokeTestFailed, match="SIGSEGV") as failure:
        smoke.run(binary, tmp_path / "model.gguf", tmp_path / "smoke.log")
    assert "llama threadpool init" in str(failure.value)


def test_a_binary_that_answers_passes_its_smoke_test(tmp_path: Path) -> None:
    binary = _fake_binary(tmp_path / "bin", crash=False)
    smoke.run(binary, tmp_path / "model.gguf", tmp_path / "smoke.log")


def test_a_crashing_build_is_set_aside_and_the_portable_one_proven(tmp_path: Path) -> None:
    build = _build_script()
    native = recipe.for_this_cpu(EPYC)
    _fake_binary(native.directory(tmp_path, EPYC), crash=True)
    _fake_binary(recipe.PORTABLE.directory(tmp_path, EPYC), crash=False)
    model = tmp_path / "model.gguf"
    assert build.proven(native, tmp_path, EPYC, model) is None
    failed = smoke.stamp_path(native.directory(tmp_path, EPYC) / "llama-server", EPYC, False)
    assert "SIGSEGV" in failed.read_text()
    assert not (native.directory(tmp_path, EPYC) / "llama-server").exists()
    assert build.proven(native, tmp_path, EPYC, model) is None  # not built again
    portable = build.proven(recipe.PORTABLE, tmp_path, EPYC, model)
    assert portable is not None and smoke.passed_here(portable, EPYC)


def test_the_app_uses_only_a_binary_proven_on_this_cpu(tmp_path: Path) -> None:
    cpu = recipe.cpu_flags()
    settings = Settings(llm_cache_dir=tmp_path, memory_root=tmp_path)
    binary = _fake_binary(recipe.for_this_cpu(cpu).directory(tmp_path, cpu), crash=False)
    with pytest.raises(LocalModelError, match="not smoke-tested"):
        server_binary(settings)
    smoke.stamp_path(binary, cpu).write_text("ok")
    assert server_binary(settings) == binary


def test_a_server_that_dies_at_start_up_says_how_and_what_to_try(tmp_path: Path) -> None:
    binary = _fake_binary(tmp_path / "bin", crash=True)
    port = free_port()
    tether = [sys.executable, "-m", "agent_graph.llm.local.tether"]
    server = LocalLLMServer([*tether, str(binary), "--port", str(port)], port, tmp_path / "s.log")
    with pytest.raises(LocalModelError) as error:
        server.start()
    message = str(error.value)
    assert "killed by SIGSEGV" in message and "llama threadpool init" in message
    assert "make llm" in message
