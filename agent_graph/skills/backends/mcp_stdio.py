"""The stdio transport of MCP skills, with the reply cap enforced while reading.

The SDK's `stdio_client` reads a server's line whole before anyone can look at its size, so a
server that writes an endless line fills the agent's memory until the call times out. This one
is the SDK's, the same process start and shutdown (its helpers), but it reads bytes and stops at
`LINE_LIMIT`: the session then ends, the call fails, `McpPool` reports the reply as too large and
the server is stopped when the connection is dropped.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import anyio
import anyio.lowlevel
from mcp import StdioServerParameters
from mcp.client import stdio as sdk
from mcp.client._transport import TransportStreams
from mcp.shared.message import SessionMessage

from agent_graph.skills.isolation.reply_limits import MAX_REPLY_BYTES

LINE_LIMIT = 2 * MAX_REPLY_BYTES + 65_536
"""A tool result may travel twice in its message (as text and as `structuredContent`), plus the
JSON-RPC envelope; `checked_value` still holds the value itself to MAX_REPLY_BYTES."""


@asynccontextmanager
async def capped_stdio_client(
    server: StdioServerParameters, overflowed: Callable[[], None], limit: int = LINE_LIMIT
) -> AsyncIterator[TransportStreams]:
    """`mcp.client.stdio.stdio_client`, reading at most `limit` bytes of one line: past it,
    `overflowed()` is called and the read side closes (no more of the line is kept)."""
    process = await sdk._create_platform_compatible_process(
        command=server.command,
        args=server.args,
        env=sdk.get_default_environment() | (server.env or {}),
        errlog=sys.stderr,
        cwd=server.cwd,
    )
    reader_in, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, writer_out = anyio.create_memory_object_stream[SessionMessage](0)
    writer_done = anyio.Event()

    async def stdout_reader() -> None:
        assert process.stdout is not None
        try:
            async with reader_in:  # closed first: the session ends even if the line never does
                await _read_lines(process.stdout, reader_in, server.encoding, limit, overflowed)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, ConnectionError):
            pass  # the session or the shutdown closed a stream under the read
        finally:
            await sdk._drain_stdout(process)  # discards the rest until the server is stopped

    async def stdin_writer() -> None:
        assert process.stdin is not None
        try:
            async with writer_out:
                async for message in writer_out:
                    line = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                    await process.stdin.send((line + "\n").encode(server.encoding))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            await reader_in.aclose()
        finally:
            writer_done.set()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(stdout_reader)
        tasks.start_soon(stdin_writer)
        try:
            yield read_stream, write_stream
        finally:
            with anyio.CancelScope(shield=True):
                read_stream.close()
                write_stream.close()
                with anyio.move_on_after(0.5):
                    await writer_done.wait()
                await sdk._stop_server_process(process)
                await sdk._aclose_all(read_stream, write_stream, reader_in, writer_out)
            tasks.cancel_scope.cancel()


async def _read_lines(
    stdout: anyio.abc.ByteReceiveStream,
    sink: anyio.abc.ObjectSendStream[SessionMessage | Exception],
    encoding: str,
    limit: int,
    overflowed: Callable[[], None],
) -> None:
    """Send each complete line on; stop (and say so) when one grows past `limit` bytes."""
    buffer = bytearray()
    while True:
        try:
            buffer += await stdout.receive()
        except anyio.EndOfStream:
            return
        while (end := buffer.find(b"\n")) >= 0:
            line = bytes(buffer[:end]).decode(encoding, errors="replace")
            del buffer[: end + 1]
            await sink.send(sdk._parse_line(line))
        if len(buffer) > limit:
            overflowed()
            return
