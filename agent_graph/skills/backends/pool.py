"""ContainerPool: pre-warmed workers of one skill; no state bleeds from one call to the next.

A call checks a worker out of an asyncio.Queue and posts to it under a timeout. A fork-server
worker (it says `"isolation": "fork"` on /health) serves every call from a freshly forked child,
so it goes straight back to the queue; it is replaced only when it crashed or hung, or after
`max_calls` calls. Any other worker is destroyed after each call and a fresh one started in the
background, as is every worker after an error it could not answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import httpx
from opentelemetry import trace

from agent_graph.skills.backends.backend import WorkerBackend, WorkerHandle
from agent_graph.skills.backends.oneshot import post_json
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.isolation.reply_limits import (
    MAX_REPLY_BYTES,
    TOO_LARGE,
    ReplyLimitError,
    parsed_reply,
)
from agent_graph.skills.model.failures import Failure
from agent_graph.skills.model.manifest import SkillSpec
from agent_graph.telemetry.tool_calls import trace_headers

log = logging.getLogger(__name__)

READY_POLL_S = 0.02
QUEUE_TIMEOUT_S = 30.0
MAX_RESPAWN_ATTEMPTS = 5
DEFAULT_MAX_CALLS = 1000
FORK_SLOTS = 4
"""Concurrent calls one fork worker takes: two children wait in accept(), more connections wait
in the listen backlog the few milliseconds until the zygote has forked the next spare."""
PORT_ATTEMPTS = 3
"""A port found free can be taken before the worker binds it (an outgoing connection's ephemeral
port, another program): a worker that says so is started again on the next port."""
PORT_TAKEN = "Address already in use"  # strerror(EADDRINUSE), whatever the skill's language


def _answers_as(response: httpx.Response, worker: WorkerHandle) -> bool:
    """True when /health comes from this worker (its nonce), not another process on the port;
    records the isolation the worker announces."""
    try:
        body = response.json()
        announced = body.get("isolation")
        echoed = body.get("worker")
    except (ValueError, AttributeError):
        return not worker.nonce
    if worker.nonce and echoed != worker.nonce:
        return False
    worker.isolation = "fork" if announced == "fork" else "restart"
    return True


class SkillCallError(Exception):
    """A tool call that failed (timeout, crashed worker, error status); the text is for the model,
    `failure` its kind (a person reads only that) and `status` the skill's error status, if any.

    `answered` is True when the worker itself replied with an error status: it is still sound."""

    def __init__(
        self,
        message: str,
        failure: Failure,
        answered: bool = False,
        reached: bool = True,
        status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.failure = failure
        self.answered = answered
        self.reached = reached
        self.status = status


def failure_of(status: int) -> Failure:
    """The kind of failure a skill's error status says."""
    return {404: Failure.NOT_FOUND, 400: Failure.INVALID, 422: Failure.INVALID}.get(
        status, Failure.FAILED
    )


class PoolStartError(Exception):
    """No worker of the skill became ready."""


