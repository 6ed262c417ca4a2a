"""Turns as OpenAI chat completions (`POST /v1/chat/completions`), no FastAPI here: which session
a client's conversation is, the turn's events folded into text, results as Markdown tables.

An OpenAI client sends the whole conversation each time; PropSearch keeps its own, so only the
last user message is the turn and the session carries the rest (memory, "the second one")."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from agent_graph.security.ids import SESSION_ID
from agent_graph.security.pseudonyms import Pseudonyms

MODEL_ID = "propsearch"
"""The one model `/v1/models` lists: this server's agent."""
SESSION_HEADERS = ("x-session-id", "x-openwebui-chat-id")
"""Headers a client may name its conversation with (Open WebUI forwards its chat id in the
second when ENABLE_FORWARD_USER_INFO_HEADERS is on); the body's `user` field comes after."""
ASK_IN_WORDS = "\n\n{question}\n\nReply **yes** to go ahead, or **no** to leave it as it is."
"""How a paused turn's question reads in an OpenAI client, which has no buttons."""


def session_for(keyed: Pseudonyms, user: str, named: str | None, opening: str) -> str:
    """The session of a conversation: the id the client named (a pseudonym when it is not a
    valid session id, e.g. an e-mail address), else one derived from the caller and the
    conversation's first user message, so a follow-up lands in the same session. Derived ids
    are keyed by the deployment's secret (security/pseudonyms.py): nobody without it can
    compute another user's session id from their name and first message."""
    if named and named.strip():
        value = named.strip()
        return (
            value if SESSION_ID.match(value) else "oa-" + keyed.of("session", f"named\n{value}", 40)
        )
    return "oa-" + keyed.of("session", f"{user}\n{opening}", 40)


def message_text(content: Any) -> str:
    """A message's text: a string, or the text parts of a list of content parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if isinstance(p, str) and p)
    return ""


@dataclass
class Completion:
    """The ids and time one answer's objects share."""

    id: str = field(default_factory=lambda: f"chatcmpl-{uuid.uuid4().hex}")
    created: int = field(default_factory=lambda: int(time.time()))

    def whole(self, text: str, usage: dict[str, int], session_id: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": MODEL_ID,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "finish_reason": "stop",
                }
            ],
            "usage": usage,
            "session_id": session_id,
        }

    def chunk(self, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": MODEL_ID,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }

    def usage_chunk(self, usage: dict[str, int]) -> dict[str, Any]:
        return {
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": MODEL_ID,
            "choices": [],
            "usage": usage,
        }


def error_body(
    message: str, kind: str = "invalid_request_error", code: str | None = None
) -> dict[str, Any]:
    """OpenAI's error shape, plus `detail` as every other PropSearch error has it."""
    return {
        "error": {"message": message, "type": kind, "param": None, "code": code},
        "detail": message,
    }
