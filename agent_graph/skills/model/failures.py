"""What kind of failure a tool call had, and how a person reads it.

The model reads a failure's own text (the skill's message, the check's correction); the person
reads only these words, chosen by the kind, so no tool name, id, argument or JSON reaches them.
A skill may word a kind its own way for one of its tools (`x-propsearch.failed`, ToolMeta)."""

from __future__ import annotations

from enum import StrEnum


class Failure(StrEnum):
    NOT_FOUND = "not_found"
    """The skill found nothing for what was asked (status 404)."""
    INVALID = "invalid"
    """The arguments did not fit the tool's schema, or the skill said so (status 400, 422)."""
    CORRECTED = "corrected"
    """The planners' check sent the call back to the model with a correction."""
    TIMED_OUT = "timed_out"
    BUSY = "busy"
    """No worker of the skill was free in time."""
    CRASHED = "crashed"
    """The worker (or MCP server) stopped answering."""
    BAD_REPLY = "bad_reply"
    """The reply was too large, too deep, malformed or empty."""
    FAILED = "failed"
    """The skill answered with any other error."""
    UNAVAILABLE = "unavailable"
    """No skill serves the tool."""
    NOT_ALLOWED = "not_allowed"
    """The user's role may not call the tool."""
    MAYBE_RAN = "maybe_ran"
    """It may have run on a server that stopped, and is not idempotent: not repeated."""
    DECLINED = "declined"
    """The user said no to its confirmation."""
    NOT_SAVED = "not_saved"
    """The memory write or handoff its result asked for was refused."""
    UNEXPECTED = "unexpected"


SHOWN: dict[Failure, str] = {
    Failure.NOT_FOUND: "Couldn't find that.",
    Failure.INVALID: "Some details of the request didn't fit; they need changing.",
    Failure.CORRECTED: "Checked against what you asked; it needs a correction first.",
    Failure.TIMED_OUT: "The service didn't answer in time.",
    Failure.BUSY: "The service was too busy to answer in time.",
    Failure.CRASHED: "The service stopped answering.",
    Failure.BAD_REPLY: "The service's answer couldn't be used.",
    Failure.FAILED: "The service couldn't do that.",
    Failure.UNAVAILABLE: "That isn't available right now.",
    Failure.NOT_ALLOWED: "That isn't available to you here.",
    Failure.MAYBE_RAN: "Not repeated: it may already have run before the server restarted.",
    Failure.DECLINED: "Cancelled, as you asked: nothing was changed.",
    Failure.NOT_SAVED: "Couldn't keep that.",
    Failure.UNEXPECTED: "Something went wrong.",
}
"""A person's words for each kind of failure (the step's summary), unless the skill words it."""


def read_failed(raw: object) -> dict[Failure, str]:
    """A skill's own words for some kinds (`{"not_found": "..."}`); unknown kinds and
    non-text words are dropped."""
    if not isinstance(raw, dict):
        return {}
    known = {kind.value: kind for kind in Failure}
    return {
        known[key]: words.strip()
        for key, words in raw.items()
        if key in known and isinstance(words, str) and words.strip()
    }