class ContainerPool:
    """`spec.pool_size` ready workers of one skill behind a queue."""

    def __init__(
        self,
        spec: SkillSpec,
        backend: WorkerBackend,
        ports: PortAllocator,
        ready_timeout_s: float = 30.0,
        queue_timeout_s: float = QUEUE_TIMEOUT_S,
        max_calls: int = DEFAULT_MAX_CALLS,
    ) -> None:
        self.spec = spec
        self.backend = backend
        self.ports = ports
        self.ready_timeout_s = ready_timeout_s
        self.queue_timeout_s = max(queue_timeout_s, spec.timeout_s)
        self._queue: asyncio.Queue[WorkerHandle] = asyncio.Queue()
        self._busy: set[WorkerHandle] = set()
        self._queued: set[WorkerHandle] = set()
        self._waiting = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._live: set[WorkerHandle] = set()
        """Every worker started and not yet destroyed, whatever it is doing: `close` destroys
        them all, also one whose replacement the closing cancelled before or while it ran (that
        left its scratch folder behind and its process unreaped)."""
        self._client = httpx.AsyncClient(timeout=httpx.Timeout(spec.timeout_s, connect=2.0))
        self._closed = False
        self.max_calls = max_calls
        self.last_error: str | None = None
        """The last failure (a worker that crashed, hung or never got ready), for /health."""
        self.isolation = "unknown"
        """What the latest ready worker announced: "fork" or "restart"."""

    @property
    def ready_count(self) -> int:
        """Workers that would take a call now."""
        return len(self._queued)

    @property
    def size(self) -> int:
        return self.spec.pool_size

    async def start(self) -> None:
        """Adopt healthy leftovers (docker), then fill up to pool_size and wait until ready."""
        adopted = 0
        for worker in await self.backend.adopt(self.spec):
            self.ports.claim(worker.port)
            self._live.add(worker)
            if adopted < self.size and await self._wait_ready(worker, timeout_s=2.0):
                self._offer(worker)
                adopted += 1
            else:
                await self._destroy(worker)
        results = await asyncio.gather(
            *(self._spawn() for _ in range(self.size - adopted)), return_exceptions=True
        )
        for result in results:
            if isinstance(result, BaseException):
                log.warning("skill %s: a worker failed to start: %s", self.spec.name, result)
            else:
                self._offer(result)
        if self._queue.empty():
            raise PoolStartError(self.last_error or f"skill {self.spec.name}: no worker is ready")

    async def get_json(self, path: str) -> Any:
        """GET a read-only endpoint (e.g. /schema) from a ready worker without recycling it."""
        worker = await self._checkout()
        try:
            response = await self._client.get(f"{worker.base_url}{path}")
            response.raise_for_status()
            return response.json()
        finally:
            self._offer(worker)

    async def call(self, tool: str, params: dict[str, Any]) -> Any:
        """Run one tool call in a clean process; raise SkillCallError with a readable message."""
        request = {"tool": tool, "params": params}
        return await self._call(f"{self.spec.name}.{tool}", "/execute", request)

    async def run_job(self, body: dict[str, Any]) -> Any:
        """Run one job (`POST /job`, docs/jobs.md) in a clean process, as a tool call runs."""
        return await self._call(f"{self.spec.name}.{body.get('job')}", "/job", body)

    async def _call(self, name: str, path: str, request: dict[str, Any]) -> Any:
        try:
            return await self._call_once(name, path, request)
        except SkillCallError as exc:
            if exc.reached:
                raise
        # the worker had died since it was checked (its port refused): the call never reached
        # it, so the next worker takes it
        return await self._call_once(name, path, request)

    async def _call_once(self, name: str, path: str, request: dict[str, Any]) -> Any:
        worker = await self._checkout()
        worker.in_flight += 1
        self._busy.add(worker)
        if worker.isolation == "fork" and worker.in_flight < FORK_SLOTS:
            self._offer(worker)  # its zygote has another child ready for a concurrent call
        sound = False
        trace.get_current_span().set_attribute("propsearch.skill.worker", worker.base_url)
        try:
            result = await self._post(worker, name, path, request)
            sound = True
            return result
        except SkillCallError as exc:
            sound = exc.answered
            if not sound:
                self.last_error = str(exc)
            raise
        finally:
            worker.in_flight -= 1
            if not worker.in_flight:
                self._busy.discard(worker)
            worker.calls += 1
            if sound and self._reusable(worker):
                self._offer(worker)
            else:
                # a failed call of a fork worker took only its own child down: the calls other
                # children serve finish first (a hung child dies with its zygote after them)
                self._retire(worker, at_once=not sound and worker.isolation != "fork")

    def _reusable(self, worker: WorkerHandle) -> bool:
        if worker.retired or worker.calls >= self.max_calls:
            return False
        return worker.isolation == "fork" or not self.spec.recycle

    def _offer(self, worker: WorkerHandle) -> None:
        """Put a worker in line for the next call (once, however many slots it has free)."""
        if not worker.retired and worker not in self._queued:
            self._queued.add(worker)
            self._queue.put_nowait(worker)

    def _retire(self, worker: WorkerHandle, at_once: bool) -> None:
        """No new calls for this worker; replace it now (it failed) or once its calls are done."""
        worker.retired = True
        self._queued.discard(worker)
        if (at_once or not worker.in_flight) and not worker.replaced:
            worker.replaced = True
            self._background(self._replace(worker))

    async def close(self) -> None:
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.gather(*(self._destroy(w) for w in set(self._live)), return_exceptions=True)
        await self._client.aclose()

    async def _checkout(self) -> WorkerHandle:
        """A ready worker, first come first served. While workers are busy or being recycled a
        burst queues for up to `queue_timeout_s` (they will come back); with none in flight the
        pool is broken and the call fails after `timeout_s`."""
        limit = self.queue_timeout_s if self._in_flux else self.spec.timeout_s
        deadline = time.monotonic() + limit
        self._waiting += 1
        try:
            return await self._next_live_worker(deadline, limit)
        finally:
            self._waiting -= 1

    async def _next_live_worker(self, deadline: float, limit: float) -> WorkerHandle:
        while True:
            # one uninterrupted wait per worker keeps this caller's place in the FIFO line
            remaining = max(deadline - time.monotonic(), 0.001)
            try:
                worker = await asyncio.wait_for(self._queue.get(), timeout=remaining)
            except TimeoutError:
                raise SkillCallError(
                    f"skill {self.spec.name} is busy: no worker free within {limit:g}s",
                    Failure.BUSY,
                ) from None
            self._queued.discard(worker)
            if worker.retired:  # a leftover place in line of a worker being replaced
                continue
            if await self.backend.is_alive(worker):
                return worker
            self._retire(worker, at_once=True)  # died while idle

    @property
    def _in_flux(self) -> bool:
        """Workers are out on calls, being replaced or promised to earlier callers: one will be
        back in the queue soon."""
        return bool(self._busy or self._tasks or self._waiting)

    async def _post(
        self, worker: WorkerHandle, name: str, path: str, request: dict[str, Any]
    ) -> Any:
        try:
            status, raw = await asyncio.wait_for(
                self._send(worker, path, request), timeout=self.spec.timeout_s
            )
        except TimeoutError:
            raise SkillCallError(
                f"{name} timed out after {self.spec.timeout_s:g}s", Failure.TIMED_OUT
            ) from None
        except ReplyLimitError:
            too_large = TOO_LARGE.format(name=name, limit=MAX_REPLY_BYTES)
            raise SkillCallError(too_large, Failure.BAD_REPLY) from None
        except (httpx.HTTPError, OSError) as exc:
            refused = isinstance(exc, (ConnectionRefusedError, httpx.ConnectError))
            raise SkillCallError(
                f"{name} failed: the worker stopped answering ({exc!r})",
                Failure.CRASHED,
                reached=not refused,
            ) from None
        try:
            body = parsed_reply(name, raw)
        except ReplyLimitError as exc:
            raise SkillCallError(str(exc), Failure.BAD_REPLY, answered=True) from None
        if status >= 400 or not isinstance(body, dict):
            message = body.get("error") if isinstance(body, dict) else None
            text = f"{name} failed ({status}): {message or body}"
            raise SkillCallError(text, failure_of(status), answered=True, status=status)
        if "result" not in body:
            raise SkillCallError(f"{name} returned no result", Failure.BAD_REPLY)
        return body["result"]

    async def _send(
        self, worker: WorkerHandle, path: str, request: dict[str, Any]
    ) -> tuple[int, bytes]:
        """POST `path` (/execute, /job): one bare connection to a fork worker (its child answers once and
        exits), httpx with keep-alive to any other. Either way the reply is read in chunks and
        the read stops past MAX_REPLY_BYTES (ReplyLimitError): never buffered whole first."""
        headers = trace_headers()  # a skill that traces joins the turn's trace
        if worker.isolation == "fork":
            return await post_json(worker.base_url, path, request, headers)
        url = f"{worker.base_url}{path}"
        async with self._client.stream("POST", url, json=request, headers=headers) as response:
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > MAX_REPLY_BYTES:
                    raise ReplyLimitError(TOO_LARGE.format(name=url, limit=MAX_REPLY_BYTES))
            return response.status_code, bytes(body)

    async def _spawn(self) -> WorkerHandle:
        for _ in range(PORT_ATTEMPTS):
            worker, tail = await self._start_one()
            if worker is not None:
                return worker
            if not any(PORT_TAKEN in line for line in tail):
                break
            log.info("skill %s: its port was taken before it bound; another", self.spec.name)
        raise PoolStartError(self.last_error)

    async def _start_one(self) -> tuple[WorkerHandle | None, list[str]]:
        """A ready worker on a fresh port, or None and the last lines of its output."""
        port = self.ports.acquire()
        try:
            worker = await self.backend.start(self.spec, port)
        except BaseException:
            self.ports.release(port)
            raise
        self._live.add(worker)
        try:
            ready = await self._wait_ready(worker, timeout_s=self.ready_timeout_s)
        except BaseException:  # cancelled (the pool is closing): never leave it behind
            await self._destroy(worker)
            raise
        if ready:
            return worker, []
        tail = await self.backend.output_tail(worker)
        await self._destroy(worker)
        quoted = "\n".join(f"    {line}" for line in tail) or "    (no output)"
        self.last_error = (
            f"skill {self.spec.name}: worker on port {port} never got ready; "
            f"its last output:\n{quoted}"
        )
        return None, tail

    async def _wait_ready(self, worker: WorkerHandle, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not await self.backend.is_alive(worker):
                return False
            with contextlib.suppress(httpx.HTTPError):
                response = await self._client.get(f"{worker.base_url}/health", timeout=1.0)
                if response.status_code == 200 and _answers_as(response, worker):
                    self.isolation = worker.isolation
                    return True
            await asyncio.sleep(READY_POLL_S)
        return False

    async def _destroy(self, worker: WorkerHandle) -> None:
        try:
            await self.backend.stop(worker)
            self._live.discard(worker)  # not when cancelled half-way: `close` finishes it
        finally:
            self.ports.release(worker.port)

    async def _replace(self, worker: WorkerHandle) -> None:
        await self._destroy(worker)
        for attempt in range(MAX_RESPAWN_ATTEMPTS):
            if self._closed:
                return
            try:
                self._offer(await self._spawn())
                return
            except Exception as exc:
                log.warning("skill %s: respawn failed (%s), retrying", self.spec.name, exc)
                await asyncio.sleep(0.2 * 2**attempt)
        log.error("skill %s: gave up replacing a worker", self.spec.name)

    def _background(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
