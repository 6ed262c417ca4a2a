"""The tiny HTTP runtime every skill server shares (stdlib only, starts in milliseconds).

A skill calls `serve(schema, handlers)`. It answers:
  GET  /health   -> {"ok": true, "worker": WORKER_NONCE} (the pool checks it is its worker)
  GET  /schema   -> {"system_prompt": str, "tools": [OpenAI function definitions]}
  POST /execute  {"tool": str, "params": {...}} -> {"result": ...}
Errors are JSON bodies {"error": message} with a 4xx/5xx status, readable by the model.
The port comes from the PORT environment variable (default 8080), the host from HOST.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MAX_BODY_BYTES = 1_000_000

Handler = Callable[[dict[str, Any]], Any]


class ToolError(Exception):
    """An error the model should read; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _make_handler(schema: Mapping[str, Any], handlers: Mapping[str, Handler]) -> type:
    class SkillRequestHandler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in two writes; without TCP_NODELAY the client waits ~40 ms
        # for each reply (Nagle's algorithm meeting delayed ACKs).
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:  # quiet: no access log
            return

        def _send(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path == "/health":
                self._send(200, {"ok": True, "worker": os.environ.get("WORKER_NONCE", "")})
            elif self.path == "/schema":
                self._send(200, dict(schema))
            else:
                self._send(404, {"error": f"no route {self.path}"})

        def do_POST(self) -> None:
            if self.path != "/execute":
                self._send(404, {"error": f"no route {self.path}"})
                return
            length = int(self.headers.get("Content-Length") or 0)
            if length > MAX_BODY_BYTES:
                self._send(413, {"error": "request body too large"})
                return
            try:
                request = json.loads(self.rfile.read(length) or b"{}")
                tool, params = request["tool"], request.get("params") or {}
                if not isinstance(params, dict):
                    raise TypeError("params must be an object")
            except (ValueError, KeyError, TypeError) as exc:
                self._send(400, {"error": f"malformed request: {exc}"})
                return
            handler = handlers.get(tool)
            if handler is None:
                self._send(404, {"error": f"unknown tool {tool!r}; known: {sorted(handlers)}"})
                return
            try:
                self._send(200, {"result": handler(params)})
            except ToolError as exc:
                self._send(exc.status, {"error": str(exc)})
            except Exception as exc:  # the model gets a readable message, the worker lives on
                self._send(500, {"error": f"{tool} failed: {type(exc).__name__}: {exc}"})

    return SkillRequestHandler


def serve(schema: Mapping[str, Any], handlers: Mapping[str, Handler]) -> None:
    """Serve the skill until the process is killed."""
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8080"))
    server = ThreadingHTTPServer((host, port), _make_handler(schema, handlers))
    print(f"skill listening on {host}:{port}", file=sys.stderr, flush=True)
    server.serve_forever()
