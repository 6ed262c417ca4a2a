"""Which memory writes a tool result may make: the one gate for the graph and `POST /tools`.

A result asking for a memory write is only a request. It is honoured when the tool declared the
entry in its `x-propsearch.writes` metadata, always in the tool's own skill (the owner comes from
the registry, never from the result), with the value normalised by the declared kind. Guests
never write, with or without a token (the role decides, not whether the caller's data is kept);
MCP tools cannot declare writes at all (agent_graph/skills/backends/mcp.py).
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any

from agent_graph.skills.model.entry_kinds import checked_key, normalized
from agent_graph.skills.model.metadata import ToolMeta

WRITE = "memory_write"
UNDECLARED = "{tool} may not change remembered entries: it declares no `writes`."
NOT_DECLARED = "{tool} may not write [{entry_type}] {key}: {allowed}."
BAD_VALUE = "{tool} tried to remember {key} with an invalid value: {reason}."
BAD_KEY = "{tool} tried to remember an entry under an invalid key: {reason}."
GUEST = "Nothing is remembered for guests: sign in to save."
OVERWRITE = "Change your remembered {key} from {old} to {new}?"
DELETE = "Forget your remembered {key} ({old})?"
NEW_AFTER_OUTPUT = "Remember {key} as {new}? (proposed after reading tool results)"


class WriteRefusedError(ValueError):
    """A write request the tool may not make; the message is readable by the model."""


def is_write(result: Any) -> bool:
    return isinstance(result, dict) and result.get("type") == WRITE


def may_remember(role: str, persist: bool) -> bool:
    """Whether a caller's turn may change remembered entries: a kept caller who is no guest."""
    return persist and role != "guest"


def owned_write(
    meta: ToolMeta, owner: str, result: dict[str, Any], role: str, persist: bool
) -> dict[str, Any]:
    """The write to apply for this result, in `owner`'s namespace; WriteRefusedError otherwise."""
    if not meta.writes:
        raise WriteRefusedError(UNDECLARED.format(tool=meta.tool))
    if not may_remember(role, persist):
        raise WriteRefusedError(GUEST)
    entry_type = str(result.get("entry_type") or "PREFERENCE").upper()
    key = str(result.get("key") or "")
    kind = _declared_kind(meta, entry_type, key)
    write: dict[str, Any] = {"skill": owner, "entry_type": entry_type, "key": key}
    if result.get("op") == "delete":  # an entry already kept may always be forgotten
        return {**write, "op": "delete", "value": None}
    try:
        checked_key(key)
    except ValueError as exc:
        raise WriteRefusedError(BAD_KEY.format(tool=meta.tool, reason=exc)) from None
    try:
        return {**write, "value": normalized(kind, result.get("value"))}
    except ValueError as exc:
        raise WriteRefusedError(BAD_VALUE.format(tool=meta.tool, key=key, reason=exc)) from None


def _declared_kind(meta: ToolMeta, entry_type: str, key: str) -> Any:
    patterns = meta.writes.get(entry_type) or {}
    for pattern, kind in patterns.items():
        if fnmatchcase(key, pattern):
            return kind
    allowed = "; ".join(
        f"[{t}] {', '.join(sorted(keys))}" for t, keys in sorted(meta.writes.items())
    )
    raise WriteRefusedError(
        NOT_DECLARED.format(
            tool=meta.tool, entry_type=entry_type, key=key[:64], allowed=f"it declares {allowed}"
        )
    )


def destructive_question(
    write: dict[str, Any], old: str | None, after_output: bool = False
) -> str | None:
    """The question to ask before this write, when it deletes or changes an existing entry, or
    adds a new one `after_output` (tool output, which may carry injected text, came before it in
    the turn: the model may have been talked into it)."""
    if old is None:
        if after_output and write.get("op") != "delete":
            return NEW_AFTER_OUTPUT.format(key=write["key"], new=write["value"])
        return None
    if write.get("op") == "delete":
        return DELETE.format(key=write["key"], old=old)
    if write.get("value") != old:
        return OVERWRITE.format(key=write["key"], old=old, new=write["value"])
    return None
