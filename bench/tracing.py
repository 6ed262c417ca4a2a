"""The cost of tracing: the same conversations through the real graph (offline model, real
skill workers, the run span a server run gets), in two child processes side by side, one
untraced and one traced and exported over OTLP/HTTP to a sink in this process.

Robust to a noisy (shared) machine: the two are never run at once; they take turns, round by
round, in the order off-on, on-off, off-on… (so a drift in the machine's load falls on both
alike), each round with a fresh memory. Each round gives a ratio of the traced per-turn median
to the untraced one, and of the turns/s; the report is the median of those ratios with their
spread, and the machine's load average around the measurement.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from bench.common import CONVERSATION, REPO, ratio, spread, stats_ms

if TYPE_CHECKING:  # the child imports the app only once it runs
    from agent_graph.planning.planners import Planners
    from agent_graph.skills.registry import SkillRegistry


class Sink(BaseHTTPRequestHandler):
    """An OTLP/HTTP receiver that keeps nothing: 200 to every export, bytes counted."""

    received = 0

    def do_POST(self) -> None:
        Sink.received += len(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return


async def _turns(runner: Any, conversations: int) -> tuple[float, list[float]]:
    """Wall seconds for `conversations` conversations, and each turn's seconds; each turn
    under `traced_run`, as RunHub runs it (a no-op while nothing is recorded)."""
    from agent_graph.events import ErrorEvent
    from agent_graph.telemetry.runs import traced_run
    from agent_graph.turn_request import TurnRequest

    each: list[float] = []
    started = time.perf_counter()
    for _ in range(conversations):
        session = uuid.uuid4().hex
        for message in CONVERSATION:
            began = time.perf_counter()
            request = TurnRequest("local", session, message)
            async for event in traced_run(runner.events(request), uuid.uuid4().hex, request):
                if isinstance(event, ErrorEvent):
                    raise RuntimeError(event.message)
            each.append(time.perf_counter() - began)
    return time.perf_counter() - started, each


async def _child(endpoint: str, conversations: int) -> None:
    """One side: traced to `endpoint`, or untraced when it is ''; a round per `round` line on
    stdin, its timings as a JSON line on stdout."""
    from agent_graph.app.composition import make_registry
    from agent_graph.config import Settings
    from agent_graph.planning.planners import Planners
    from agent_graph.telemetry import setup
    from bench.common import bench_settings

    if endpoint:  # before the app opens: its own configuration then keeps this exporter
        setup.configure(Settings(OTEL_EXPORTER_OTLP_ENDPOINT=endpoint))
    with tempfile.TemporaryDirectory(prefix="bench-traces-") as tmp:
        registry = make_registry(bench_settings(Path(tmp) / "skills"))
        await registry.start()
        planners = Planners.from_skills_dir(REPO / "skills")
        try:
            await _rounds(Path(tmp), registry, planners, conversations)
            setup.flush()
        finally:
            await asyncio.to_thread(planners.close)
            await registry.close()


async def _rounds(
    folder: Path, registry: SkillRegistry, planners: Planners, conversations: int
) -> None:
    """A warm-up, then a round per `round` line; each in an app as the API opens it, over
    the same warm workers and planners, with a fresh memory (a round never recalls what an
    earlier one stored)."""
    from agent_graph.app import Overrides, open_app
    from agent_graph.llm.offline.model import OfflineChatModel
    from bench.common import bench_settings

    model = OfflineChatModel(planners=planners)
    overrides = Overrides(
        model=lambda _: model, write_behind=False, registry=registry, planners=planners
    )
    async with open_app(bench_settings(folder / "warm-up"), overrides) as app:
        await _turns(app.runner, 1)  # caches, workers, embeddings, exporter
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.startswith("round"):
            break
        settings = bench_settings(folder / f"round-{line.split()[1]}")
        async with open_app(settings, overrides) as app:
            wall, each = await _turns(app.runner, conversations)
        print(json.dumps({"wall_s": wall, "turn_s": each}), flush=True)


class Side:
    """One child process: untraced, or traced to the sink."""

    def __init__(self, endpoint: str, conversations: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.tracing", "--child", endpoint, str(conversations)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.rounds: list[dict[str, Any]] = []

    def _reply(self) -> dict[str, Any]:
        out: IO[str] | None = self.process.stdout
        assert out is not None
        for line in out:
            if line.startswith("{"):
                return dict(json.loads(line))
        raise RuntimeError(f"bench child exited ({self.process.wait()})")

    def ready(self) -> None:
        self._reply()

    def round(self, number: int) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"round {number}\n")
        self.process.stdin.flush()
        self.rounds.append(self._reply())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _summary(off: Side, on: Side, loads: tuple[str, str]) -> dict[str, Any]:
    medians = [
        (statistics.median(a["turn_s"]), statistics.median(b["turn_s"]))
        for a, b in zip(off.rounds, on.rounds, strict=True)
    ]
    rates = [
        (len(a["turn_s"]) / a["wall_s"], len(b["turn_s"]) / b["wall_s"])
        for a, b in zip(off.rounds, on.rounds, strict=True)
    ]
    per_turn = spread([b / a for a, b in medians])
    throughput = spread([a / b for a, b in rates])  # > 1: tracing costs turns/s
    every = {name: [t for r in side.rounds for t in r["turn_s"]] for name, side in (("off", off), ("on", on))}  # fmt: skip
    return {
        "rounds": len(medians),
        "turns": len(every["off"]),
        "turns_per_s": {
            "off": round(statistics.median(a for a, _ in rates), 2),
            "on": round(statistics.median(b for _, b in rates), 2),
        },
        "turn_ms": {"off": stats_ms(every["off"]), "on": stats_ms(every["on"])},
        "per_turn_ratio_on_to_off": per_turn,
        "throughput_ratio_off_to_on": throughput,
        "cost_pct": round((per_turn["median"] - 1) * 100, 1),
        "pooled_median_ratio_on_to_off": ratio(
            statistics.median(every["on"]), statistics.median(every["off"])
        ),
        "otlp_bytes_received": Sink.received,
        "uptime_before": loads[0],
        "uptime_after": loads[1],
    }


def run(conversations: int, rounds: int = 6) -> dict[str, Any]:
    """`rounds` rounds of `conversations` conversations on each side, alternating which side
    goes first; the sink in this process (a collector elsewhere, as in production)."""
    sink = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    off = Side("", conversations)
    on = Side(f"http://127.0.0.1:{sink.server_address[1]}", conversations)
    try:
        off.ready()
        on.ready()
        before = _uptime()
        for number in range(rounds):
            for side in (off, on) if number % 2 == 0 else (on, off):
                side.round(number)
        after = _uptime()
    finally:
        off.close()
        on.close()
        sink.shutdown()
    return _summary(off, on, (before, after))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        asyncio.run(_child(sys.argv[2], int(sys.argv[3])))
    else:
        print(json.dumps(run(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 6)))
