"""The tiny HTTP runtime every Python skill server shares (stdlib only, starts in milliseconds).

A skill calls `serve(schema, handlers)`. It answers:
  GET  /health   -> {"ok": true, "worker": WORKER_NONCE, "isolation": "fork" | "restart"}
  GET  /schema   -> {"system_prompt": str, "tools": [OpenAI function definitions]}
  POST /execute  {"tool": str, "params": {...}} -> {"result": ...}
  POST /job      {"job": str, "run_id": str, "args": {...}, "trigger": ..., "users": [...]}
                 -> {"result": {...}}   (only with `serve(..., jobs={name: fn})`; docs/jobs.md)
Errors are JSON bodies {"error": message} with a 4xx/5xx status, readable by the model.
The port comes from the PORT environment variable (default 8080), the host from HOST; a socket
the launcher opened (fd 3 with LISTEN_FDS=1: a worker in a network namespace of its own) wins.

WORKER_ISOLATION selects how calls are kept apart:
- `fork` (default where os.fork exists): this process is a zygote. It has imported the skill and
  loaded its data once; every connection is served by a freshly forked child that answers one
  request and exits, so globals, temp files, the working directory and environment changes of
  one call are gone for the next. Spare children are forked ahead, blocked in accept(), so a
  call never waits for a fork. Each child gets a private TMPDIR that is removed after it.
- `restart`: one threaded server; the pool replaces the whole process after every call.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import json
import os
import select
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MAX_BODY_BYTES = 1_000_000
SPARE_CHILDREN = 2
PR_SET_PDEATHSIG = 1

Handler = Callable[[dict[str, Any]], Any]


class ToolError(Exception):
    """An error the model should read; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def die_with_parent(expected_parent: int) -> None:
    """Be killed when the parent process dies (Linux), and leave now if it already has."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != expected_parent:
        os._exit(0)


def isolation_mode() -> str:
    wanted = os.environ.get("WORKER_ISOLATION", "fork")
    return "fork" if wanted == "fork" and hasattr(os, "fork") else "restart"


class _NoSuchCall(Exception):
    """A tool or job this skill does not have (404)."""


def _read_request(handler: BaseHTTPRequestHandler) -> dict[str, Any]:
    """The JSON object a POST carries; ValueError when it is too large or not an object."""
    length = int(handler.headers.get("Content-Length") or 0)
    if length > MAX_BODY_BYTES:
        raise OverflowError("request body too large")
    request = json.loads(handler.rfile.read(length) or b"{}")
    if not isinstance(request, dict):
        raise ValueError("the body must be a JSON object")
    return request


def _route_call(
    path: str, request: dict[str, Any], handlers: Mapping[str, Handler], jobs: Mapping[str, Handler]
) -> tuple[Handler, dict[str, Any], str]:
    """(function, its argument, its name) for `/execute` (a tool's params) or `/job` (the whole
    body); _NoSuchCall when there is none, TypeError/KeyError for a malformed request."""
    if path == "/job":
        name = request["job"]
        if name not in jobs:
            raise _NoSuchCall(f"unknown job {name!r}; known: {sorted(jobs)}")
        return jobs[name], request, str(name)
    tool, params = request["tool"], request.get("params") or {}
    if not isinstance(params, dict):
        raise TypeError("params must be an object")
    if tool not in handlers:
        raise _NoSuchCall(f"unknown tool {tool!r}; known: {sorted(handlers)}")
    return handlers[tool], params, str(tool)


class SkillRequestHandler(BaseHTTPRequestHandler):
    """The worker's HTTP surface: GET /health and /schema, POST /execute (a tool) and /job.
    `_make_handler` makes a subclass that holds one skill's schema, functions and isolation."""

    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; without TCP_NODELAY the client waits ~40 ms
    # for each reply (Nagle's algorithm meeting delayed ACKs).
    disable_nagle_algorithm = True
    schema: Mapping[str, Any] = {}
    handlers: Mapping[str, Handler] = {}
    jobs: Mapping[str, Handler] = {}
    isolation = "restart"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: no access log
        return

    def _send(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if self.isolation == "fork":  # a forked child answers one request, then exits
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        if self.path == "/health":
            nonce = os.environ.get("WORKER_NONCE", "")
            self._send(200, {"ok": True, "worker": nonce, "isolation": self.isolation})
        elif self.path == "/schema":
            self._send(200, dict(self.schema))
        else:
            self._send(404, {"error": f"no route {self.path}"})

    def do_POST(self) -> None:
        self._send(*self._answer())

    def _answer(self) -> tuple[int, Any]:
        """(status, body) of a POST: the call's result, or why there is none."""
        if self.path not in ("/execute", "/job"):
            return 404, {"error": f"no route {self.path}"}
        try:
            request = _read_request(self)
            function, argument, name = _route_call(self.path, request, self.handlers, self.jobs)
        except OverflowError as exc:
            return 413, {"error": str(exc)}
        except _NoSuchCall as exc:
            return 404, {"error": str(exc)}
        except (ValueError, TypeError, KeyError) as exc:
            return 400, {"error": f"malformed request: {exc}"}
        return _called(function, argument, name)


def _called(function: Handler, argument: dict[str, Any], name: str) -> tuple[int, Any]:
    """(status, body) of one tool or job call: a ToolError keeps its status; any other failure
    is a readable message for the model, and the worker lives on."""
    try:
        return 200, {"result": function(argument)}
    except ToolError as exc:
        return exc.status, {"error": str(exc)}
    except Exception as exc:
        return 500, {"error": f"{name} failed: {type(exc).__name__}: {exc}"}


def _make_handler(
    schema: Mapping[str, Any],
    handlers: Mapping[str, Handler],
    isolation: str,
    jobs: Mapping[str, Handler] | None = None,
) -> type[BaseHTTPRequestHandler]:
    """The request handler class of one skill's worker."""
    held = {"schema": schema, "handlers": handlers, "jobs": jobs or {}, "isolation": isolation}
    return type("SkillRequestHandler", (SkillRequestHandler,), held)


class ForkServer:
    """A zygote: keeps `SPARE_CHILDREN` forked children blocked in accept() on one socket."""

    def __init__(
        self,
        listener: socket.socket,
        handler: type[BaseHTTPRequestHandler],
        prewarm: Callable[[], object] | None = None,
        refresh: Callable[[], object] | None = None,
    ) -> None:
        self.listener = listener
        self.handler = handler
        self.prewarm = prewarm
        self.refresh = refresh
        self.parent = os.getppid()
        self.pid = os.getpid()
        self.tmp_root = os.environ.get("WORKER_TMPDIR") or tempfile.mkdtemp(prefix="skill-calls-")
        self.spares: set[int] = set()
        self.children: set[int] = set()
        self.accepted_r, self.accepted_w = os.pipe()

    def warm(self) -> None:
        """Run the request path without a client: in the zygote, lazy imports and caches are
        filled once for every child; in a spare child, the pages a call touches are copied
        before it accepts, so the call itself meets few copy-on-write faults."""
        if self.prewarm is not None:
            self.prewarm()
        for request in (
            b"GET /health HTTP/1.1\r\nHost: w\r\n\r\n",
            b"POST /execute HTTP/1.1\r\nHost: w\r\nContent-Type: application/json\r\n"
            b'Content-Length: 26\r\n\r\n{"tool": "", "params": {}}',
        ):
            ours, theirs = socket.socketpair()
            with ours, theirs:
                ours.sendall(request)
                ours.shutdown(socket.SHUT_WR)
                with contextlib.suppress(OSError):
                    self.handler(theirs, ("127.0.0.1", 0), None)  # type: ignore[arg-type]

    def serve_forever(self) -> None:
        self.warm()
        gc.collect()
        gc.freeze()  # children share the loaded data instead of copying pages gc would touch
        try:
            while os.getppid() == self.parent:
                while len(self.spares) < SPARE_CHILDREN:
                    if self.refresh is not None:  # data changed since: children inherit it
                        with contextlib.suppress(Exception):  # a call then reports the error
                            self.refresh()
                    self._fork_spare()
                readable, _, _ = select.select([self.accepted_r], [], [], 0.2)
                if readable:
                    for chunk in _pids(os.read(self.accepted_r, 4096)):
                        self.spares.discard(chunk)
                self._reap()
        finally:
            for pid in self.children:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            shutil.rmtree(self.tmp_root, ignore_errors=True)

    def _fork_spare(self) -> None:
        pid = os.fork()
        if pid == 0:
            self._child()
        self.spares.add(pid)
        self.children.add(pid)

    def _reap(self) -> None:
        while self.children:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            self.children.discard(pid)
            self.spares.discard(pid)
            shutil.rmtree(os.path.join(self.tmp_root, str(pid)), ignore_errors=True)

    def _child(self) -> None:
        """Serve one connection, then exit; never returns."""
        status = 0
        try:
            die_with_parent(self.pid)
            gc.disable()  # a short life: a collection would only copy shared pages
            os.close(self.accepted_r)
            self.warm()  # copy-on-write faults of the request path now, before a call waits
            conn, address = self.listener.accept()
            self.listener.close()
            calls_tmp = os.path.join(self.tmp_root, str(os.getpid()))
            os.mkdir(calls_tmp, 0o700)
            os.environ["TMPDIR"] = tempfile.tempdir = calls_tmp
            try:
                self.handler(conn, address, None)  # type: ignore[arg-type]
            finally:
                # the temp folder goes before the client sees the end of the reply, so the
                # next call can never find it
                shutil.rmtree(calls_tmp, ignore_errors=True)
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
                conn.close()
                os.write(self.accepted_w, os.getpid().to_bytes(4, "little"))  # fork a spare now
        except BaseException:  # a child must never return into the zygote loop
            status = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)


