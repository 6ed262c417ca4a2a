"""The SSE events are defined once (agent_graph/events.py): the web's types and the protocol
table are current, the core builds every event from its model (no dict literal whose shape could
drift), and every client handles each event type or says it ignores it."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import get_args

import pytest
from pydantic import ValidationError

from agent_graph.cli import IGNORED_EVENTS
from agent_graph.events import (
    CHAT_EVENT,
    EVENT_MODELS,
    EVENT_TYPES,
    ChatEvent,
    DoneEvent,
    StepEvent,
    TokenEvent,
    event_json,
    event_type,
    parse_event,
)

ROOT = Path(__file__).resolve().parents[2]
FIELDS = {event_type(model): set(model.model_fields) for model in EVENT_MODELS}


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("event_types", ROOT / "scripts/event_types.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_web_event_types_are_current() -> None:
    rendered = _generator().render_types()
    assert (ROOT / "web/src/event-types.ts").read_text() == rendered, (
        "web/src/event-types.ts is stale: run .venv/bin/python scripts/event_types.py"
    )
    assert "  | UsageEvent\n" in rendered


def test_the_protocol_event_table_is_current() -> None:
    generator = _generator()
    protocol = (ROOT / "docs/protocol.md").read_text()
    assert protocol == generator.with_table(protocol), (
        "docs/protocol.md's event table is stale: run .venv/bin/python scripts/event_types.py"
    )
    assert "| `usage` | `calls`, " in generator.render_table()


def _event_dicts(tree: ast.AST) -> list[tuple[str, set[str], int]]:
    """(type, literal keys, line) of each dict literal whose "type" is an event type."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Dict):
            continue
        keys = {
            k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)
        }
        kind = next(
            (
                v.value
                for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and k.value == "type" and isinstance(v, ast.Constant)
            ),
            None,
        )
        if kind in FIELDS:
            found.append((str(kind), keys, node.lineno))
    return found


