from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from chromadb.api import ClientAPI

from agent_graph.memory.embeddings import OfflineMiniLM
from agent_graph.memory.episodes import EpisodeMemory

EXCHANGES = [
    ("Find 3 bed houses in Austin under 500k", "I found 14 homes; the cheapest is $389,000."),
    ("Which ones have a pool?", "Three of them have a pool, e.g. 1401 Barton Hills Dr."),
    ("What's the weather like?", "I can't check the weather, but I can search homes."),
    ("Show me condos near downtown instead", "Here are 12 condos within 2 miles of downtown."),
    ("Tell me about the school district", "Most listings are in Austin ISD."),
    ("What is the HOA fee of the first condo?", "The HOA fee is $420 per month."),
]


def _fill(memory: EpisodeMemory, user: str, session: str) -> None:
    for i, (u, a) in enumerate(EXCHANGES):
        memory.add(user, session, i, f"{u} ({session})", a)


def test_query_orders_by_similarity(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = EpisodeMemory(client, ef)
    _fill(memory, "alice", "s1")
    episodes = memory.query("alice", "s1", "swimming pool", n=3)
    assert episodes[0].index == 1
    assert episodes[0].assistant_text == EXCHANGES[1][1]
    assert [e.distance for e in episodes] == sorted(e.distance for e in episodes)
    assert len(episodes) == 3


def test_only_episodes_before_the_verbatim_window(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = EpisodeMemory(client, ef)
    _fill(memory, "alice", "s1")
    episodes = memory.query("alice", "s1", "HOA fee of the condo", n=10, before_index=3)
    assert sorted(e.index for e in episodes) == [0, 1, 2]
    assert memory.query("alice", "s1", "anything", before_index=0) == []


def test_sessions_and_users_are_isolated(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = EpisodeMemory(client, ef)
    _fill(memory, "alice", "s1")
    _fill(memory, "alice", "s2")
    _fill(memory, "bob", "s1")
    for user, session in [("alice", "s1"), ("alice", "s2"), ("bob", "s1")]:
        episodes = memory.query(user, session, "pool", n=10)
        assert len(episodes) == len(EXCHANGES)
        assert all(e.user_text.endswith(f"({session})") for e in episodes)
    assert memory.query("carol", "s1", "pool") == []
    assert memory.query("alice", "s3", "pool") == []


def test_saving_an_index_again_replaces_it(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = EpisodeMemory(client, ef)
    memory.add("alice", "s1", 0, "first", "old answer")
    memory.add("alice", "s1", 0, "first", "new answer")
    (episode,) = memory.query("alice", "s1", "first", n=5)
    assert episode.assistant_text == "new answer"


def test_delete_session_removes_only_that_session(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = EpisodeMemory(client, ef)
    _fill(memory, "alice", "s1")
    _fill(memory, "alice", "s2")
    _fill(memory, "bob", "s1")
    assert memory.delete_session("alice", "s1") == len(EXCHANGES)
    assert memory.query("alice", "s1", "pool") == []
    assert memory.count("alice", "s1") == 0
    assert memory.count("alice", "s2") == len(EXCHANGES)
    assert memory.count("bob", "s1") == len(EXCHANGES)
    assert memory.delete_session("alice", "s1") == 0
    assert memory.delete_session("nobody", "s1") == 0


def test_concurrent_writers_from_threads(client: ClientAPI, ef: OfflineMiniLM) -> None:
    memory = EpisodeMemory(client, ef)
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda i: memory.add("alice", "s1", i, f"q{i}", f"a{i}"), range(20)))
    assert memory.count("alice", "s1") == 20


def test_older_episode_is_found_when_newer_similar_ones_crowd_the_top(
    client: ClientAPI, ef: OfflineMiniLM
) -> None:
    memory = EpisodeMemory(client, ef)
    memory.add("carol", "s1", 0, "Houses with a big garage in Austin", "Here are 9 homes.")
    for i in range(1, 12):
        memory.add("carol", "s1", i, f"More houses with a two-car garage, page {i}", "More homes.")
    episodes = memory.query("carol", "s1", "houses with a garage", n=1, before_index=1)
    assert [e.index for e in episodes] == [0]
