"""The step a user sees while the model reads a long prompt (a local model on 2 cores reads
about 90 tokens a second): llama-server's progress as a percentage, else the seconds waited."""

from __future__ import annotations

import uuid

from agent_graph.events import Emit, StepEvent
from agent_graph.llm.watch import CallWatch

PROGRESS_EVERY_S = 2.0
"""How often a waiting call is checked (timeout) and its step updated; a call answered
sooner shows no step at all."""


class ReadingStep:
    def __init__(self, emit: Emit, watch: CallWatch) -> None:
        self.emit, self.watch = emit, watch
        self.step_id: str | None = None
        self.ended = False

    def update(self) -> None:
        if self.ended:
            return
        if self.watch.answering:
            self.close()
            return
        if self.step_id is None:
            self.step_id = f"model-{uuid.uuid4().hex[:8]}"
        fraction = self.watch.fraction()
        label = (
            f"Reading the conversation… {fraction:.0%}"
            if fraction is not None
            else f"Waiting for the model… {self.watch.waited_s():.0f} s"
        )
        step = StepEvent(id=self.step_id, name="model", status="start", label=label)
        if fraction is not None:
            step.progress = round(fraction, 3)
        self.emit(step)

    def close(self) -> None:
        """The step ends when the first token arrives (or the call ends): the reading is over."""
        if self.step_id is None or self.ended:
            return
        self.ended = True
        label = "Read the conversation" if self.watch.total else "The model answered"
        ms = round(self.watch.waited_s() * 1000, 1)
        step = StepEvent(id=self.step_id, name="model", status="end", label=label, ms=ms)
        self.emit(step)
