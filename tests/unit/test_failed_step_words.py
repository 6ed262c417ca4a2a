"""A failed tool call's step is worded for a person from the kind of failure (skills/model/
failures.py), the skill's own words when it gives some: never the error the model reads, a tool
name, an id from the call's arguments or JSON. The model's ToolMessage is what it always was."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agent_graph.events import Event, StepEvent
from agent_graph.graph.nodes.tools import request_for, run_one
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.graph.tool_calls.records import ToolRecord, ToolRun
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.memory.write_policy import WriteRefusedError
from agent_graph.planning.view import TurnView
from agent_graph.security.roles import REFUSED
from agent_graph.security.sanitizer import wrap_error
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.failures import SHOWN, Failure, read_failed
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills

TOOL = "find_item"
ARGS = {"ref": "A-77123"}
SKILL_TEXT = 'fake.find_item failed (404): no item A-77123 in {"shelf": 4}'


def _raising(exc: Exception) -> Any:
    def tool(_: dict[str, Any]) -> Any:
        raise exc

    return tool


def _called(
    tmp_path: Path, tool: Any, meta: dict[str, Any] | None = None, role: str = "user"
) -> tuple[StepEvent, ToolRecord]:
    """The failed step a call of `tool` streams, and the record it leaves."""
    emitted: list[Event] = []
    skills = InMemorySkills({TOOL: tool}, meta={TOOL: meta or {}})
    services = Services(skills=skills, model=OfflineChatModel(), sessions=SessionStore(tmp_path))
    conversation = TurnView(text="", tools=(), earlier=(), outcomes=())
    run = ToolRun(services, Context(role=role), emitted.append, {}, conversation)
    record = asyncio.run(run_one(request_for(run, {"id": "c1", "name": TOOL, "args": ARGS})))
    steps = [e for e in emitted if isinstance(e, StepEvent) and e.status == "error"]
    assert len(steps) == 1, emitted
    return steps[0], record


def _shows_nothing_internal(summary: str | None) -> None:
    assert summary
    for internal in (TOOL, "fake", ARGS["ref"], "{", "}", "404", "Error"):
        assert internal not in summary, f"{internal!r} in the person's words {summary!r}"


@pytest.mark.parametrize("failure", [Failure.NOT_FOUND, Failure.TIMED_OUT, Failure.CRASHED,
                                     Failure.BUSY, Failure.INVALID, Failure.BAD_REPLY])  # fmt: skip
def test_a_skills_failure_shows_its_kind_in_words_and_the_model_reads_its_text(
    tmp_path: Path, failure: Failure
) -> None:
    step, record = _called(tmp_path, _raising(SkillCallError(SKILL_TEXT, failure)))
    assert step.summary == SHOWN[failure]
    _shows_nothing_internal(step.summary)
    assert record.message.content == wrap_error(TOOL, f"Error: {SKILL_TEXT}")
    assert record.message.status == "error" and record.outcome["error"] == SKILL_TEXT


def test_a_skill_words_a_kind_of_failure_of_its_tool_its_own_way(tmp_path: Path) -> None:
    meta = {"failed": {"not_found": "Couldn't find that item.", "no_such_kind": "ignored"}}
    step, record = _called(tmp_path, _raising(SkillCallError(SKILL_TEXT, Failure.NOT_FOUND)), meta)
    assert step.summary == "Couldn't find that item."
    assert SKILL_TEXT in str(record.message.content)
    timed_out = _called(tmp_path, _raising(SkillCallError(SKILL_TEXT, Failure.TIMED_OUT)), meta)
    assert timed_out[0].summary == SHOWN[Failure.TIMED_OUT], "a kind it did not word"


def test_a_call_the_role_may_not_make_is_refused_in_words(tmp_path: Path) -> None:
    step, record = _called(tmp_path, lambda _: {"ok": True}, role="guest")
    assert step.summary == SHOWN[Failure.NOT_ALLOWED]
    _shows_nothing_internal(step.summary)
    assert REFUSED.format(tool=TOOL, role="guest") in str(record.message.content)


def test_an_unexpected_error_and_a_refused_write_are_worded_by_their_kind(tmp_path: Path) -> None:
    crashed, record = _called(tmp_path, _raising(KeyError(f"shelf {ARGS['ref']}")))
    assert crashed.summary == SHOWN[Failure.UNEXPECTED]
    assert f"{TOOL} failed unexpectedly (KeyError)" in str(record.message.content)
    refused, record = _called(tmp_path, _raising(WriteRefusedError(f"no key {ARGS['ref']}")))
    assert refused.summary == SHOWN[Failure.NOT_SAVED]
    assert f"no key {ARGS['ref']}" in str(record.message.content)


def test_every_kind_has_a_persons_words() -> None:
    for failure in Failure:
        _shows_nothing_internal(SHOWN[failure])
    assert read_failed({"timed_out": " Slow today. ", "nope": "x", "crashed": 3}) == {
        Failure.TIMED_OUT: "Slow today."
    }
    assert read_failed(["not", "a", "mapping"]) == {}
