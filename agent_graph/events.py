"""The SSE events of a turn, defined once: what `/chat/stream` and a run's stream send.

Every other copy is generated from these models or checked against them: the web app's types
(web/src/event-types.ts) and the table in docs/protocol.md by scripts/event_types.py; the core
passes each event as its model and it becomes JSON only at the edges (the SSE routes, the shared
run streams: `event_json`, `parse_event`); tests/unit/test_events.py checks that none is written
as a dict literal, that the core neither turns one into a dict nor reads its `type` as a key, and
that each client handles every event. A model's
docstring is its row in the protocol table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

StepStatus = Literal["start", "end", "error"]


class Event(BaseModel):
    model_config = ConfigDict(extra="forbid")

    def as_dict(self) -> dict[str, Any]:
        """The event as the stream sends it: its `type`, then the fields it was built with (a
        field left out stays out of the JSON)."""
        return {"type": event_type(type(self)), **self.model_dump(exclude_unset=True)}

    def redacted(self, redact: Callable[[Any], Any]) -> Self:
        """The same event with `redact` (a sanitizer's `redact_value`) applied to each field it
        was built with."""
        fields = {name: redact(getattr(self, name)) for name in self.model_fields_set}
        return self.model_copy(update=fields)


class SessionEvent(Event):
    """The first event."""

    type: Literal["session"] = "session"
    session_id: str


class QueuedEvent(Event):
    """This message waits for the turn(s) ahead on its session (Runs, above)."""

    type: Literal["queued"] = "queued"
    run_id: str
    ahead: int


class ResumedEvent(Event):
    """Another replica took the turn over (Takeover, above); show `text` as the answer so far,
    then go on."""

    type: Literal["resumed"] = "resumed"
    text: str


class TokenEvent(Event):
    """A piece of the answer's text."""

    type: Literal["token"] = "token"
    content: str


class StepEvent(Event):
    """A tool call (or a slow model call) starting, ending or failing; `label` is the tool's
    progress label. `summary` is for a person: a result's one line, or a failure's kind in words
    ("Couldn't find that.", "The service didn't answer in time."), never the error the model
    reads, a tool name, an id or JSON. A model call still reading its prompt after 2 s shows as a step named
    `model` (label with the percentage read, `progress` 0–1, when the server reports it —
    llama-server does — else the seconds waited); it is sent again as it progresses and ends at
    the first token. A skill that declines the message (its planner's `refuse`) shows as an
    ended step named `refusal` whose `skill` names it; its text is the answer."""

    type: Literal["step"] = "step"
    id: str
    name: str
    label: str | None = None
    status: StepStatus
    args: dict[str, Any] | None = None
    summary: str | None = None
    ms: float | None = None
    progress: float | None = None
    skill: str | None = None


class DataEvent(Event):
    """The tool's dict result with `type` set to the tool's renderer (its `renders`, e.g.
    `generic`, or a skill's own cards); not sent when `renders` is `"none"`."""

    type: Literal["data"] = "data"
    data: dict[str, Any]


class AlertsEvent(Event):
    """Before the first answer of a new session: the alerts the user had not seen yet (what
    the skills' jobs found, as `GET /alerts` lists them); they count as read from then on."""

    type: Literal["alerts"] = "alerts"
    alerts: list[dict[str, Any]]


class HintsEvent(Event):
    """Three follow-ups the user may send next: the skills' planners', else generic ones."""

    type: Literal["hints"] = "hints"
    hints: list[str]


class ConfirmEvent(Event):
    """The turn paused before a destructive tool (its `x-propsearch.confirm`); `done` follows.
    Answer with `POST /chat/stream {"session_id", "confirm": {"id", "approve"}}`: approve runs
    it, cancel doesn't (the answer says so). A message that is a yes or a no ("yes please",
    "no thanks", "go ahead"; `agent_graph/turns/replies.py`) answers it as the click would; any
    other new message drops the paused turn."""

    type: Literal["confirm"] = "confirm"
    id: str
    question: str
    tool: str
    args: dict[str, Any]


class ErrorEvent(Event):
    """What went wrong, in words for the user; `done` follows."""

    type: Literal["error"] = "error"
    message: str


class CallUsage(BaseModel):
    """One agent model call's usage (llm/usage.py)."""

    model_config = ConfigDict(extra="forbid")
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    seconds: float | None = None
    cost: float | None = None


class UsageEvent(Event):
    """The sums over this turn's agent model calls: `cached_tokens` were read from the server's
    prefix cache, `cost` is in US$ (null when LiteLLM has no price, e.g. the local or offline
    model); `per_call`: the same per call in order, with `seconds`. Sent before `done` when the
    model reports usage."""

    type: Literal["usage"] = "usage"
    calls: int
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int
    cost: float | None
    per_call: list[CallUsage]


class DoneEvent(Event):
    """Always last, also after an error. For an admin, `trace_url` too when turns are traced
    and TRACE_VIEWER_URL is set (docs/traces.md)."""

    type: Literal["done"] = "done"
    session_id: str
    trace_url: str | None = None


EVENT_MODELS: tuple[type[Event], ...] = (
    SessionEvent,
    QueuedEvent,
    ResumedEvent,
    TokenEvent,
    StepEvent,
    DataEvent,
    AlertsEvent,
    HintsEvent,
    ConfirmEvent,
    ErrorEvent,
    UsageEvent,
    DoneEvent,
)
"""Every event, in the order the protocol table lists them."""

ChatEvent = Annotated[
    SessionEvent
    | QueuedEvent
    | ResumedEvent
    | TokenEvent
    | StepEvent
    | DataEvent
    | AlertsEvent
    | HintsEvent
    | ConfirmEvent
    | ErrorEvent
    | UsageEvent
    | DoneEvent,
    Field(discriminator="type"),
]
CHAT_EVENT: TypeAdapter[ChatEvent] = TypeAdapter(ChatEvent)
"""Validates one event dict as the server sends it (`CHAT_EVENT.validate_python(event)`)."""


Emit = Callable[[Event], None]
"""Where the graph's nodes send the events they make (LangGraph's stream writer)."""


def event_json(event: Event) -> str:
    """The event as the stream sends it, in JSON (`as_dict`)."""
    return json.dumps(event.as_dict())


def parse_event(text: str | bytes) -> ChatEvent:
    """An event read back from its JSON, as the model it was built from."""
    return CHAT_EVENT.validate_json(text)


def event_type(model: type[Event]) -> str:
    """The `type` a model's events carry."""
    return str(model.model_fields["type"].default)


EVENT_TYPES: tuple[str, ...] = tuple(event_type(model) for model in EVENT_MODELS)
