"""Planner round trips: the questions of one step go to a skill's planner process as one
`batch` request (planning/host.py), whose answers are those of the questions asked apart; the
turn's first model call asks each planner its refusal and its plan in one round trip, from one
thread hop. Counted as the reply lines read from real planner processes around turns run
through the real graph."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.graph.builder import build_graph
from agent_graph.planning import process as planner_process
from agent_graph.planning.host import answer
from agent_graph.planning.planners import Planners
from agent_graph.planning.process import PlannerProcess
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from tests.fakes import ScriptedChatModel, counted_thread_hops
from tests.shop import shop_planners, shop_services

PLANNER = """
def refuse(text):
    return "Not in this shop." if "forbidden" in text else None
def plan(turn):
    return {"calls": [{"name": "find_item", "args": {"q": "lamp"}}]}
def answer(turn):
    return "Found a lamp." if turn["outcomes"] else None
def hints(results):
    raise RuntimeError("no hints today")
"""


@pytest.fixture
def planners(tmp_path: Path) -> Iterator[Planners]:
    found = shop_planners(tmp_path, PLANNER)
    yield found
    found.close()


def counted_round_trips(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The skill of each reply line read from a planner process from now on, in order."""
    trips: list[str] = []
    read = PlannerProcess._read

    def counted(process: PlannerProcess, timeout_s: float) -> dict[str, Any]:
        trips.append(process.name)
        return read(process, timeout_s)

    monkeypatch.setattr(PlannerProcess, "_read", counted)
    return trips


