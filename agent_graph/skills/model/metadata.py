"""Per-tool metadata a skill declares in `/schema` (`"x-propsearch"` beside each function).

The registry strips the key before tools reach any model, and the core, the web UI and the CLI
read these fields instead of tables of their own (docs/protocol.md, "Tool metadata"). Missing or
malformed fields get safe defaults: not guest-callable, a generic label, a generic card, not
remembered, no step summary (a result's JSON is not for a person).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

from agent_graph.skills.model.entry_kinds import valid_kind
from agent_graph.skills.model.failures import SHOWN, Failure, read_failed
from agent_graph.skills.model.model_view import ModelView, read_view

log = logging.getLogger(__name__)

META_KEY = "x-propsearch"
GENERIC = "generic"
NO_CARD = "none"
SAVED = "Saved."
"""A memory write's step summary when its tool has no template (its key is not for a person)."""
_FIELD = re.compile(r"\{([^{}:]+)(?::([^{}]*))?\}")


@dataclass(frozen=True)
class ToolMeta:
    """What the core needs to know about one tool beyond its function definition."""

    tool: str
    guest: bool = False
    label: str = ""
    renders: str = GENERIC
    remember: bool = False
    summary: str = ""
    confirm: str = ""
    handoff: bool = False
    """The tool may hand a request to a person (a `handoff` result, storage/handoffs.py); only
    with `confirm`, so the user says yes before it is passed on."""
    writes: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Remembered entries the tool may write: {entry type: {key or glob: kind}}."""
    idempotent: bool = True
    """Running it twice does no more than running it once. A call that may have run on a
    replica that died is re-run only when this holds (turns/takeover.py); by default a tool
    that asks first or writes memory is not."""
    for_model: ModelView = field(default_factory=ModelView)
    """The compact text the model reads instead of the result's JSON (skills/model/model_view.py)."""
    failed: dict[Failure, str] = field(default_factory=dict)
    """The skill's own words for a person for some kinds of failure of this tool."""

    @property
    def progress_label(self) -> str:
        return self.label or f"Running {self.tool}…"

    def public(self, skill: str) -> dict[str, Any]:
        """The fields `GET /skills` shows the web UI and the CLI."""
        return {
            "skill": skill,
            "label": self.progress_label,
            "renders": self.renders,
            "guest": self.guest,
        }

    def model_text(self, result: Any) -> str:
        """What the model reads of a result: the skill's compact view, else the JSON."""
        return self.for_model.render(result) or json.dumps(result)

    def shown(self, failure: Failure) -> str:
        """A failed step's summary: the skill's words for this kind of failure, else the core's."""
        return self.failed.get(failure) or SHOWN[failure]

    def summarize(self, result: Any) -> str | None:
        """The step event's one-line summary for a person: the skill's template, `SAVED` for a
        memory write without one, else none."""
        if self.summary:
            text = render(self.summary, result)
            if text is not None:
                return text
        if isinstance(result, dict) and result.get("type") == "memory_write":
            return SAVED
        return None


def read_meta(tool: str, raw: Any) -> ToolMeta:
    """A ToolMeta from a schema entry's metadata; wrong types fall back to the defaults."""
    if not isinstance(raw, dict):
        if raw is not None:
            log.warning("tool %s: %s is not an object; using defaults", tool, META_KEY)
        return ToolMeta(tool)
    defaults = ToolMeta(tool)
    fields: dict[str, Any] = {}
    for name in ("guest", "remember", "handoff"):
        value = raw.get(name, getattr(defaults, name))
        fields[name] = value if isinstance(value, bool) else getattr(defaults, name)
    for name in ("label", "renders", "summary", "confirm"):
        value = raw.get(name, getattr(defaults, name))
        fields[name] = value.strip() if isinstance(value, str) else getattr(defaults, name)
    fields["renders"] = fields["renders"] or GENERIC
    if fields["handoff"] and not fields["confirm"]:
        log.warning("tool %s: %s.handoff needs `confirm` (ask first); ignored", tool, META_KEY)
        fields["handoff"] = False
    fields["writes"] = read_writes(tool, raw.get("writes"))
    idempotent = raw.get("idempotent")
    writer = bool(fields["confirm"] or fields["writes"])
    fields["idempotent"] = idempotent if isinstance(idempotent, bool) else not writer
    fields["for_model"] = read_view(tool, raw.get("for_model"))
    fields["failed"] = read_failed(raw.get("failed"))
    return ToolMeta(tool, **fields)


def read_writes(tool: str, raw: Any) -> dict[str, dict[str, Any]]:
    """`writes` as {ENTRY_TYPE: {key pattern: kind}}; malformed parts are dropped with a log."""
    if raw is None:
        return {}
    declared: dict[str, dict[str, Any]] = {}
    for entry_type, keys in raw.items() if isinstance(raw, dict) else ():
        good = {
            str(key): kind
            for key, kind in (keys.items() if isinstance(keys, dict) else ())
            if isinstance(key, str) and key and valid_kind(kind)
        }
        if good:
            declared[str(entry_type).upper()] = good
    if declared != raw:
        log.warning("tool %s: malformed parts of %s.writes ignored", tool, META_KEY)
    return declared


def with_criteria_schemas(meta: ToolMeta, schemas: dict[str, Any]) -> ToolMeta:
    """`meta` with each `{"criteria": tool}` kind of its writes carrying that tool's input schema
    (`schemas`: the same skill's tools by name); a kind naming no such tool keeps none, so the
    core refuses its writes."""
    if not any(
        isinstance(k, dict) and "criteria" in k for w in meta.writes.values() for k in w.values()
    ):
        return meta
    writes = {
        entry_type: {
            key: {**kind, "schema": schemas.get(kind["criteria"]) or {}}
            if isinstance(kind, dict) and "criteria" in kind
            else kind
            for key, kind in keys.items()
        }
        for entry_type, keys in meta.writes.items()
    }
    return dataclasses.replace(meta, writes=writes)


def split_tool(entry: dict[str, Any]) -> tuple[dict[str, Any], ToolMeta]:
    """One `/schema` tool entry as (the function definition a model sees, its metadata)."""
    clean = {k: v for k, v in entry.items() if k != META_KEY}
    name = str(clean.get("function", {}).get("name", ""))
    return clean, read_meta(name, entry.get(META_KEY))


def render(template: str, result: Any) -> str | None:
    """`str.format`-style fields with dotted paths into the result (`{items.0.address}`);
    None when a path is missing or a format spec does not fit the value."""

    def field(match: re.Match[str]) -> str:
        value = lookup(result, match.group(1).strip())
        return format(value, match.group(2) or "")

    try:
        return _FIELD.sub(field, template)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def lookup(value: Any, path: str) -> Any:
    """Follow a dotted path through dicts and lists; KeyError/IndexError when it leads nowhere."""
    for part in path.split("."):
        if isinstance(value, dict):
            value = value[part]
        elif isinstance(value, list) and part.lstrip("-").isdigit():
            value = value[int(part)]
        else:
            raise KeyError(part)
    if value is None:
        raise KeyError(path)
    return value
