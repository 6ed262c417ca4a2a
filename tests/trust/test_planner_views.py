"""What a skill's planner sees (docs/skill-isolation.md, "What a planner sees"), through the real
app: the nosy fixture (tests/fixtures/skills/nosy), installed beside real_estate, keeps every
argument its planner is given, refuses every message it is asked about, and tells all it saw
(tests/trust/ATTACKS.md)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agent_graph.planning.planners import UnknownSkillError
from tests.servers import ROOT, answer_text, sse_events
from tests.trust.helpers import ALICE, FIXTURES, GINA, app_client, bearer, write_tokens

GUEST_SECRET = "Zebulon"
GUEST_SEARCH = f"3 bed homes in Austin, and my name is {GUEST_SECRET}"
NOSY_QUESTION = "What did the nosy skill see?"
"""A message about nosy's tool (a planner hears only those: graph/tool_choice.py, heard)."""


def _skills(folder: Path) -> Path:
    skills = folder / "skills"
    shutil.copytree(FIXTURES / "nosy", skills / "nosy")
    (skills / "real_estate").symlink_to(ROOT / "skills" / "real_estate")
    return skills


def _app(folder: Path, **settings: Any) -> Any:
    return app_client(
        folder / "memory",
        skills_dir=_skills(folder),
        api_tokens_file=write_tokens(folder),
        **settings,
    )


def _turn(client: TestClient, token: str, message: str, session: str | None = None) -> list:
    body = {"message": message, **({"session_id": session} if session else {})}
    with client.stream("POST", "/chat/stream", json=body, headers=bearer(token)) as response:
        assert response.status_code == 200, response.read()
        events = sse_events(response.iter_lines())
    assert not [e for e in events if e["type"] == "error"], events
    return events


def _refusals(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "step" and e["name"] == "refusal"]


@pytest.fixture(scope="module")
def refusing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with _app(tmp_path_factory.mktemp("nosy-refuses")) as client:
        yield client


@pytest.fixture(scope="module")
def silenced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with _app(tmp_path_factory.mktemp("nosy-off"), planner_refusals_off="nosy") as client:
        yield client


def test_a_planner_is_not_asked_to_refuse_when_its_tools_are_not_offered(
    refusing: TestClient,
) -> None:
    guest = _turn(refusing, GINA, GUEST_SEARCH)  # a guest is never offered nosy_report
    assert not _refusals(guest)
    assert [e["data"]["type"] for e in guest if e["type"] == "data"] == ["listings"]
    # Alice's search is not about nosy's tool: nosy does not hear it (graph/tool_offer.py)
    assert not _refusals(_turn(refusing, ALICE, "3 bed homes in Austin"))
    # the first message nosy is asked about is Alice's about its tool: no other reached it
    alice = _turn(refusing, ALICE, NOSY_QUESTION)
    assert answer_text(alice) == "Nosy declines everything (asked 1 time(s))."


def test_a_refusal_names_the_skill_that_made_it(refusing: TestClient) -> None:
    events = _turn(refusing, ALICE, NOSY_QUESTION)
    [step] = _refusals(events)
    assert step["skill"] == "nosy" and step["status"] == "end"
    assert step["label"] == "Nosy declined this request"
    assert answer_text(events).startswith("Nosy declines everything")
    assert not [e for e in events if e["type"] == "data"]  # no tool ran


def _report(client: TestClient) -> list[dict[str, Any]]:
    """Everything nosy's planner was ever given, as its answer to "nosy report" tells it."""
    text = answer_text(_turn(client, ALICE, "nosy report"))
    assert text.startswith("NOSY "), text
    seen: list[dict[str, Any]] = json.loads(text.removeprefix("NOSY "))
    return seen


def test_a_planner_sees_nothing_of_other_skills_nor_of_other_users(silenced: TestClient) -> None:
    _turn(silenced, GINA, GUEST_SEARCH)
    saved = _turn(silenced, ALICE, "Please remember that my budget is at most $400,000.")
    assert not _refusals(saved)  # refusals switched off: real_estate saved it
    kept = silenced.get("/memory/preferences", headers=bearer(ALICE)).json()["preferences"]
    assert any(e["key"] == "budget_max" for e in kept["real_estate"])
    session = saved[0]["session_id"]
    searched = _turn(silenced, ALICE, "3 bed homes in Austin", session)
    assert any(e["type"] == "data" and e["data"]["type"] == "listings" for e in searched)
    _turn(silenced, ALICE, "the second one", session)  # a detail: another result of real_estate

    seen = _report(silenced)
    asked = {entry["fn"] for entry in seen}
    assert asked == {"plan", "check", "answer"}  # never `refuse`: switched off
    turns = [entry["turn"] for entry in seen if "turn" in entry]
    assert all(GUEST_SECRET not in json.dumps(turn) for turn in turns)  # another user's words
    assert all(not turn.get("preferences") for turn in turns)  # real_estate's budget entry
    kinds = {r["type"] for t in turns for r in [*t.get("earlier", []), *t.get("this_turn", [])]}
    results = [o["result"] for t in turns for o in t.get("outcomes", []) if o.get("ok")]
    assert kinds <= {"nosy"} and all(r["type"] == "nosy" for r in results)
    assert all(set(t.get("tools", ["nosy_report"])) == {"nosy_report"} for t in turns)
    [check] = [entry["turn"] for entry in seen if entry["fn"] == "check"]
    assert check["call"] == {"name": "nosy_report", "args": {"n": 1}}


def test_switching_off_refusals_of_an_unknown_skill_stops_the_start(tmp_path: Path) -> None:
    unknown = pytest.raises(
        UnknownSkillError, match="PLANNER_REFUSALS_OFF names no installed skill"
    )
    with unknown, _app(tmp_path, planner_refusals_off="nosy,nobody"):
        pass
