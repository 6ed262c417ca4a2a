"""llama-server's prompt-reading progress, read off the wire.

Asked for with `return_progress`, llama-server streams a `prompt_progress` chunk per batch while
it reads a long prompt; LiteLLM passes on only the first. This transport sits under the OpenAI
client LiteLLM uses for the local model and tells the open CallWatch (llm/watch.py) of every
byte received and every progress line, so the timeout counts from the server's last sign of
life and the user sees how much is read.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import httpx

from agent_graph.llm.watch import CallWatch, current_watch

_MARK = b'"prompt_progress"'


class _ProgressStream(httpx.AsyncByteStream):
    def __init__(self, inner: Any, watch: CallWatch) -> None:
        self.inner, self.watch, self.pending = inner, watch, b""

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self.inner:
            self.watch.touch()
            *lines, self.pending = (self.pending + chunk).split(b"\n")
            for line in lines:
                if _MARK in line and line.startswith(b"data: "):
                    self._progress(line[6:])
            yield chunk

    def _progress(self, payload: bytes) -> None:
        try:
            progress = json.loads(payload)["prompt_progress"]
            self.watch.progress(int(progress["processed"]), int(progress["total"]))
        except (ValueError, KeyError, TypeError):
            return

    async def aclose(self) -> None:
        await self.inner.aclose()


class ProgressTransport(httpx.AsyncBaseTransport):
    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        watch = current_watch()
        if watch is not None:
            response.stream = _ProgressStream(response.stream, watch)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


def local_client(base_url: str, timeout_s: float) -> Any:
    """The OpenAI client LiteLLM is handed for the local model (`client=`)."""
    from openai import AsyncOpenAI

    http = httpx.AsyncClient(transport=ProgressTransport(), timeout=timeout_s)
    return AsyncOpenAI(base_url=base_url, api_key="no-key", http_client=http, timeout=timeout_s)
