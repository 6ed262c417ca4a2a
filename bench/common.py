"""Shared helpers of the benchmark suite: timing statistics, ports, process CPU and memory."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from agent_graph.config import Settings
    from agent_graph.graph.services import Services, SkillGateway
    from agent_graph.memory.layer import MemoryLayer
    from agent_graph.planning.planners import Planners
    from agent_graph.storage.storage import Storage

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results"
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")

# One multi-turn home-search conversation, as a user would type it.
CONVERSATION = [
    "find me a 3-bed house in Austin under $500k",
    "show me more on the second one",
    "same but closer to downtown",
    "cheaper",
]


def bench_settings(memory_root: Path) -> Settings:
    """The settings a benchmark composes its services from: the environment's (every knob, as
    the product reads them), with what a benchmark fixes: the offline model, the bundled skills
    as process workers on free ports, embedded storage under `memory_root`."""
    from agent_graph.config import Settings
    from tests.servers import free_port_window

    return Settings(
        AGENT_MODEL="offline",
        MEMORY_ROOT=memory_root,
        SKILLS_DIR=REPO / "skills",
        SKILL_BACKEND="process",
        STORAGE="embedded",
        API_TOKENS_FILE=None,
        HOST_PORT_START=free_port_window(),
        JOBS=False,
    )


def bench_services(
    settings: Settings,
    model: BaseChatModel,
    planners: Planners,
    skills: SkillGateway,
    memory: MemoryLayer | None,
    storage: Storage | None = None,
) -> Services:
    """A benchmark's services, composed as the API's are (app/composition.py); what differs
    is passed in: the model and its planners, the skills (the bench times their calls) and the
    memory layer (a variant has none, or one that writes in the turn)."""
    from agent_graph.app.composition import compose_services

    return compose_services(
        settings, model=model, planners=planners, memory=memory, storage=storage, skills=skills
    )


def stats_ms(seconds: Iterable[float]) -> dict[str, Any]:
    """n, median, p99 and max in milliseconds of samples given in seconds."""
    ordered = sorted(seconds)
    if not ordered:
        return {"n": 0, "median_ms": None, "p99_ms": None, "max_ms": None}
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1e3, 3),
        "p99_ms": round(p99 * 1e3, 3),
        "max_ms": round(ordered[-1] * 1e3, 3),
    }


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a is not None and b else None


def spread(values: list[float]) -> dict[str, Any]:
    """Median, min, max and the interquartile range of per-round ratios."""
    quartiles = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
        "iqr": [round(quartiles[0], 3), round(quartiles[2], 3)],
    }


def proc_cpu_s(pid: int, children: bool = True) -> float:
    """utime+stime of a process (plus its waited-for children) from /proc, in seconds."""
    raw = Path(f"/proc/{pid}/stat").read_text()
    rest = raw[raw.rindex(")") + 2 :].split()
    ticks = int(rest[11]) + int(rest[12])
    if children:
        ticks += int(rest[13]) + int(rest[14])
    return ticks / TICK


def child_pids(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def tree_cpu_s(pid: int) -> float:
    """CPU of a process, its finished children and its live children (skill workers)."""
    total = proc_cpu_s(pid)
    for child in child_pids(pid):
        try:
            total += proc_cpu_s(child)
        except OSError:
            continue
    return total


def rss_mb(pid: int) -> float:
    fields = Path(f"/proc/{pid}/statm").read_text().split()
    return int(fields[1]) * PAGE / 2**20


def peak_rss_mb(pid: int) -> float:
    """VmHWM: the kernel's own peak resident set size of the process."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return rss_mb(pid)


def machine_busy_s() -> float:
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / TICK


class Stopwatch:
    """perf_counter based, for `with Stopwatch() as sw: ...; sw.elapsed`."""

    def __enter__(self) -> Stopwatch:
        self.start = time.perf_counter()
        self.elapsed = 0.0
        return self

    def __exit__(self, *exc: object) -> None:
        self.elapsed = time.perf_counter() - self.start
