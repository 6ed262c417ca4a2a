"""Running one chat turn: per-session serialisation, events, errors, done (no FastAPI here)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.types import Command

from agent_graph.events import (
    ConfirmEvent,
    DoneEvent,
    ErrorEvent,
    Event,
    ResumedEvent,
    SessionEvent,
    TokenEvent,
)
from agent_graph.graph.followups import fallback_title
from agent_graph.graph.nodes.hydrate import TurnContext
from agent_graph.graph.nodes.post_process import Answered
from agent_graph.graph.services import SessionStorage
from agent_graph.graph.state import Context
from agent_graph.llm.answer_filters import AnswerStream, instruction_text
from agent_graph.llm.client import ModelTimeoutError
from agent_graph.llm.usage import TurnUsage
from agent_graph.security.sanitizer import Sanitizer, StreamRedactor
from agent_graph.storage.locks import LocalTurnLocks, TurnLocks
from agent_graph.storage.sessions import SessionRecord
from agent_graph.storage.storage import PendingTurns
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.interrupted import TurnProgress, save_interrupted
from agent_graph.turns.streaming import STREAM_MODES, confirm_event, to_events

log = logging.getLogger(__name__)

TIMEOUT_MESSAGE = "The model did not answer in time. Please try again."
FAILURE_MESSAGE = (
    "Something went wrong while answering ({kind}). Your conversation is safe; please try again."
)
STORAGE_MESSAGE = (
    "The conversation could not be saved: the server's storage failed ({reason}). "
    "Please tell the operator; nothing else was changed."
)
NOTHING_TO_CONFIRM = "There is nothing to confirm in this conversation (any more)."
OUTAGE_MESSAGE = (
    "The server's shared storage ({server}) is unreachable, so this turn could not run. "
    "Your conversation is safe; please try again in a moment."
)
MAX_CONTEXTS = 1000
PAUSED_TTL_S = 3600.0
STORAGE_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOTDIR, errno.EDQUOT}


@dataclass(frozen=True)
class Retake:
    """A turn another replica began and died running, taken over here (turns/takeover.py)."""

    previous: str
    """The replica that died (its hold on the session passes to this one)."""
    started: bool
    """Its turn had begun: the session's checkpoint is its own, so it resumes from there."""
    text: str = ""
    """Every token the dead replica sent."""
    text_before_model: str = ""
    """The tokens it sent before its last step: what stands when the model call runs again."""


@dataclass(frozen=True)
class PausedTurn:
    """A session's turn paused for a confirmation (redacted): what it asks, and the user's
    words that started it."""

    confirm: ConfirmEvent
    message: str


@dataclass
class _TurnStart:
    """Where a turn's graph run starts (TurnRunner._start)."""

    inputs: Any
    """The new message, a confirmation's answer (Command), or None: from the checkpoint."""
    text: str
    """The user's message, kept as the pending turn ("" for a confirmation's answer)."""
    context: Context
    resuming: bool = False
    resumed: ResumedEvent | None = None
    """The `resumed` event a taken-over turn opens with."""


@dataclass
class _TurnStream:
    """What a turn's stream accumulates while it runs."""

    paused: bool = False
    usage: TurnUsage = field(default_factory=TurnUsage)
    answer: AnswerStream = field(default_factory=AnswerStream)
    """What the user sees of the answer: what its stored form keeps (llm/answer_filters.py)."""


