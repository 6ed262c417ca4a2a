"""The cost of tracing: the same conversations through the real graph (offline model, real
skill workers), untraced and then traced to a local OTLP sink, in one child process (tracing
is process-wide once on, so the rest of the bench stays untraced).

Reports turns/s and the per-turn median for both, and the spans the sink received.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from bench.common import CONVERSATION, REPO, ratio, stats_ms


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
    """Wall seconds for `conversations` conversations, and each turn's seconds."""
    from bench.orchestration import graph_turn

    turn, each = graph_turn(runner), []
    started = time.perf_counter()
    for _ in range(conversations):
        session = uuid.uuid4().hex
        for message in CONVERSATION:
            began = time.perf_counter()
            await turn(session, message)
            each.append(time.perf_counter() - began)
    return time.perf_counter() - started, each


async def _child(conversations: int) -> dict[str, Any]:
    from agent_graph.config import Settings
    from agent_graph.graph.builder import build_graph
    from agent_graph.llm.offline.model import OfflineChatModel
    from agent_graph.server.composition import make_registry, open_memory
    from agent_graph.server.turns import TurnRunner
    from agent_graph.skills.planners import Planners
    from agent_graph.storage.profile import open_storage
    from agent_graph.telemetry import setup
    from bench.common import bench_services, bench_settings

    sink = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory(prefix="bench-traces-") as tmp:
        registry = make_registry(bench_settings(Path(tmp) / "skills"))
        await registry.start()
        planners = Planners.from_skills_dir(REPO / "skills")
        model = OfflineChatModel(planners=planners)

        async def runner(name: str) -> TurnRunner:
            """A fresh memory per phase: a phase never recalls what an earlier one stored."""
            settings = bench_settings(Path(tmp) / name)  # composed as the API's services
            storage = open_storage(settings)
            memory = open_memory(settings, storage, model, write_behind=False)
            await memory.warm()
            services = bench_services(settings, model, planners, registry, memory, storage)
            return TurnRunner(build_graph(services), services.sanitizer)

        try:
            await _turns(await runner("warm-up"), 1)  # caches, workers, embeddings
            off = await _turns(await runner("off"), conversations)
            endpoint = f"http://127.0.0.1:{sink.server_address[1]}"
            setup.configure(Settings(OTEL_EXPORTER_OTLP_ENDPOINT=endpoint))
            await _turns(await runner("traced-warm-up"), 1)  # the exporter's first batch too
            on = await _turns(await runner("on"), conversations)
            setup.flush()
        finally:
            await registry.close()
            await asyncio.to_thread(planners.close)
            sink.shutdown()
    return _summary(off, on, Sink.received)


def _summary(
    off: tuple[float, list[float]], on: tuple[float, list[float]], received: int
) -> dict[str, Any]:
    off_rate, on_rate = len(off[1]) / off[0], len(on[1]) / on[0]
    off_ms, on_ms = stats_ms(off[1]), stats_ms(on[1])
    return {
        "turns": len(off[1]),
        "turns_per_s": {"off": round(off_rate, 2), "on": round(on_rate, 2)},
        "turn_ms": {"off": off_ms, "on": on_ms},
        "cost_pct": round((off_rate / on_rate - 1) * 100, 1),
        "median_ratio_on_to_off": ratio(on_ms["median_ms"], off_ms["median_ms"]),
        "otlp_bytes_received": received,
    }


def run(conversations: int) -> dict[str, Any]:
    """Both phases in a child process (tracing stays off in this one)."""
    child = subprocess.run(
        [sys.executable, "-m", "bench.tracing", str(conversations)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(child.stdout.strip().splitlines()[-1]))


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_child(int(sys.argv[1])))))
