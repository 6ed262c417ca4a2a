"""Part 9: what turning turns into runs costs (turns/runs.py), in one process: a whole turn of
the real graph (offline model, real skill workers) consumed as TurnRunner.events (what a request
read before) and through RunHub (a task of its own, numbered events, followers), interleaved;
the cost per event on a synthetic turn; and the events per second one run fans out to 50
followers at once."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from agent_graph.app import open_app
from agent_graph.events import DoneEvent, Event, TokenEvent
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runs import RunHub
from bench.common import bench_settings

MESSAGE = "3 bedroom houses in 78745"


class SyntheticRunner:
    """A turn of `count` small events and nothing else: the machinery's own cost per event."""

    def __init__(self, count: int) -> None:
        self.count = count

    async def events(self, *args: Any, **kwargs: Any) -> AsyncIterator[Event]:
        for number in range(self.count):
            yield TokenEvent(content=f"t{number} ")
            if number % 50 == 0:
                await asyncio.sleep(0)  # a real turn yields to the loop between events
        yield DoneEvent(session_id="s")


async def _drain(events: AsyncIterator[Any]) -> int:
    return sum([1 async for _ in events])


async def _turns(rounds: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"request": [], "run": []}
    with tempfile.TemporaryDirectory(prefix="bench-runs-") as tmp:
        async with open_app(bench_settings(Path(tmp) / "memory")) as app:  # the API's app
            runner, hub = app.runner, app.runs
            for index in range(rounds + 1):  # the first round warms both paths and is dropped
                for name in ("request", "run"):
                    session = uuid.uuid4().hex
                    started = time.perf_counter()
                    if name == "request":
                        await _drain(runner.events(TurnRequest("local", session, MESSAGE)))
                    else:
                        await _drain(hub.events(TurnRequest("local", session, MESSAGE)))
                    if index:
                        times[name].append((time.perf_counter() - started) * 1000)
            await app.memory.settle()
    return times


async def _per_event(count: int, rounds: int) -> dict[str, float]:
    synthetic = SyntheticRunner(count)
    hub = RunHub(synthetic)  # type: ignore[arg-type]
    direct, through = [], []
    for _ in range(rounds):
        started = time.perf_counter()
        await _drain(synthetic.events())
        direct.append(time.perf_counter() - started)
        started = time.perf_counter()
        await _drain(hub.events(TurnRequest("u", uuid.uuid4().hex, "m")))
        through.append(time.perf_counter() - started)
    per = {
        k: statistics.median(v) / (count + 1) * 1e6
        for k, v in (("direct", direct), ("run", through))
    }
    return {"direct_us": round(per["direct"], 2), "run_us": round(per["run"], 2)}


async def _fan_out(count: int, followers: int) -> dict[str, Any]:
    hub = RunHub(SyntheticRunner(count))  # type: ignore[arg-type]
    run = hub.start(TurnRequest("u", "fan", "m"))
    started = time.perf_counter()
    received = await asyncio.gather(*(_drain(_numbered(run.follow())) for _ in range(followers)))
    seconds = time.perf_counter() - started
    delivered = sum(received)
    return {
        "followers": followers,
        "events_per_run": count + 1,
        "delivered": delivered,
        "events_per_s": round(delivered / seconds),
    }


async def _numbered(follow: AsyncIterator[tuple[int, Event]]) -> AsyncIterator[Any]:
    async for item in follow:
        yield item


def run(rounds: int = 10) -> dict[str, Any]:
    times = asyncio.run(_turns(rounds))
    median = {k: round(statistics.median(v), 1) for k, v in times.items()}
    per_event = asyncio.run(_per_event(2000, 5))
    return {
        "rounds": rounds,
        "turn_median_ms": median,
        "turn_ratio_run_to_request": round(median["run"] / median["request"], 3),
        "per_event": per_event,
        "per_event_ratio": round(per_event["run_us"] / per_event["direct_us"], 2),
        "fan_out": asyncio.run(_fan_out(2000, 50)),
    }
