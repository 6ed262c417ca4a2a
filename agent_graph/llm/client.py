"""ModelClient: one chat-model call with the waits around it: the start-up warm-up giving way,
the idle timeout (LLM_TIMEOUT_S counts from the last chunk received) and the progress of a long read."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from agent_graph.events import Emit, StepEvent
from agent_graph.llm.reading_step import PROGRESS_EVERY_S, ReadingStep
from agent_graph.llm.usage import usage_record
from agent_graph.llm.watch import CallWatch, watching


class ModelTimeoutError(TimeoutError):
    """The chat model did not answer within LLM_TIMEOUT_S."""


@dataclass
class ModelClient:
    """Calls a (bound) chat model; `warming` is the local model's start-up read, if any."""

    timeout_s: float
    warming: asyncio.Future[None] | None = None

    async def call(
        self, model: Any, messages: list[BaseMessage], emit: Emit
    ) -> tuple[AIMessage, dict[str, Any] | None]:
        """The model's answer and its usage record (None when the provider sent none)."""
        if self.warming is not None and not self.warming.done():
            await self.stop_warm_up()
        watch = CallWatch()
        with watching(watch):
            call = asyncio.ensure_future(model.ainvoke(messages))
        step = ReadingStep(emit, watch)
        try:
            while not (await asyncio.wait({call}, timeout=PROGRESS_EVERY_S))[0]:
                if watch.idle_s() > self.timeout_s:
                    raise ModelTimeoutError(f"the model sent nothing for {self.timeout_s:g}s")
                step.update()
            response = call.result()
            return response, usage_record(response, watch.waited_s())
        finally:
            step.close()
            if not call.done():
                call.cancel()
                await asyncio.gather(call, return_exceptions=True)

    async def stop_warm_up(self) -> None:
        """A question asked during the start-up read of the stable prefix is served first: the
        read stops (its connection closes, so the server drops it and keeps what it has read),
        and the call reads what it needs itself, no more than it would have read anyway."""
        assert self.warming is not None
        self.warming.cancel()
        await asyncio.gather(self.warming, return_exceptions=True)


async def shown_wait(
    emit: Emit, step_id: str, labels: tuple[str, str], waited: Awaitable[Any]
) -> None:
    """Wait for `waited`, shown as a step (its start label, then its end label and duration);
    shielded: a turn that is stopped leaves it running for the next."""
    started = time.monotonic()
    emit(StepEvent(id=step_id, name="model", status="start", label=labels[0]))
    await asyncio.shield(waited)
    ms = round((time.monotonic() - started) * 1000)
    emit(StepEvent(id=step_id, name="model", status="end", label=labels[1], ms=ms))
