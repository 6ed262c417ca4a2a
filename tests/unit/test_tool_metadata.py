"""Tool metadata (`x-propsearch`): safe defaults, templates, and what the tools node makes of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.model.metadata import ToolMeta, read_meta, render, split_tool
from agent_graph.storage.sessions import SessionStore
from agent_graph.turns.streaming import to_events
from tests.fakes import InMemorySkills, ScriptedChatModel

RESULT = {"type": "books", "total": 2, "items": [{"title": "Dune", "year": 1965}]}


def test_missing_or_malformed_metadata_gets_the_safe_defaults() -> None:
    for raw in (None, "yes", {"guest": "true", "remember": 1, "label": 5, "renders": ""}):
        meta = read_meta("find_books", raw)
        assert (meta.guest, meta.remember, meta.renders) == (False, False, "generic")
        assert meta.progress_label == "Running find_books…"
        assert meta.public("library") == {
            "skill": "library",
            "label": "Running find_books…",
            "renders": "generic",
            "guest": False,
        }


def test_split_tool_strips_the_metadata_from_what_models_see() -> None:
    entry = {
        "type": "function",
        "function": {"name": "find_books"},
        "x-propsearch": {"guest": True, "renders": "books", "confirm": "Sure?"},
    }
    tool, meta = split_tool(entry)
    assert tool == {"type": "function", "function": {"name": "find_books"}}
    assert (meta.tool, meta.guest, meta.renders, meta.confirm) == (
        "find_books",
        True,
        "books",
        "Sure?",
    )


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ("{total} books", "2 books"),
        ("{items.0.title} ({items.0.year})", "Dune (1965)"),
        ("{total:03d}", "002"),
        ("{items.5.title}", None),
        ("{nothing}", None),
        ("{total:%Q}", None),
    ],
)
def test_summary_templates_follow_dotted_paths(template: str, expected: str | None) -> None:
    assert render(template, RESULT) == expected


def test_without_a_template_that_fits_a_step_has_no_summary_and_never_json() -> None:
    meta = ToolMeta("find_books", summary="{missing}")
    assert meta.summarize({"a": 1}) is None
    assert ToolMeta("t").summarize({"type": "memory_write", "key": "budget_k"}) == "Saved."
    assert ToolMeta("t").summarize({"x": "y" * 500}) is None


def _call_both(messages: list[BaseMessage]) -> AIMessage:
    if any(isinstance(m, ToolMessage) for m in messages):
        return AIMessage("done")
    calls = [{"name": n, "args": {}, "id": f"c_{n}"} for n in ("find_books", "ping", "quiet")]
    return AIMessage("", tool_calls=calls)


async def test_the_tools_node_reads_renderer_label_summary_and_remember(tmp_path: Path) -> None:
    skills = InMemorySkills(
        {"find_books": lambda p: RESULT, "ping": lambda p: {"pong": True}, "quiet": lambda p: {}},
        meta={
            "find_books": {
                "label": "Looking for books…",
                "renders": "shelf",
                "summary": "{total} books",
                "remember": True,
            },
            "quiet": {"renders": "none"},
        },
    )
    services = Services(
        skills=skills,
        model=ScriptedChatModel(respond=_call_both),
        sessions=SessionStore(tmp_path),
    )
    events: list[dict[str, Any]] = []
    final: dict[str, Any] = {}
    async for mode, chunk in build_graph(services).astream(
        {"messages": [HumanMessage("books?")]},
        context=Context(session_id="m1"),
        stream_mode=["custom", "values"],
    ):
        if mode == "custom":
            events += [e.as_dict() for e in to_events(mode, chunk, Sanitizer())]  # as sent
        else:
            final = chunk
    starts = {e["name"]: e["label"] for e in events if e.get("status") == "start"}
    assert starts == {
        "find_books": "Looking for books…",
        "ping": "Running ping…",
        "quiet": "Running quiet…",
    }
    ends = {e["name"]: e.get("summary") for e in events if e.get("status") == "end"}
    assert ends == {"find_books": "2 books", "ping": None, "quiet": None}, "no JSON for a person"
    data = [e["data"] for e in events if e["type"] == "data"]
    assert data == [{**RESULT, "type": "shelf"}, {"pong": True, "type": "generic"}]
    remember = {o["tool"]: o["remember"] for o in final["tool_outcomes"]}
    assert remember == {"find_books": True, "ping": False, "quiet": False}


def test_a_handoff_is_declared_only_with_a_question_first() -> None:
    assert read_meta("t", {"handoff": True, "confirm": "Pass it on?"}).handoff is True
    assert read_meta("t", {"handoff": True}).handoff is False  # it would not ask first
    assert read_meta("t", {}).handoff is False