async def test_the_first_call_asks_refusal_and_plan_in_one_round_trip(
    planners: Planners, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    services, skills = shop_services(planners, tmp_path)
    turns = TurnRunner(build_graph(services), services.sanitizer)
    trips = counted_round_trips(monkeypatch)
    hops = counted_thread_hops(monkeypatch)
    events = [e async for e in turns.events(TurnRequest("local", "s1", "find a lamp in the shop"))]
    assert events[-1].type == "done"
    assert skills.calls == [("find_item", {"q": "lamp"})]
    assert "Found a lamp." in "".join(e.content for e in events if e.type == "token")
    # refuse + plan at the first call, answer after the tool round, hints after the answer
    assert trips == ["shop", "shop", "shop"]
    assert hops.count("refusal_and_plan") == 1
    assert not {"refusal", "plan_at_start"} & set(hops)


async def test_a_refusal_asked_with_the_plan_still_answers_alone(
    planners: Planners, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    services, skills = shop_services(planners, tmp_path)
    turns = TurnRunner(build_graph(services), services.sanitizer)
    trips = counted_round_trips(monkeypatch)
    request = TurnRequest("local", "s1", "find a forbidden lamp in the shop")
    events = [e async for e in turns.events(request)]
    tokens = [e.content for e in events if e.type == "token"]
    assert events[-1].type == "done" and tokens == ["Not in this shop."]
    assert skills.calls == [] and trips == ["shop", "shop"]  # refuse + plan, then hints


NAMING = (
    PLANNER
    + """
def meant(turn):
    return [{"type": "detail", "items": [{"id": "kept"}]}] if "kept" in turn["text"] else None
"""
)


@pytest.mark.parametrize("message", ["find a lamp in the shop", "find the kept lamp"])
async def test_a_planner_that_names_what_it_keeps_is_asked_it_in_the_same_round_trip(
    message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planners = shop_planners(tmp_path, NAMING)
    try:
        services, skills = shop_services(planners, tmp_path)
        turns = TurnRunner(build_graph(services), services.sanitizer)
        trips = counted_round_trips(monkeypatch)
        events = [e async for e in turns.events(TurnRequest("local", "s1", message))]
        assert events[-1].type == "done" and skills.calls == [("find_item", {"q": "lamp"})]
        assert trips == ["shop", "shop", "shop"]  # meant + refuse + plan, answer, hints
    finally:
        planners.close()


HINTING = PLANNER.replace(
    'raise RuntimeError("no hints today")', 'return ["More lamps", "A desk", "Cheaper ones"]'
)


async def test_a_turn_that_shows_what_an_earlier_one_showed_asks_no_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planners = shop_planners(tmp_path, HINTING)
    try:
        services, _skills = shop_services(planners, tmp_path)
        turns = TurnRunner(build_graph(services), services.sanitizer)
        trips = counted_round_trips(monkeypatch)
        hops = counted_thread_hops(monkeypatch)
        said = []
        for session in ("s1", "s2"):  # the same message and cards, in two conversations
            events = [e async for e in turns.events(TurnRequest("local", session, "find a lamp"))]
            said += [e.hints for e in events if e.type == "hints"]
        assert said == [["More lamps", "A desk", "Cheaper ones"]] * 2
        # refuse + plan, answer, then hints only the first time
        assert trips == ["shop"] * 3 + ["shop"] * 2
        assert hops.count("fallback_hints") == 1
    finally:
        planners.close()


CHECKING = (
    PLANNER
    + """
def check(turn):
    asked = turn["call"]["args"]["q"]
    return None if asked == "lamp" else [f"q: the user asked for a lamp, not a {asked}"]
"""
)


def calls_a_desk(messages: list[BaseMessage]) -> AIMessage:
    """A real model that calls for a desk (not the planned lamp), then answers."""
    last = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
    if any(isinstance(m, ToolMessage) for m in messages[last:]):
        return AIMessage("Done.")
    return AIMessage("", tool_calls=[{"name": "find_item", "args": {"q": "desk"}, "id": "c1"}])


async def test_the_planned_call_is_not_checked_and_any_other_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planners = shop_planners(tmp_path, CHECKING)
    try:
        trips = counted_round_trips(monkeypatch)
        for session, model in (("s1", None), ("s2", ScriptedChatModel(respond=calls_a_desk))):
            services, skills = shop_services(planners, tmp_path, model)
            turns = TurnRunner(build_graph(services), services.sanitizer)
            events = [e async for e in turns.events(TurnRequest("local", session, "find a lamp"))]
            assert events[-1].type == "done"
            if model is None:  # refuse + plan, answer, hints: the plan's own call is not checked
                assert skills.calls == [("find_item", {"q": "lamp"})] and len(trips) == 3
        # the desk: refuse + plan, its check (corrected, not run), hints
        assert skills.calls == [] and len(trips) == 3 + 3
    finally:
        planners.close()


class Shop:
    """A planner module as the host holds it: one function answers, one raises."""

    @staticmethod
    def refuse(text: str) -> str | None:
        return None

    @staticmethod
    def plan(turn: dict[str, Any]) -> dict[str, Any]:
        return {"calls": [], "note": turn["text"]}

    @staticmethod
    def hints(results: list[Any]) -> list[str]:
        raise RuntimeError("no hints today")


@pytest.mark.parametrize(
    ("requests_", "errors"),
    [
        ([("refuse", "hi"), ("plan", {"text": "hi"})], 0),
        ([("plan", {"text": "a"}), ("hints", []), ("refuse", "b")], 1),  # hints raises
        ([("check", {}), ("plan", {"text": "c"})], 1),  # no check: AttributeError
        ([("nothing", 1), ("refuse", "d")], 1),  # no planner function of that name
    ],
)
def test_a_batch_answers_each_request_as_asked_alone(
    requests_: list[tuple[str, Any]], errors: int
) -> None:
    module: Any = Shop
    alone = [answer(module, json.dumps({"fn": f, "arg": a})) for f, a in requests_]
    asked = [{"fn": f, "arg": a} for f, a in requests_]
    together = answer(module, json.dumps({"fn": "batch", "arg": asked}))
    assert together == {"ok": alone}
    assert sum("error" in reply for reply in alone) == errors


def test_a_batch_through_the_process_reads_each_answer_and_each_error(
    planners: Planners, monkeypatch: pytest.MonkeyPatch
) -> None:
    (shop,) = planners.items
    trips = counted_round_trips(monkeypatch)
    said = shop.ask_many({"refuse": "a forbidden lamp", "hints": [], "confirm": {}})
    assert said == {"refuse": "Not in this shop.", "hints": None}  # confirm: it has none
    assert trips == ["shop"] and shop.process.failures == 0
    assert shop.ask("refuse", "a lamp") is None and trips == ["shop", "shop"]


SLOW = """
import time
def refuse(text):
    time.sleep(float(text))
    return None
def plan(turn):
    return {"calls": [], "note": "slow"}
"""


def test_a_batch_that_hangs_is_one_failure_and_every_answer_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(planner_process, "CALL_TIMEOUT_S", 0.5)
    folder = tmp_path / "slow"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\nname: slow\nimage: x\n---\n")
    (folder / "planner.py").write_text(SLOW)
    planners = Planners.from_skills_dir(tmp_path)
    try:
        (slow,) = planners.items
        first = slow.process._box[0]
        assert slow.ask_many({"refuse": "30", "plan": {}}) == {"refuse": None, "plan": None}
        assert slow.process.failures == 1 and first is not None and first.poll() is not None
        said = slow.ask_many({"refuse": "0", "plan": {}})  # a fresh process answers both
        assert said == {"refuse": None, "plan": {"calls": [], "note": "slow"}}
        assert slow.process.failures == 0
    finally:
        planners.close()
