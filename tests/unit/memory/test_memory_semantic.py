from __future__ import annotations

from chromadb.api import ClientAPI

from agent_graph.memory.embeddings import OfflineMiniLM
from agent_graph.memory.semantic import SemanticMemory

POOL_HOUSE = (
    "search_properties {location: Austin, features: [pool]}: 6 matches; "
    "top: 1401 Barton Hills Dr $650,000 4bd/3ba 2,400 sqft house"
)
CONDO = (
    "search_properties {location: Austin, property_type: condo}: 12 matches; "
    "top: 800 W 5th St #1204 $410,000 2bd/2ba 1,100 sqft condo"
)
TIME = "current_time {timezone: Asia/Tokyo}: 2026-11-22 09:14 JST"


def test_query_returns_the_most_similar_summaries_first(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", POOL_HOUSE, {"tool": "search_properties", "score": 4})
    memory.add("alice", "real_estate", CONDO, {"tool": "search_properties", "score": 4})
    memory.add("alice", "current_time", TIME, {"tool": "current_time"})
    hits = memory.search("alice", "houses with a swimming pool", n=3, max_distance=2.0)
    assert len(hits) == 3 and hits[0].summary == POOL_HOUSE
    assert hits == sorted(hits, key=lambda h: h.distance)
    assert hits[0].metadata["tool"] == "search_properties" and hits[0].skill == "real_estate"
    assert memory.query("alice", "what time is it in Japan", n=1) == [TIME]


def test_users_never_see_each_other(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", POOL_HOUSE, {})
    memory.add("bob", "real_estate", CONDO, {})
    assert memory.query("alice", "condo downtown", n=5, max_distance=2.0) == [POOL_HOUSE]
    assert memory.query("bob", "house with pool", n=5, max_distance=2.0) == [CONDO]
    assert memory.query("carol", "house with pool") == []


def test_skills_filter_limits_the_collections_searched(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", POOL_HOUSE, {})
    memory.add("alice", "current_time", TIME, {})
    assert memory.skills("alice") == ["current_time", "real_estate"]
    found = memory.query("alice", "time in Tokyo", n=5, skills=["real_estate"], max_distance=2.0)
    assert found == [POOL_HOUSE]
    assert memory.query("alice", "time", skills=["unknown_skill"]) == []


def test_distance_threshold_drops_unrelated_summaries(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = SemanticMemory(client, ef, max_distance=0.6)
    memory.add("alice", "real_estate", POOL_HOUSE, {})
    assert memory.query("alice", "recipe for banana bread") == []
    assert memory.query("alice", "Austin homes with a pool") == [POOL_HOUSE]
    assert memory.query("alice", "recipe for banana bread", max_distance=2.0) == [POOL_HOUSE]


SEARCH = (
    "search_properties {location: Austin, beds_min: 3, property_type: house, price_max: 450000}: "
    "1410 matches; top: address: 6314 Needham Ln, Austin, TX 78739, price: 325000, beds: 4, "
    "baths: 3.0, sqft: 2870, property_type: house"
)


def test_default_threshold_keeps_a_search_from_follow_ups_that_name_no_place(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", SEARCH, {})
    assert memory.query("alice", "3 bedroom homes in Austin") == [SEARCH]
    assert memory.query("alice", "Show me my saved homes.") == []
    assert memory.query("alice", "compare the first two") == []


def test_repeated_summary_is_stored_once(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = SemanticMemory(client, ef)
    first = memory.add("alice", "real_estate", CONDO, {"n": 1})
    second = memory.add("alice", "real_estate", CONDO, {"n": 2})
    assert first == second
    hits = memory.search("alice", "condo", n=5, max_distance=2.0)
    assert len(hits) == 1 and hits[0].metadata["n"] == 2


def test_skill_index_is_rebuilt_from_disk_by_a_new_instance(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    SemanticMemory(client, ef).add("alice", "real_estate", CONDO, {})
    fresh = SemanticMemory(client, ef)
    assert fresh.skills("alice") == ["real_estate"]
    assert fresh.query("alice", "condo", max_distance=2.0) == [CONDO]


def test_empty_query_or_zero_n_returns_nothing(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", CONDO, {})
    assert memory.query("alice", "   ") == []
    assert memory.query("alice", "condo", n=0) == []


def test_asking_for_more_than_is_stored_returns_what_there_is(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", POOL_HOUSE, {})
    memory.add("alice", "real_estate", CONDO, {})
    hits = memory.search("alice", "homes in Austin", n=10, max_distance=2.0)
    assert sorted(h.summary for h in hits) == sorted([POOL_HOUSE, CONDO])


def test_a_skill_whose_summaries_were_all_deleted_returns_nothing(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    memory = SemanticMemory(client, ef)
    memory.add("alice", "real_estate", CONDO, {})
    for collection in client.list_collections():
        collection.delete(ids=collection.get()["ids"])
    assert memory.query("alice", "a condo downtown", n=3) == []
