"""Part 8: what the other entry points add. The same turn through `/chat/stream` (the web UI's),
`/v1/chat/completions` (OpenAI clients) and MCP `ask_propsearch`, and the same tool call through
`POST /tools/{tool}` and MCP `tools/call`, interleaved on one real server (offline model), so
the ratios compare like with like on a shared machine."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from mcp.client.client import Client

from bench.api_load import launch

MESSAGE = "3 bedroom houses in 78745"
SEARCH = {"location": "78745", "beds_min": 3}


async def _chat_stream(http: httpx.AsyncClient) -> None:
    async with http.stream("POST", "/chat/stream", json={"message": MESSAGE}) as response:
        async for line in response.aiter_lines():
            if '"type": "done"' in line:
                return
    raise RuntimeError("no done event")


async def _openai(http: httpx.AsyncClient, stream: bool) -> None:
    body = {
        "model": "propsearch",
        "messages": [{"role": "user", "content": MESSAGE}],
        "stream": stream,
        "user": uuid.uuid4().hex,
    }
    if not stream:
        response = await http.post("/v1/chat/completions", json=body)
        response.raise_for_status()
        return
    async with http.stream("POST", "/v1/chat/completions", json=body) as response:
        async for line in response.aiter_lines():
            if line.strip() == "data: [DONE]":
                return
    raise RuntimeError("no [DONE]")


async def _tools_post(http: httpx.AsyncClient) -> None:
    response = await http.post("/tools/search_properties", json={"params": SEARCH})
    response.raise_for_status()


async def _timed(samples: list[float], call: Callable[[], Awaitable[Any]]) -> None:
    started = time.perf_counter()
    await call()
    samples.append((time.perf_counter() - started) * 1000)


async def _measure(url: str, rounds: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {
        k: []
        for k in (
            "chat_stream",
            "openai_whole",
            "openai_stream",
            "mcp_ask",
            "tools_post",
            "mcp_tool",
            "mcp_connect",
        )
    }
    async with httpx.AsyncClient(base_url=url, timeout=120) as http:
        for _ in range(rounds + 1):  # the first round warms every path and is dropped
            started = time.perf_counter()
            async with Client(f"{url}/mcp") as mcp:
                times["mcp_connect"].append((time.perf_counter() - started) * 1000)
                await _timed(times["chat_stream"], lambda: _chat_stream(http))
                await _timed(times["openai_whole"], lambda: _openai(http, False))
                await _timed(times["openai_stream"], lambda: _openai(http, True))
                await _timed(
                    times["mcp_ask"], lambda: mcp.call_tool("ask_propsearch", {"message": MESSAGE})
                )
                await _timed(times["tools_post"], lambda: _tools_post(http))
                await _timed(times["mcp_tool"], lambda: mcp.call_tool("search_properties", SEARCH))
    return {k: v[1:] for k, v in times.items()}


def run(rounds: int = 10) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        server, _ = launch(Path(tmp) / "memory", "fork")
        try:
            times = asyncio.run(_measure(server.url, rounds))
        finally:
            server.stop()
    median = {k: round(statistics.median(v), 1) for k, v in times.items()}
    turn, tool = median["chat_stream"], median["tools_post"]
    return {
        "rounds": rounds,
        "median_ms": median,
        "ratio_to_chat_stream": {
            k: round(median[k] / turn, 2) for k in ("openai_whole", "openai_stream", "mcp_ask")
        },
        "mcp_tool_ratio_to_tools_post": round(median["mcp_tool"] / tool, 2),
    }