class TurnRunner:
    """Runs turns of a compiled graph; two turns on one session never overlap."""

    def __init__(
        self,
        graph: Any,
        sanitizer: Sanitizer,
        timezone: str = "UTC",
        after_turn: Callable[[str], Awaitable[None]] | None = None,
        sessions: SessionStorage | None = None,
        locks: TurnLocks | None = None,
        pending: PendingTurns | None = None,
        outages: dict[type[BaseException], str] | None = None,
        paused_ttl_s: float = PAUSED_TTL_S,
        durability: str = "exit",
    ) -> None:
        self.graph = graph
        self.sanitizer = sanitizer
        self.timezone = timezone
        self.after_turn = after_turn
        """Awaited after `done` is sent (e.g. deferred memory writes), before the stream ends."""
        self.sessions = sessions
        """Where an interrupted turn is kept (None: interrupted turns are dropped)."""
        self.locks = locks or LocalTurnLocks()
        """One turn per session at a time: in this process, or across replicas (Redis)."""
        self.pending = pending
        """Turns in flight, kept where another replica can see them (None: embedded profile)."""
        self.outages = outages or {}
        """Errors that mean a shared server is down, with its name for the error event."""
        self.paused_ttl_s = paused_ttl_s
        """How long a turn paused for a confirmation waits for the answer before it expires."""
        self.durability = durability
        """When the graph writes checkpoints (when it has a saver): `exit` (where the turn
        stops or pauses) or `sync` (after every step, so another replica can resume a turn
        from where a dead one left it)."""
        self.last_context: dict[tuple[str, str], dict[str, Any]] = {}
        """The debug view of the most recent turns' hydrated context (at most MAX_CONTEXTS)."""

    @staticmethod
    def thread(user: str, session_id: str) -> dict[str, Any]:
        """The LangGraph thread of a session: only a turn waiting for a confirmation keeps one."""
        return {"configurable": {"thread_id": f"{user}:{session_id}"}}

    async def pending_confirmation(self, user: str, session_id: str) -> str | None:
        """The id of the confirmation this session's paused turn waits for, if any."""
        paused = await self.pending_confirm(user, session_id)
        return paused.confirm.id if paused else None

    @property
    def _saver(self) -> Any:
        """The graph's checkpointer (turns paused for a confirmation), None when compiled
        without one (Studio's graph.py, the bench)."""
        return getattr(self.graph, "checkpointer", None)

    async def pending_confirm(self, user: str, session_id: str) -> PausedTurn | None:
        """The `confirm` event this session's paused turn waits for, with the user's words that
        started that turn (not yet in the stored turns), so a reloaded client can ask again;
        None when nothing is pending."""
        if self._saver is None:
            return None
        state = await self.graph.aget_state(self.thread(user, session_id))
        if not state.interrupts:
            return None
        if _age_s(state.created_at) > self.paused_ttl_s:  # expired: nothing to approve now
            await self._drop_thread(user, session_id)
            return None
        said = [m for m in (state.values or {}).get("messages", []) if m.type == "human"]
        message = str(said[-1].content) if said else ""
        confirm = confirm_event(state.interrupts[0]).redacted(self.sanitizer.redact_value)
        return PausedTurn(confirm, self.sanitizer.redact(message))

    async def forget(self, user: str, session_id: str) -> None:
        """A deleted session takes its paused turn with it (approving it later does nothing)."""
        await self._drop_thread(user, session_id)

    async def _drop_thread(self, user: str, session_id: str) -> None:
        saver = self._saver
        if saver is not None:
            await saver.adelete_thread(self.thread(user, session_id)["configurable"]["thread_id"])

    async def events(
        self,
        request: TurnRequest,
        retake: Retake | None = None,
        on_started: Callable[[], Awaitable[None]] | None = None,
    ) -> AsyncIterator[Event]:
        """session, then the graph's events, an error if any, and always done last.

        With `confirm` ({"id", "approve"}) instead of a message, the turn paused for that
        confirmation resumes. A new message drops any paused turn of the session. With
        `retake`, a dead replica's turn continues. `on_started` is awaited once the turn holds
        the session and its checkpoints are its own. Tokens are redacted over a rolling window,
        so a secret split across tokens cannot pass."""
        redactor = StreamRedactor(self.sanitizer)
        turn = self._events(request, retake, on_started)
        async with contextlib.aclosing(turn):  # a closed stream closes the turn at once
            async for event in turn:
                if isinstance(event, TokenEvent):
                    if text := redactor.feed(event.content):
                        yield TokenEvent(content=text)
                    continue
                if tail := redactor.flush():
                    yield TokenEvent(content=tail)
                yield event

    async def _events(
        self,
        request: TurnRequest,
        retake: Retake | None = None,
        on_started: Callable[[], Awaitable[None]] | None = None,
    ) -> AsyncGenerator[Event]:
        user, session_id = request.user, request.session_id
        yield SessionEvent(session_id=session_id)
        stream = _TurnStream()
        try:
            async with self.locks.hold(user, session_id, retake.previous if retake else ""):
                start = await self._start(request, retake)
                if start.resumed is not None:
                    yield start.resumed
                async for event in self._run(request, start, stream, on_started):
                    yield event
        except _NothingToConfirmError:
            yield ErrorEvent(message=NOTHING_TO_CONFIRM)
        except _AlreadyFinishedError:
            pass
        except ModelTimeoutError:
            yield ErrorEvent(message=TIMEOUT_MESSAGE)
        except OSError as exc:
            log.error("turn failed: %s", self.sanitizer.redact(repr(exc)))
            yield ErrorEvent(message=_failure_text(exc))
        except Exception as exc:
            log.error("turn failed: %s", self.sanitizer.redact(repr(exc)))
            yield ErrorEvent(message=self._failure_text(exc))
        if stream.usage.calls:
            yield stream.usage.event()
            if (user, session_id) in self.last_context:
                self.last_context[(user, session_id)]["usage"] = stream.usage.event()
        yield DoneEvent(session_id=session_id)
        if self.after_turn is not None and request.persist:
            await self.after_turn(user)

    async def _start(self, request: TurnRequest, retake: Retake | None) -> _TurnStart:
        """What the graph starts from: a dead replica's checkpoint, the answer to a paused
        confirmation, or the new message (which drops any paused turn of the session)."""
        user, session_id, message = request.user, request.session_id, request.message
        context = Context(
            user_id=user,
            session_id=session_id,
            timezone=self.timezone,
            role=request.role,
            persist=request.persist,
        )
        point = await self._retake_point(user, session_id, retake)
        if point == "finished":  # it had ended; only its bookkeeping was left
            self._finish(user, session_id)
            await self._drop_thread(user, session_id)
            raise _AlreadyFinishedError
        if isinstance(point, _Resume) and retake is not None:
            kept = retake.text_before_model if point.reruns_model else retake.text
            resumed = ResumedEvent(text=kept)
            context = replace(context, maybe_ran=point.maybe_ran)
            # from the checkpoint of the last step that finished
            return _TurnStart(None, message or "", context, resuming=True, resumed=resumed)
        if request.confirm is not None:
            if await self.pending_confirmation(user, session_id) != request.confirm.get("id"):
                raise _NothingToConfirmError
            answer: Command[Any] = Command(resume={"approve": bool(request.confirm.get("approve"))})
            return _TurnStart(answer, "", context)
        await self._drop_thread(user, session_id)
        if point == "restart" and self.pending is not None:  # it is this same turn
            await asyncio.to_thread(self.pending.take, user, session_id)
        inputs = {"messages": [HumanMessage(content=message or "")]}
        return _TurnStart(inputs, message or "", context)

    async def _run(
        self,
        request: TurnRequest,
        start: _TurnStart,
        stream: _TurnStream,
        on_started: Callable[[], Awaitable[None]] | None,
    ) -> AsyncGenerator[Event]:
        """The graph's events for the turn, kept as a pending turn while it runs: saved as
        interrupted when cut off, listed as paused when it waits for a confirmation."""
        user, session_id, persist, text = (
            request.user,
            request.session_id,
            request.persist,
            start.text,
        )
        turn = TurnProgress(text, time.time())
        if persist and text and not start.resuming and self.pending is not None:
            await asyncio.to_thread(self._begin, user, session_id, turn)
        if on_started is not None:
            await on_started()
        try:
            async for event in self._graph_events(request, start, stream, turn):
                yield event
        except (asyncio.CancelledError, GeneratorExit):
            if persist and not turn.saved and text and self.sessions is not None:
                save_interrupted(self.sessions, user, session_id, turn)
            raise  # its thread is dropped by the session's next message
        finally:
            if persist and text:
                self._finish(user, session_id)
        if not stream.paused:
            await self._drop_thread(user, session_id)
        elif persist and text:
            await asyncio.to_thread(self._list_paused, user, session_id, text)

    async def _graph_events(
        self, request: TurnRequest, start: _TurnStart, stream: _TurnStream, turn: TurnProgress
    ) -> AsyncGenerator[Event]:
        """The graph's stream as SSE events; answer text passes the answer's filters."""
        async for mode, chunk in self.graph.astream(
            start.inputs,
            self.thread(request.user, request.session_id),
            context=start.context,
            stream_mode=STREAM_MODES,
            # checkpoints as `durability` says, when there is a saver
            durability=self.durability if self._saver is not None else None,
        ):
            if mode == "custom" and isinstance(chunk, TurnContext):
                self._take_context(request, chunk, stream)
                continue
            if mode == "custom" and isinstance(chunk, Answered):
                if rest := stream.answer.end(chunk.message):
                    yield TokenEvent(content=rest)
                continue
            updated = mode == "updates" and isinstance(chunk, dict)
            if updated and (rest := self._observe(chunk, stream, turn)):
                yield TokenEvent(content=rest)
            for event in to_events(mode, chunk, self.sanitizer):
                stream.paused = stream.paused or isinstance(event, ConfirmEvent)
                if isinstance(event, TokenEvent):
                    if passed := stream.answer.feed(event.content):
                        yield TokenEvent(content=passed)
                    continue
                yield event
        if rest := stream.answer.end():
            yield TokenEvent(content=rest)

    @staticmethod
    def _observe(chunk: dict[str, Any], stream: _TurnStream, turn: TurnProgress) -> str:
        """Take in a node's update: usage, progress; returns the rest of the agent's message the
        filters held back: nothing for a call (an answer's rest was shown at `Answered`)."""
        final = _final(chunk)
        rest = stream.answer.end(final) if isinstance(final, AIMessage) and final.tool_calls else ""
        turn.observe(chunk)
        stream.usage.add((chunk.get("agent") or {}).get("usage"))
        return rest

    def _take_context(self, request: TurnRequest, built: TurnContext, stream: _TurnStream) -> None:
        """What hydrate built, before the first model call streams: the instructions the
        answer's filters know, and the debug view of a persisted turn."""
        stream.answer.corpus = instruction_text(dict(built.sections))
        if request.persist:
            self._keep_context(request.user, request.session_id, built)

    async def _retake_point(
        self, user: str, session_id: str, retake: Retake | None
    ) -> str | _Resume:
        """Where a taken-over turn goes on: from its checkpoint (_Resume), `finished` when its
        graph had ended, `restart` when it had begun without a checkpoint yet; `new` for every
        other turn."""
        if retake is None or not retake.started:
            return "new"
        state = await self.graph.aget_state(self.thread(user, session_id))
        if not state.values:
            return "restart"
        if not state.next:
            return "finished"
        last = (state.values.get("messages") or [None])[-1]
        in_flight = "tools" in state.next and isinstance(last, AIMessage)
        maybe_ran = frozenset(str(c["id"]) for c in last.tool_calls) if in_flight else frozenset()
        return _Resume(maybe_ran, "agent" in state.next)

    def _begin(self, user: str, session_id: str, turn: TurnProgress) -> None:
        """Keep a turn whose replica died before finishing it, then mark this one in flight."""
        if self.pending is None:
            return
        abandoned = self.pending.take(user, session_id)
        if abandoned is not None and self.sessions is not None:
            save_interrupted(self.sessions, user, session_id, TurnProgress(*abandoned))
        self.pending.begin(user, session_id, turn.user_text, turn.started_at)

    def _list_paused(self, user: str, session_id: str, text: str) -> None:
        """A session whose first turn waits for a confirmation is listed now (titled, no turns
        yet), so it can be found and answered; the agent's post-processing fills it in when the
        turn ends."""
        if self.sessions is None or self.sessions.load(user, session_id) is not None:
            return
        title = self.sanitizer.redact(fallback_title(text))
        self.sessions.save(SessionRecord(id=session_id, user=user, title=title))

    def _finish(self, user: str, session_id: str) -> None:
        """Synchronous on purpose (it may run while being cancelled); a failure here only
        leaves a marker the next turn ignores, since the exchange itself was saved."""
        if self.pending is None:
            return
        try:
            self.pending.finish(user, session_id)
        except Exception as exc:
            log.warning("could not clear the in-flight marker: %r", exc)

    def outage(self, exc: BaseException) -> str | None:
        """The name of the shared server this error says is unreachable, or None."""
        return next((name for kind, name in self.outages.items() if isinstance(exc, kind)), None)

    def _failure_text(self, exc: Exception) -> str:
        server = self.outage(exc)
        if server is not None:
            return OUTAGE_MESSAGE.format(server=server)
        return FAILURE_MESSAGE.format(kind=type(exc).__name__)

    def _keep_context(self, user: str, session_id: str, built: TurnContext) -> None:
        """Debug view of what hydrate built: sections plus the message list's shape."""
        self.last_context.pop((user, session_id), None)
        while len(self.last_context) >= MAX_CONTEXTS:
            self.last_context.pop(next(iter(self.last_context)))
        self.last_context[(user, session_id)] = {
            "sections": dict(built.sections),
            "messages": [
                {"type": m.type, "content": self.sanitizer.redact(str(m.content))}
                for m in built.messages
            ],
        }


class _NothingToConfirmError(Exception):
    """A resume request whose confirmation id is not the one the session waits for."""


@dataclass(frozen=True)
class _Resume:
    maybe_ran: frozenset[str]
    """The tool calls that were in flight (the step that runs first)."""
    reruns_model: bool
    """The model call that was streaming runs again (its tokens so far are void)."""


class _AlreadyFinishedError(Exception):
    """A taken-over turn whose graph had already ended (and saved it)."""


def _age_s(created_at: str | None) -> float:
    """Seconds since a checkpoint's ISO timestamp (0 when it has none)."""
    if not created_at:
        return 0.0
    return time.time() - datetime.fromisoformat(created_at).timestamp()


def _final(update: dict[str, Any]) -> Any:
    """The message the agent node's update ends with (its answer or its tool calls)."""
    messages = (update.get("agent") or {}).get("messages") or []
    return messages[-1] if messages else None


def _failure_text(exc: OSError) -> str:
    if exc.errno in STORAGE_ERRNOS:
        return STORAGE_MESSAGE.format(reason=exc.strerror or type(exc).__name__)
    return FAILURE_MESSAGE.format(kind=type(exc).__name__)
