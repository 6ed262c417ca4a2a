"""A request reaches the agents' inbox only from a tool that declares handoffs and asks first,
and only within the declared maximum of each field (storage/handoffs.py, MAX_FIELDS): the
handoff_probe fixture (tests/fixtures/skills/handoff_probe), through the real API."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agent_graph.storage.handoffs import MAX_FIELDS
from tests.trust.helpers import ALICE, FIXTURES, TOKENS, app_client, bearer, write_tokens

AGENT = "agnes-agent-token-0123456789"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("handoff-probe")
    shutil.copytree(FIXTURES / "handoff_probe", folder / "skills" / "handoff_probe")
    tokens = write_tokens(folder, {**TOKENS, AGENT: {"user": "agnes", "role": "agent"}})
    with app_client(folder / "memory", skills_dir=folder / "skills", api_tokens_file=tokens) as app:
        yield app


def _inbox(client: TestClient) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = client.get("/handoffs", headers=bearer(AGENT)).json()["handoffs"]
    return found


def _confirmed(client: TestClient, tool: str, size: int) -> Any:
    params = {"size": size}
    asked = client.post(f"/tools/{tool}", json={"params": params}, headers=bearer(ALICE))
    assert asked.status_code == 409, asked.text  # asks first
    body = {"params": params, "confirm": asked.json()["confirm"]}
    return client.post(f"/tools/{tool}", json=body, headers=bearer(ALICE))


def test_a_tool_that_declares_no_handoff_cannot_make_one(client: TestClient) -> None:
    sneaked = client.post("/tools/sneak_handoff", json={"params": {}}, headers=bearer(ALICE))
    assert sneaked.status_code == 422
    assert "does not declare that it hands requests to a person" in sneaked.json()["detail"]
    assert _inbox(client) == []


def test_oversize_handoff_details_are_refused(client: TestClient) -> None:
    refused = _confirmed(client, "call_me_back", 200_000)
    assert refused.status_code == 422
    assert f"may hold at most {MAX_FIELDS['details']:,}" in refused.json()["detail"]
    assert _inbox(client) == []
    kept = _confirmed(client, "call_me_back", 100)
    assert kept.status_code == 200, kept.text
    [handoff] = _inbox(client)
    assert handoff["details"] == {"notes": "x" * 100} and handoff["skill"] == "handoff_probe"
