"""The handoff inbox in the server profile: one table in PostgreSQL (made with the rest of the
schema), so every replica sees the same requests and a handled mark from any of them."""

from __future__ import annotations

from agent_graph.storage.handoffs import HandoffInbox
from agent_graph.storage.postgres.database import SCHEMA
from tests.jobs.postgres import Databases
from tests.jobs.test_postgres_jobs import pg_store

TOUR = {"type": "handoff", "kind": "tour", "title": "Tour 12 Elm St", "details": {"when": "Sat"}}


async def test_two_replicas_share_one_inbox_and_see_each_others_handled_mark(
    postgres_url: Databases,
) -> None:
    url = postgres_url.fresh_database()
    assert "CREATE TABLE IF NOT EXISTS handoffs" in SCHEMA  # made with the server schema
    first, second = HandoffInbox(pg_store(url)), HandoffInbox(pg_store(url))  # two replicas
    made = await first.receive("ana", "real_estate", TOUR)
    other = await second.receive("bo", "real_estate", {"type": "handoff", "kind": "call"})
    seen = second.all()
    assert {h.id for h in seen} == {made.id, other.id}
    mine = next(h for h in seen if h.id == made.id)
    assert (mine.user, mine.kind, mine.title) == ("ana", "tour", "Tour 12 Elm St")
    assert mine.details == {"when": "Sat"} and mine.handled_at is None

    marked = second.mark_handled(made.id, "agent-eve")
    assert marked is not None and marked.handled_by == "agent-eve" and marked.handled_at
    again = first.mark_handled(made.id, "agent-zed")  # the first mark stays
    assert again is not None and again.handled_by == "agent-eve"
    assert again.handled_at == marked.handled_at
    assert [h.id for h in first.all(open_only=True)] == [other.id]
    assert next(h for h in first.all() if h.id == made.id).handled_by == "agent-eve"
    assert first.mark_handled("nope", "agent-eve") is None