def test_the_core_builds_every_event_from_its_model_never_as_a_dict_literal() -> None:
    literals = [
        f"{path.relative_to(ROOT)}:{line}: a {kind} event"
        for path in sorted((ROOT / "agent_graph").rglob("*.py"))
        for kind, _keys, line in _event_dicts(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert literals == [], "build these from agent_graph/events.py's models (`.as_dict()`)"
    planted = ast.parse('emit({"type": "step", "id": "c1", "name": "x", "status": "end"})')
    assert [kind for kind, _keys, _line in _event_dicts(planted)] == ["step"], "the walk sees one"


def test_an_event_is_sent_with_the_fields_it_was_built_with_and_no_stray_one() -> None:
    step = StepEvent(id="c1", name="search", label=None, status="end", ms=3.5)
    assert step.as_dict() == {
        "type": "step",
        "id": "c1",
        "name": "search",
        "label": None,
        "status": "end",
        "ms": 3.5,
    }
    assert DoneEvent(session_id="s").as_dict() == {"type": "done", "session_id": "s"}
    with pytest.raises(ValidationError):
        TokenEvent(content="hi", text="hi")  # type: ignore[call-arg]


def test_the_union_and_the_list_name_the_same_events() -> None:
    union, _discriminator = get_args(ChatEvent)
    assert set(get_args(union)) == set(EVENT_MODELS)
    assert len(EVENT_TYPES) == len(set(EVENT_TYPES)) == len(EVENT_MODELS)


def test_a_well_formed_event_validates_and_a_stray_field_does_not() -> None:
    event = CHAT_EVENT.validate_python({"type": "step", "id": "c1", "name": "x", "status": "end"})
    assert event.type == "step"
    with pytest.raises(ValidationError):
        CHAT_EVENT.validate_python({"type": "token", "content": "hi", "text": "hi"})


EDGES = ("server/", "storage/run_streams.py", "cli.py", "events.py")
"""Where events become JSON (and JSON events become models): everything else passes models."""


def _reads_type_key(node: ast.AST) -> bool:
    """`x["type"]` or `x.get("type")`."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "type"
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and [a.value for a in node.args if isinstance(a, ast.Constant)][:1] == ["type"]
    )


def _event_kinds_compared(node: ast.Compare) -> bool:
    """The comparison holds an event type as a string (`== "token"`, `in ("step", "data")`)."""
    sides = [node.left, *node.comparators]
    strings = [c for s in sides for c in ast.walk(s) if isinstance(c, ast.Constant)]
    return any(c.value in EVENT_TYPES for c in strings)


def _untyped_event_uses(source: str, imports_events: bool) -> list[str]:
    """`.as_dict()` (only events have it), `model_dump` in a module that uses the events, and
    an event type compared with a dict's `"type"` key: each `line: what`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            dump = node.func.attr.startswith("model_dump") and imports_events
            if node.func.attr == "as_dict" or dump:
                found.append(f"{node.lineno}: .{node.func.attr}()")
        if isinstance(node, ast.Compare) and _event_kinds_compared(node):
            sides = [node.left, *node.comparators]
            if any(_reads_type_key(n) for side in sides for n in ast.walk(side)):
                found.append(f"{node.lineno}: an event's type read as a key")
    return sorted(found, key=lambda use: int(use.split(":")[0]))


def untyped_event_uses(package: Path) -> list[str]:
    """Where the core outside the edges handles an event as a dict."""
    found = []
    for path in sorted(package.rglob("*.py")):
        name = path.relative_to(package).as_posix()
        if name.startswith(EDGES):
            continue
        source = path.read_text(encoding="utf-8")
        uses = _untyped_event_uses(source, "agent_graph.events import" in source)
        found += [f"agent_graph/{name}:{use}" for use in uses]
    return found


def test_events_travel_as_models_and_become_json_only_at_the_edges() -> None:
    assert untyped_event_uses(ROOT / "agent_graph") == [], (
        "pass the event models (isinstance / match on the class); JSON only at the edges"
    )
    planted = (
        "from agent_graph.events import TokenEvent\n"
        "emit(TokenEvent(content='x').as_dict())\n"
        "if event['type'] == 'token': pass\n"
        "if chunk.get('type') in ('step', 'data'): pass\n"
        "if result.get('type') == 'memory_write': pass\n"
        "dumped = event.model_dump()\n"
    )
    assert _untyped_event_uses(planted, imports_events=True) == [
        "2: .as_dict()",
        "3: an event's type read as a key",
        "4: an event's type read as a key",
        "6: .model_dump()",
    ], "the walk sees each of them, and not a tool result's own `type`"


def test_an_event_read_back_from_json_is_the_model_it_was_sent_as() -> None:
    step = StepEvent(id="c1", name="search", label=None, status="end", ms=3.5)
    again = parse_event(event_json(step))
    assert again == step and again.as_dict() == step.as_dict()
    assert isinstance(parse_event('{"type": "done", "session_id": "s"}'), DoneEvent)
    with pytest.raises(ValidationError):
        parse_event('{"type": "done"}')


def test_a_redacted_event_keeps_its_shape_and_only_its_strings_change() -> None:
    step = StepEvent(id="c1", name="search", status="end", args={"key": "sk-1", "n": 2})
    hidden = step.redacted(lambda value: _hide("sk-1", value))
    assert hidden.as_dict() == {**step.as_dict(), "args": {"key": "[secret]", "n": 2}}
    assert step.args == {"key": "sk-1", "n": 2}, "the original stays as it was"


def _hide(secret: str, value: object) -> object:
    if isinstance(value, str):
        return value.replace(secret, "[secret]")
    if isinstance(value, dict):
        return {k: _hide(secret, v) for k, v in value.items()}
    return value


def _compared_strings(path: Path) -> set[str]:
    """String constants a module compares something with (`kind == "token"`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        side.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        for side in [node.left, *node.comparators]
        if isinstance(side, ast.Constant) and isinstance(side.value, str)
    }


def test_the_cli_handles_each_event_type_or_says_it_ignores_it() -> None:
    handled = _compared_strings(ROOT / "agent_graph/cli.py") & set(EVENT_TYPES)
    assert not handled & set(IGNORED_EVENTS), "an event both handled and ignored"
    assert handled | set(IGNORED_EVENTS) == set(EVENT_TYPES), (
        f"the CLI drops {set(EVENT_TYPES) - handled - set(IGNORED_EVENTS)} without saying so"
    )
