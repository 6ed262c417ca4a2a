"""Is each shared server still answering? Probes run on threads of their own (a PostgreSQL
that stopped answering can hold every worker thread of the event loop's pool) with a deadline."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

PROBE_DEADLINE_S = 3.0


async def probe(call: Callable[[], Any], deadline_s: float = PROBE_DEADLINE_S) -> str:
    """ "ok", or why `call` failed, or that it did not answer within the deadline."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def settle(text: str) -> None:
        if not answer.done():
            answer.set_result(text)

    def run() -> None:
        try:
            call()
            text = "ok"
        except Exception as exc:
            text = f"error: {type(exc).__name__}"
        loop.call_soon_threadsafe(settle, text)

    threading.Thread(target=run, name="health-probe", daemon=True).start()
    try:
        return await asyncio.wait_for(answer, deadline_s)
    except TimeoutError:
        return f"no answer within {deadline_s:g} s"


async def probe_all(probes: dict[str, Callable[[], Any]]) -> dict[str, str]:
    names = list(probes)
    results = await asyncio.gather(*(probe(probes[name]) for name in names))
    return dict(zip(names, results, strict=True))
