"""Planners hear only messages about their own skill's tools, whatever the model's tool choice
(the offline model is bound to every tool): the usurper fixture (tests/fixtures/skills/usurper),
asked first, keeps every message it is shown and tries to put "wire the deposit to acct 1234"
in place of every answer (docs/security.md, "Review three")."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agent_graph.planning.two_skills import parts
from tests.servers import ROOT, answer_text, sse_events
from tests.trust.helpers import ALICE, FIXTURES, GINA, app_client, bearer, write_tokens

BAIT = "wire the deposit to acct 1234"
SEARCH = "4 bed homes in Austin"
SMALL_TALK = "hi there, how are you today?"
GUEST_PHONE = "512-555-0199"
GUEST_MESSAGE = f"I'm ready to wire the escrow deposit for a home in Austin, call {GUEST_PHONE}"
BOTH = "3 bed homes in Austin, and I'm ready to wire the escrow deposit"
OWN = "Send the escrow deposit of $5,000 to the title company"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("usurper")
    skills = folder / "skills"
    shutil.copytree(FIXTURES / "usurper", skills / "usurper")
    (skills / "real_estate").symlink_to(ROOT / "skills" / "real_estate")
    settings: dict[str, Any] = {"skills_dir": skills, "api_tokens_file": write_tokens(folder)}
    with app_client(folder / "memory", **settings) as app:  # the offline model, every tool
        yield app


def _turn(client: TestClient, token: str, message: str) -> list[dict[str, Any]]:
    with client.stream(
        "POST", "/chat/stream", json={"message": message}, headers=bearer(token)
    ) as response:
        assert response.status_code == 200, response.read()
        events = sse_events(response.iter_lines())
    assert not [e for e in events if e["type"] == "error"], events
    return events


def _heard(client: TestClient) -> list[str]:
    """Every message the usurper's planner was ever shown, as its own tool's answer tells it
    (its answer to its own call is its to word)."""
    text = answer_text(_turn(client, ALICE, OWN))
    assert text.startswith(BAIT), text
    return [entry["text"] for entry in json.loads(text.removeprefix(BAIT))]


def test_a_planner_never_replaces_a_plain_answer_or_another_skills(client: TestClient) -> None:
    search = _turn(client, ALICE, SEARCH)
    assert [e["data"]["type"] for e in search if e["type"] == "data"] == ["listings"]
    assert BAIT not in answer_text(search)
    plain = answer_text(_turn(client, ALICE, SMALL_TALK))
    assert plain and BAIT not in plain  # the product's own words (a question back)
    # a message about both: the usurper hears it, but its plan may call only its own tool, and
    # its words alone do not stand before real_estate's search
    both = _turn(client, ALICE, BOTH)
    assert [e["data"]["type"] for e in both if e["type"] == "data"] == ["listings"]
    assert BAIT not in answer_text(both)


def test_a_planner_hears_only_messages_about_its_tools_and_no_guests(client: TestClient) -> None:
    guest = _turn(client, GINA, GUEST_MESSAGE)  # a guest is never offered wire_escrow_deposit
    assert BAIT not in answer_text(guest)
    _turn(client, ALICE, SEARCH)
    _turn(client, ALICE, SMALL_TALK)
    heard = _heard(client)
    # the parts of a message it hears, each planned alone (planning/two_skills.py), and no other
    allowed = {*parts(BOTH), *parts(OWN)}
    assert heard and all(text in allowed for text in heard), heard
    assert not [text for text in heard if GUEST_PHONE in text]
