"""Data written by one process is found, with the same ranking, by a fresh one: offline and
without any (deprecation) warning from Chroma about the embedding function."""

from __future__ import annotations

from pathlib import Path

from offline_process import run_offline

OPEN = """
import json, sys, warnings
from pathlib import Path
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    from agent_graph.memory.chroma import collection_name, open_client
    from agent_graph.memory.embeddings import OfflineMiniLM
    from agent_graph.memory.episodes import EpisodeMemory
    from agent_graph.memory.semantic import SemanticMemory
    client = open_client(Path(sys.argv[1]))
    ef = OfflineMiniLM()
    l3 = SemanticMemory(client, ef, max_distance=None)
    l2 = EpisodeMemory(client, ef)
"""

WRITE = """
    for i in range(40):
        l3.add("alice", "real_estate", f"search {i}: {i % 5 + 1} bed homes near park {i}", {"i": i})
        l2.add("alice", "s1", i, f"question {i} about {i % 5 + 1} bedrooms", f"answer {i}")
"""

READ = """
    l3_ids = [h.id for h in l3.search("alice", "3 bed homes near a park", n=5)]
    l2_ids = [e.index for e in l2.query("alice", "s1", "2 bedrooms", n=5, before_index=30)]
    name = collection_name("l3", "alice", "real_estate")
    config = client.get_collection(name, embedding_function=ef).configuration_json
    # Without an explicit EF, Chroma rebuilds ours from the persisted config (registration).
    bare = client.get_collection(name).query(query_texts=["3 bed homes near a park"], n_results=5)
print(json.dumps({"l3": l3_ids, "l2": l2_ids, "config": config, "bare": bare["ids"][0],
                  "warnings": [f"{w.category.__name__}: {w.message}" for w in caught]}))
"""


def test_reopened_collections_return_the_same_top_ids(tmp_path: Path) -> None:
    written = run_offline(OPEN + WRITE + READ, tmp_path, str(tmp_path))
    reopened = run_offline(OPEN + READ, tmp_path, str(tmp_path))
    assert written["warnings"] == [] and reopened["warnings"] == []
    assert len(written["l3"]) == 5 and len(written["l2"]) == 5
    assert reopened["l3"] == written["l3"] == reopened["bare"]
    assert reopened["l2"] == written["l2"]
    assert all(i < 30 for i in reopened["l2"])
    config = reopened["config"]
    assert config["embedding_function"]["name"] == "offline_minilm_l6_v2_int8"
    assert config["hnsw"]["space"] == "cosine"
