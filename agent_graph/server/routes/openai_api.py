"""`/v1/models` and `/v1/chat/completions`: PropSearch as a "model" for OpenAI clients (Open
WebUI, LibreChat, the openai SDK, LiteLLM). Same bearer tokens, roles, confirmations and
redaction as `/chat`; a confirmation is asked in words and answered with "yes" or "no"."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sse_starlette.sse import EventSourceResponse

from agent_graph.app.runtime import AppRuntime
from agent_graph.security.auth import Principal
from agent_graph.server.deps import ERRORS, Caller, Runtime
from agent_graph.server.openai_chat import (
    ASK_IN_WORDS,
    MODEL_ID,
    SESSION_HEADERS,
    Completion,
    error_body,
    message_text,
    session_for,
)
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.replies import typed_answer
from agent_graph.turns.text import TurnText

router = APIRouter(prefix="/v1", tags=["openai"], responses=ERRORS)
STARTED = int(time.time())


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: str = Field(max_length=32)
    content: str | list[dict[str, Any]] | None = None


class CompletionRequest(BaseModel):
    """OpenAI's request; sampling fields (temperature, max_tokens, tools…) are accepted and
    ignored: the agent chooses its own model calls."""

    model_config = ConfigDict(extra="allow")

    model: str = Field(max_length=200)
    messages: list[ChatMessage] = Field(min_length=1, max_length=2000)
    stream: bool = False
    stream_options: dict[str, Any] | None = None
    user: str | None = Field(default=None, max_length=256)


class AnswerMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str


class Choice(BaseModel):
    index: int
    message: AnswerMessage
    finish_reason: str


class Usage(BaseModel):
    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ChatCompletion(BaseModel):
    """OpenAI's answer object, plus the PropSearch session the turn ran in (also in the
    `X-Session-Id` header). Streamed, the same answer comes as `chat.completion.chunk`s."""

    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str
    choices: list[Choice]
    usage: Usage
    session_id: str


class ModelCard(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str = "propsearch"


class ModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[ModelCard]


@router.get("/models")
async def models(caller: Caller) -> ModelList:
    """The agents this server offers as models (one: `propsearch`)."""
    return ModelList(data=[ModelCard(id=MODEL_ID, created=STARTED)])


@router.post(
    "/chat/completions",
    response_model=None,
    responses={
        200: {
            "model": ChatCompletion,
            "content": {"text/event-stream": {}},
            "description": "The answer; with `stream: true`, chat.completion.chunk events",
        }
    },
)
async def chat_completions(
    body: CompletionRequest, request: Request, runtime: Runtime, caller: Caller
) -> JSONResponse | EventSourceResponse:
    """The last user message is the turn, in the session named by `X-Session-Id` (or Open
    WebUI's `X-OpenWebUI-Chat-Id`, or the `user` field), else the session of the
    conversation's first user message. Results come back as Markdown tables."""
    if body.model != MODEL_ID:
        return _error(404, f"unknown model {body.model!r}; this server offers {MODEL_ID!r}")
    users = [m for m in body.messages if m.role == "user"]
    if body.messages[-1].role != "user" or not users:
        return _error(422, "the last message must be the user's (it is the turn to answer)")
    text = message_text(body.messages[-1].content).strip()
    limit = runtime.settings.max_message_chars
    if not text:
        return _error(422, "the last user message has no text")
    if len(text) > limit:
        return _error(413, f"the last user message is longer than {limit} characters")
    named = next((request.headers[h] for h in SESSION_HEADERS if request.headers.get(h)), None)
    named = named or body.user
    if named and len(named) > 256:
        return _error(422, "the session name is longer than 256 characters")
    opening = message_text(users[0].content)
    session_id = session_for(runtime.pseudonyms, caller.user, named, opening)
    turn = await _turn(runtime, caller, session_id, text)
    if body.stream:
        usage_asked = bool((body.stream_options or {}).get("include_usage"))
        return EventSourceResponse(
            _chunks(runtime, caller, session_id, turn, usage_asked),
            ping=15,
            headers={"X-Session-Id": session_id},
        )
    folded = TurnText(runtime.registry, ASK_IN_WORDS)
    parts = [folded.feed(event) async for event in runtime.runs.events(turn)]
    if folded.error is not None:
        return _error(502, folded.error, kind="server_error")
    answer = "".join(parts) + folded.end()
    whole = Completion().whole(answer, folded.usage, session_id)
    return JSONResponse(whole, headers={"X-Session-Id": session_id})


async def _turn(runtime: AppRuntime, who: Principal, session_id: str, text: str) -> TurnRequest:
    """The turn to run: a yes or no answers the confirmation the session waits for, anything
    else is a new message (which drops a paused turn, as in the web UI)."""
    turn = TurnRequest(who.user, session_id, text, who.role, who.persist)
    if confirm := await typed_answer(runtime.runner, who.user, session_id, text):
        return replace(turn, message=None, confirm=confirm)
    return turn


async def _chunks(
    runtime: AppRuntime, who: Principal, session_id: str, turn: TurnRequest, usage_asked: bool
) -> AsyncIterator[dict[str, str]]:
    completion = Completion()
    folded = TurnText(runtime.registry, ASK_IN_WORDS)
    yield _data(completion.chunk({"role": "assistant", "content": ""}))
    async for event in runtime.runs.events(turn):
        if text := folded.feed(event):
            yield _data(completion.chunk({"content": text}))
    if folded.error is not None:
        yield _data(error_body(folded.error, kind="server_error"))
        return
    if tail := folded.end():
        yield _data(completion.chunk({"content": tail}))
    yield _data(completion.chunk({}, finish="stop"))
    if usage_asked:
        yield _data(completion.usage_chunk(folded.usage))
    yield {"data": "[DONE]"}


def _data(value: dict[str, Any]) -> dict[str, str]:
    return {"data": json.dumps(value)}


def _error(
    status: int, message: str, kind: str = "invalid_request_error", code: str | None = None
) -> JSONResponse:
    return JSONResponse(error_body(message, kind, code), status_code=status)
