"""A local server speaking OpenAI's chat-completions wire format (streamed and not), for tests.

Script: when the request offers tools and has no tool result yet, it calls the first tool named
in `tool_plan` that is offered, with its arguments split across three chunks; otherwise it answers
"Tool said: <last tool content>" (or "ok" without one), word by word. Every request is recorded.
Faults: `delay_s` sleeps before answering; `fail_status` answers every request with that status.
Like llama-server: `reading_s` streams `prompt_progress` chunks every `progress_every_s` for that
long before a streamed answer; `cached_tokens` is reported in the usage's prompt_tokens_details;
with `serial_slots` a request pinned to a busy slot waits, sending nothing; a one-token read
(a read ahead) reads for `read_s` instead, or, with `read_gate`, until that event is set (it
keeps sending progress, so a client that leaves is noticed and its slot freed).
`plans`: tool calls `(name, args)` made one per request, in order and whether or not tools are
offered, before the script above applies (a model that repeats itself or ignores the cap).
`answers`: plain-text answers given one per request, in order, once `plans` is empty and before
the script (a model that restates its instructions).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit


class FakeOpenAI:
    def __init__(self, tool_plan: dict[str, dict[str, Any]]) -> None:
        self.tool_plan = tool_plan
        self.requests: list[dict[str, Any]] = []
        self.authorizations: list[str] = []
        """The Authorization header of every request (which key reached the provider)."""
        self.delay_s = 0.0
        self.plans: list[tuple[str, dict[str, Any]]] = []
        self.answers: list[str] = []
        self.fail_status: int | None = None
        self.reading_s = 0.0
        self.progress_every_s = 0.25
        self.cached_tokens = 0
        self.read_s = 0.0
        """How long a one-token read (max_tokens 1, a read ahead) takes."""
        self.read_gate: threading.Event | None = None
        """When set, a one-token read lasts until the event is set."""
        self.serial_slots = False
        """As llama-server: a request pinned to a busy slot (`id_slot`) waits for it, silent."""
        self._slots: dict[Any, threading.Lock] = {}
        self.slot_folder: Path | None = None
        """As llama-server's --slot-save-path: `POST /slots/N?action=save|restore` with a
        filename writes or reads a file there (a stand-in for the slot's cache)."""
        self.slot_actions: list[tuple[int, str]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}/v1"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def tool_errors(self) -> list[str]:
        """The failed calls' results the model read, in order, as the last request that carried
        any tool result sent them (every call of the fake has the same id)."""
        for request in reversed(self.requests):
            results = [m for m in request.get("messages", []) if m.get("role") == "tool"]
            if results:
                texts = [str(m["content"]) for m in results]
                return [t for t in texts if t.startswith("<tool_error")]
        return []

    def _decide(self, body: dict[str, Any]) -> tuple[str | None, dict[str, Any], str]:
        if self.plans:
            name, args = self.plans.pop(0)
            return name, args, ""
        if self.answers:
            return None, {}, self.answers.pop(0)
        messages = body.get("messages", [])
        offered = [t["function"]["name"] for t in body.get("tools") or []]
        tool_results = [m for m in messages if m.get("role") == "tool"]
        last_user = max((i for i, m in enumerate(messages) if m.get("role") == "user"), default=-1)
        answered = any(i > last_user for i, m in enumerate(messages) if m.get("role") == "tool")
        if offered and not answered:
            for name, args in self.tool_plan.items():
                if name in offered:
                    return name, args, ""
        if tool_results:
            content = tool_results[-1]["content"]
            text = content if isinstance(content, str) else json.dumps(content)
            return None, {}, f"Tool said: {text}"
        return None, {}, '["Show me more", "Cheaper options", "What time is it?"]'

    def _handler(self) -> type:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                try:
                    self._in_slot()
                except (BrokenPipeError, ConnectionResetError):
                    return  # the client gave up (a timeout test)

            def _in_slot(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if self.path.startswith("/slots/"):
                    return self._slot_file(body)
                if not fake.serial_slots:
                    return self._answer(body)
                with fake._slots.setdefault(body.get("id_slot"), threading.Lock()):
                    return self._answer(body)

            def _slot_file(self, body: dict[str, Any]) -> None:
                url = urlsplit(self.path)
                slot, action = int(url.path.rsplit("/", 1)[1]), parse_qs(url.query)["action"][0]
                if fake.slot_folder is None or not fake.slot_folder.is_dir():
                    self.send_error(500, "failed to save slot")  # no usable --slot-save-path
                    return
                file = fake.slot_folder / body["filename"]
                if action == "save":
                    file.write_text(f"cache of slot {slot}")
                elif not file.is_file():
                    self.send_error(400, "file not found")
                    return
                fake.slot_actions.append((slot, action))
                payload = json.dumps({"id_slot": slot}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def _answer(self, body: dict[str, Any]) -> None:
                fake.requests.append(body)
                fake.authorizations.append(self.headers.get("Authorization", ""))
                time.sleep(fake.delay_s)
                if fake.fail_status is not None:
                    payload = json.dumps({"error": {"message": "scripted failure"}}).encode()
                    self.send_response(fake.fail_status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                tool, args, text = fake._decide(body)
                if body.get("stream"):
                    one_token = body.get("max_tokens") == 1
                    reading = fake.read_s if one_token else fake.reading_s
                    self._stream(tool, args, text, reading, fake.read_gate if one_token else None)
                    if (body.get("stream_options") or {}).get("include_usage"):
                        self._usage(body)
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                else:
                    self._complete(tool, args, text)

            def _chunk(self, delta: dict[str, Any], finish: str | None = None) -> None:
                payload = {
                    "id": "chatcmpl-1",
                    "object": "chat.completion.chunk",
                    "created": 0,
                    "model": "test",
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                }
                self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())
                self.wfile.flush()

            def _stream(
                self,
                tool: str | None,
                args: dict[str, Any],
                text: str,
                reading_s: float,
                gate: threading.Event | None = None,
            ) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                self._chunk({"role": "assistant", "content": ""})
                while gate is not None and not gate.wait(fake.progress_every_s):
                    self.wfile.write(b": reading\n\n")  # a client that left breaks the pipe
                    self.wfile.flush()
                self._read_slowly(reading_s)
                if tool:
                    self._chunk(
                        {
                            "tool_calls": [
                                {
                                    "index": 0,
                                    "id": "call_abc",
                                    "type": "function",
                                    "function": {"name": tool, "arguments": ""},
                                }
                            ]
                        }
                    )
                    raw = json.dumps(args)
                    third = max(len(raw) // 3, 1)
                    for piece in (raw[:third], raw[third : 2 * third], raw[2 * third :]):
                        self._chunk(
                            {"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}
                        )
                    self._chunk({}, "tool_calls")
                else:
                    for word in text.split(" "):
                        self._chunk({"content": word + " "})
                    self._chunk({}, "stop")

            def _read_slowly(self, reading_s: float) -> None:
                steps = round(reading_s / fake.progress_every_s)
                for step in range(1, steps + 1):
                    time.sleep(fake.progress_every_s)
                    progress = {"total": 1000, "cache": 0, "processed": 1000 * step // steps}
                    payload = {"id": "chatcmpl-1", "object": "chat.completion.chunk"}
                    payload.update(choices=[{"index": 0, "delta": {"role": "assistant"}}])
                    payload["prompt_progress"] = progress
                    self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())
                    self.wfile.flush()

            def _usage(self, body: dict[str, Any]) -> None:
                """The usage-only last chunk: 1 prompt token per 4 characters of the request."""
                prompt = len(json.dumps(body["messages"])) // 4
                usage: dict[str, Any] = {"prompt_tokens": prompt, "completion_tokens": 7}
                if fake.cached_tokens:
                    usage["prompt_tokens_details"] = {"cached_tokens": fake.cached_tokens}
                payload = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 0}
                payload.update(model="test", choices=[], usage=usage)
                self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())

            def _complete(self, tool: str | None, args: dict[str, Any], text: str) -> None:
                message: dict[str, Any] = {"role": "assistant", "content": text or None}
                if tool:
                    message["tool_calls"] = [
                        {
                            "id": "call_abc",
                            "type": "function",
                            "function": {"name": tool, "arguments": json.dumps(args)},
                        }
                    ]
                data = json.dumps(
                    {
                        "id": "chatcmpl-1",
                        "object": "chat.completion",
                        "created": 0,
                        "model": "test",
                        "choices": [
                            {
                                "index": 0,
                                "message": message,
                                "finish_reason": "tool_calls" if tool else "stop",
                            }
                        ],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
