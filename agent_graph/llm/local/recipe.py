"""Which llama-server build suits this CPU, and where the cache keeps it.

`make llm` (scripts/llm/build-llama-server.py) builds the recipe `for_this_cpu` names and the app
looks the binary up by the same name, so the two can never disagree. The directory's name holds
a hash of the llama.cpp version, the CMake flags and (for CPU-tuned builds) the CPU's flags: a
build with other flags or backends, or one made for another CPU, is never reused.

llama.cpp's AMX backend (compiled in whenever `-march=native` sees `amx_int8`) crashes with a
segmentation fault right after "llama threadpool init" on Sapphire Rapids and later (llama.cpp
issues 11115 and 20824): on a CPU with AMX the build names every instruction set the CPU has
except AMX instead of asking for `native`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

SERVER_VERSION = "0.3.36"
"""llama-cpp-python's version on PyPI; its sdist vendors the llama.cpp sources built."""

COMMON_FLAGS = (
    "-DCMAKE_BUILD_TYPE=Release",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_OPENSSL=OFF",
    "-DLLAMA_CURL=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DBUILD_SHARED_LIBS=OFF",
)
ISA_OPTIONS = (
    ("sse4_2", "GGML_SSE42"),
    ("avx", "GGML_AVX"),
    ("avx2", "GGML_AVX2"),
    ("fma", "GGML_FMA"),
    ("f16c", "GGML_F16C"),
    ("bmi2", "GGML_BMI2"),
    ("avx_vnni", "GGML_AVX_VNNI"),
    ("avx512f", "GGML_AVX512"),
    ("avx512vbmi", "GGML_AVX512_VBMI"),
    ("avx512_vnni", "GGML_AVX512_VNNI"),
    ("avx512_bf16", "GGML_AVX512_BF16"),
)
"""/proc/cpuinfo flag -> the ggml option that compiles for it."""
AMX_OPTIONS = ("GGML_AMX_TILE", "GGML_AMX_INT8", "GGML_AMX_BF16")


@dataclass(frozen=True)
class Recipe:
    """One way to build llama-server: its name says what kind, `flags` exactly how."""

    name: str
    flags: tuple[str, ...]
    cpu_specific: bool

    def key(self, cpu: frozenset[str]) -> str:
        text = "\n".join([SERVER_VERSION, *self.flags, *(sorted(cpu) if self.cpu_specific else [])])
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def directory(self, cache: Path, cpu: frozenset[str]) -> Path:
        return cache / f"llama-server-{SERVER_VERSION}-{self.name}-{self.key(cpu)}"


PORTABLE = Recipe("portable", (*COMMON_FLAGS, "-DGGML_NATIVE=OFF"), cpu_specific=False)
"""ggml's defaults without `native`: AVX2/FMA/F16C, which any x86-64 CPU of the last decade has."""


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> frozenset[str]:
    """The first processor's feature flags (empty where /proc/cpuinfo cannot be read)."""
    try:
        lines = cpuinfo.read_text().splitlines()
    except OSError:
        return frozenset()
    line = next((line for line in lines if line.startswith("flags")), "")
    return frozenset(line.partition(":")[2].split())


def has_amx(cpu: frozenset[str]) -> bool:
    return any(flag.startswith("amx") for flag in cpu)


def for_this_cpu(cpu: frozenset[str]) -> Recipe:
    """Native where that is safe; every instruction set but AMX where the CPU has AMX."""
    if not cpu:
        return PORTABLE
    if not has_amx(cpu):
        return Recipe("native", (*COMMON_FLAGS, "-DGGML_NATIVE=ON"), cpu_specific=True)
    isa = [f"-D{option}={'ON' if flag in cpu else 'OFF'}" for flag, option in ISA_OPTIONS]
    no_amx = [f"-D{option}=OFF" for option in AMX_OPTIONS]
    return Recipe("no-amx", (*COMMON_FLAGS, "-DGGML_NATIVE=OFF", *isa, *no_amx), True)


def candidates(cache: Path, cpu: frozenset[str]) -> list[Path]:
    """The binaries the app may use on this CPU, best first."""
    recipes = [for_this_cpu(cpu), PORTABLE]
    return [recipe.directory(cache, cpu) / "llama-server" for recipe in recipes]