def _pids(data: bytes) -> list[int]:
    return [int.from_bytes(data[i : i + 4], "little") for i in range(0, len(data) - 3, 4)]


def serve(
    schema: Mapping[str, Any],
    handlers: Mapping[str, Handler],
    prewarm: Callable[[], object] | None = None,
    jobs: Mapping[str, Handler] | None = None,
    refresh: Callable[[], object] | None = None,
) -> None:
    """Serve the skill until the process (or, for a fork server, its parent) is killed.

    `jobs` maps the job names its SKILL.md declares to functions that take the whole `POST /job`
    body and return the result (docs/jobs.md); they run in a fresh child as tool calls do.
    `prewarm`, optional and free of side effects (e.g. one typical read-only call), runs in the
    zygote before the first fork and in every spare child before it accepts a call.
    `refresh`, optional and cheap, runs in the zygote before each fork: a skill whose data can
    change between calls (an applied update) catches up once there, not in every child."""
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8080"))
    isolation = isolation_mode()
    handler = _make_handler(schema, handlers, isolation, jobs)
    print(f"skill listening on {host}:{port} ({isolation})", file=sys.stderr, flush=True)
    listener = inherited_listener()
    if isolation == "restart":
        server = ThreadingHTTPServer((host, port), handler, bind_and_activate=listener is None)
        if listener is not None:
            server.socket.close()
            server.socket = listener
        server.serve_forever()
        return
    if listener is None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
    ForkServer(listener, handler, prewarm, refresh).serve_forever()


def inherited_listener() -> socket.socket | None:
    """The listening socket the launcher opened for this worker (fd 3, LISTEN_FDS=1: it runs in
    a network namespace of its own, where it could not bind a port the pool reaches), else None."""
    if os.environ.pop("LISTEN_FDS", "") != "1" or os.environ.pop("LISTEN_PID", "") != str(
        os.getpid()
    ):
        return None
    return socket.socket(fileno=3)
