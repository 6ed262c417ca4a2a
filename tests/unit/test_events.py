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
    event_type,
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
