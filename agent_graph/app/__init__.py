"""open_app: the one way PropSearch starts, whoever runs it. The API (api.py's lifespan), the
corpus runner, the CLI's `serve` and the benchmarks enter it; `langgraph dev` (graph.py) opens
it on the first run. Everything it starts is closed when the block ends, in reverse order.

    async with open_app(settings) as app:
        async for event in app.runner.events(TurnRequest(user, session, message)):
            ...
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from agent_graph.app.overrides import Overrides
from agent_graph.app.runtime import AppRuntime
from agent_graph.config import Settings

__all__ = ["AppRuntime", "Overrides", "open_app"]


@asynccontextmanager
async def open_app(
    settings: Settings, overrides: Overrides | None = None
) -> AsyncIterator[AppRuntime]:
    """The app the settings describe, with `overrides` in place of its parts; closed after."""
    runtime = await AppRuntime.start(settings, overrides)
    try:
        yield runtime
    finally:
        await runtime.close()
