"""McpPool: an MCP server (stdio command or streamable-HTTP URL) used as a skill.

The registry treats it like a ContainerPool: `start()`, `get_json("/schema")`, `call(tool,
params)`, `close()`. Tools come from the server's `list_tools`, renamed `<namespace>_<tool>` so
they never collide with other skills' tools, and carry the `x-propsearch` metadata SKILL.md gives
under `mcp.tools` (MCP servers don't speak it). One connection serves every call; a call that
fails, hangs or finds the server gone becomes a SkillCallError (a readable tool error) and the
next call reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import sys
from typing import Any

from mcp import Client, StdioServerParameters

from agent_graph.skills.backends.mcp_stdio import capped_stdio_client
from agent_graph.skills.backends.pool import PoolStartError, SkillCallError
from agent_graph.skills.backends.process import LAUNCHER, RUNTIME_DIR, skill_argv
from agent_graph.skills.isolation.privileges import MEMORY_VAR
from agent_graph.skills.isolation.reply_limits import (
    MAX_REPLY_BYTES,
    TOO_LARGE,
    ReplyLimitError,
    checked_value,
)
from agent_graph.skills.isolation.sandbox import available as sandbox_available
from agent_graph.skills.isolation.sandbox import sandbox_env
from agent_graph.skills.model.failures import Failure
from agent_graph.skills.model.manifest import SkillSpec, memory_bytes

log = logging.getLogger(__name__)

START_TIMEOUT_S = 20.0
CLOSE_TIMEOUT_S = 5.0
_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]")


class McpPool:
    """One MCP server connection of one skill; reconnects after a failed call."""

    def __init__(self, spec: SkillSpec, start_timeout_s: float = START_TIMEOUT_S) -> None:
        self.spec = spec
        self.last_error: str | None = None
        """The last failed call's message, for the admin view of GET /health."""
        self.config: dict[str, Any] = dict(spec.mcp)
        self.start_timeout_s = start_timeout_s
        self.namespace = str(self.config.get("namespace") or spec.name)
        self._client: Client | None = None
        self._owner: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()
        self._names: dict[str, str] = {}  # exposed tool name -> the server's name
        self._schema: dict[str, Any] = {}
        self._overflowed = False
        """The stdio server's last line grew past the cap (mcp_stdio.py): the call's failure."""

    @property
    def ready_count(self) -> int:
        return 1 if self._client is not None else 0

    @property
    def size(self) -> int:
        return 1

    async def start(self) -> None:
        """Connect and discover the tools; PoolStartError with the reason when that fails."""
        client = await self._connect()
        listed = await asyncio.wait_for(client.list_tools(), self.start_timeout_s)
        meta = self.config.get("tools") or {}
        tools = []
        for tool in listed.tools:
            exposed = _UNSAFE.sub("_", f"{self.namespace}_{tool.name}")[:64]
            self._names[exposed] = tool.name
            entry: dict[str, Any] = {
                "type": "function",
                "function": {
                    "name": exposed,
                    "description": tool.description or tool.title or tool.name,
                    "parameters": tool.input_schema or {"type": "object", "properties": {}},
                },
            }
            # MCP's own hints say whether a call may run twice (both default to false)
            hints = tool.annotations
            said = bool(hints and (hints.read_only_hint or hints.idempotent_hint))
            entry["x-propsearch"] = {"idempotent": said}
            if isinstance(meta.get(tool.name), dict):
                # an MCP server's results never write memory: no `writes` is taken from SKILL.md
                declared = {k: v for k, v in meta[tool.name].items() if k != "writes"}
                entry["x-propsearch"].update(declared)
            tools.append(entry)
        self._schema = {"system_prompt": str(self.config.get("system_prompt", "")), "tools": tools}

    async def get_json(self, path: str) -> Any:
        if path != "/schema":
            raise SkillCallError(
                f"skill {self.spec.name} is an MCP server: no {path}", Failure.UNAVAILABLE
            )
        return self._schema

    isolation = "mcp"
    """One long-lived connection per skill: the MCP server keeps its own state between calls."""

    async def call(self, tool: str, params: dict[str, Any]) -> Any:
        """`tools/call` under the skill's timeout; any failure is a SkillCallError."""
        try:
            return await self._call(tool, params)
        except SkillCallError as exc:
            self.last_error = str(exc)
            raise

    async def _call(self, tool: str, params: dict[str, Any]) -> Any:
        name = f"{self.spec.name}.{tool}"
        server_tool = self._names.get(tool, tool)
        try:
            client = await self._connect()
            result = await asyncio.wait_for(
                client.call_tool(server_tool, params), timeout=self.spec.timeout_s
            )
        except PoolStartError as exc:
            raise SkillCallError(f"{name} failed: {exc}", Failure.CRASHED) from None
        except TimeoutError:
            await self._disconnect()
            raise SkillCallError(
                f"{name} timed out after {self.spec.timeout_s:g}s", Failure.TIMED_OUT
            ) from None
        except Exception as exc:  # the server died or broke the protocol
            await self._disconnect()
            if self._overflowed:
                too_large = TOO_LARGE.format(name=name, limit=MAX_REPLY_BYTES)
                raise SkillCallError(too_large, Failure.BAD_REPLY) from None
            raise SkillCallError(
                f"{name} failed: the MCP server stopped answering ({exc})", Failure.CRASHED
            ) from None
        text = "\n".join(getattr(c, "text", f"[{c.type} content]") for c in result.content)
        if result.is_error:
            said = text or "the MCP server reported an error"
            raise SkillCallError(f"{name} failed: {said}", Failure.FAILED)
        value: Any = text
        if isinstance(result.structured_content, dict):
            value = result.structured_content
        else:
            with contextlib.suppress(ValueError, RecursionError):
                value = json.loads(text)
        try:
            return checked_value(name, value)
        except ReplyLimitError as exc:
            raise SkillCallError(str(exc), Failure.BAD_REPLY) from None

    async def close(self) -> None:
        await self._disconnect()

    def _server(self) -> StdioServerParameters | str:
        if self.config.get("url"):
            return str(self.config["url"])
        argv = skill_argv(self.spec.folder, tuple(str(p) for p in self.config["command"]))
        env = dict(self.spec.env)
        if sandbox_available():  # confined like a process worker, through the same launcher
            runtime, ports = RUNTIME_DIR / "skill_runtime.py", (None, self.spec.outbound_ports)
            env.update(sandbox_env(self.spec.folder, argv, None, runtime, ports))
            env[MEMORY_VAR] = str(memory_bytes(self.spec))
            argv = [sys.executable, "-I", "-S", str(LAUNCHER), str(os.getpid()), *argv]
        return StdioServerParameters(command=argv[0], args=argv[1:], env=env, cwd=self.spec.folder)

    async def _connect(self) -> Client:
        """The live client, connecting first when there is none (one connect at a time)."""
        async with self._lock:
            if self._client is not None and self._owner is not None and not self._owner.done():
                return self._client
            self._stop = asyncio.Event()
            ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
            # read by _connect unless it gave up first; mark the outcome seen either way
            ready.add_done_callback(lambda f: f.cancelled() or f.exception())
            self._owner = asyncio.create_task(self._hold(ready))
            try:
                self._client = await asyncio.wait_for(asyncio.shield(ready), self.start_timeout_s)
            except Exception as exc:
                await self._disconnect_unlocked()
                reason = "timed out" if isinstance(exc, TimeoutError) else f"{exc!r}"
                raise PoolStartError(
                    f"MCP server of skill {self.spec.name} did not start: {reason}"
                ) from None
            return self._client

    async def _hold(self, ready: asyncio.Future[Client]) -> None:
        """Own the connection in one task (anyio scopes must exit where they were entered)."""
        try:
            server = await asyncio.to_thread(self._server)  # resolves paths: off the loop
            self._overflowed = False
            transport: Any = server
            if isinstance(server, StdioServerParameters):  # its replies capped while read
                transport = capped_stdio_client(server, self._overflow)
            async with Client(transport) as client:
                ready.set_result(client)
                await self._stop.wait()
        except BaseException as exc:
            if not ready.done():
                if isinstance(exc, Exception):
                    ready.set_exception(exc)
                else:
                    ready.cancel()
            elif not isinstance(exc, asyncio.CancelledError):
                log.warning("skill %s: MCP connection ended: %r", self.spec.name, exc)
            if isinstance(exc, asyncio.CancelledError):
                raise

    def _overflow(self) -> None:
        self._overflowed = True

    async def _disconnect(self) -> None:
        async with self._lock:
            await self._disconnect_unlocked()

    async def _disconnect_unlocked(self) -> None:
        """Close a live connection politely (bounded); cancel one that never got ready."""
        connected, self._client = self._client is not None, None
        owner, self._owner = self._owner, None
        if owner is None:
            return
        self._stop.set()
        if connected:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(owner), CLOSE_TIMEOUT_S)
        owner.cancel()
        with contextlib.suppress(BaseException):
            await owner
