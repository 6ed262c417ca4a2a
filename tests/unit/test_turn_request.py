"""A TurnRequest is frozen and survives a run lease's JSON unchanged."""

from __future__ import annotations

import dataclasses
import json

import pytest

from agent_graph.turn_request import TurnRequest


def test_a_request_comes_back_from_the_lease_json_as_it_went_in() -> None:
    request = TurnRequest("alice", "s1", None, "admin", False, {"id": "c1", "approve": True})
    stored = json.loads(json.dumps(request.stored()))
    assert "user" not in stored and "session_id" not in stored  # the lease has columns for them
    assert TurnRequest.restored("alice", "s1", stored) == request


def test_a_lease_written_with_missing_fields_gets_the_defaults() -> None:
    restored = TurnRequest.restored("bob", "s2", {"message": "hi"})
    assert restored == TurnRequest("bob", "s2", "hi", role="user", persist=True, confirm=None)


def test_a_request_cannot_change_on_its_way() -> None:
    request = TurnRequest("alice", "s1", "hello")
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.message = "something else"  # type: ignore[misc]
