"""L3 memory: summaries of useful tool results, one Chroma collection per (user, skill),
retrieved by similarity to the user's message."""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from chromadb.api import ClientAPI
from chromadb.api.types import Documents, EmbeddingFunction

from agent_graph.memory.chroma import WRITE_LOCK, Collections, chroma_metadata, collection_name

LAYER: Final = "l3"
#: Cosine distance above which a summary is considered unrelated (similarity below 0.4).
#: Measured with the bundled MiniLM on the bundled skills' real search summaries: a message
#: with the same place or constraints lies at 0.49-0.57, a follow-up that names neither (a
#: request to list what the user saved: 0.66-0.67; "compare the first two": 0.89) shares only
#: common words with them. At 0.75 every such follow-up read three unrelated summaries (~250
#: tokens on a local model): docs/llm-eval.md.
DEFAULT_MAX_DISTANCE: Final = 0.6


@dataclass(frozen=True)
class SemanticHit:
    """One retrieved summary."""

    id: str
    skill: str
    summary: str
    distance: float
    metadata: Mapping[str, Any]


class SemanticMemory:
    """Stores and retrieves L3 tool-result summaries."""

    def __init__(
        self,
        client: ClientAPI,
        embedding_function: EmbeddingFunction[Documents],
        max_distance: float | None = DEFAULT_MAX_DISTANCE,
    ) -> None:
        self._collections = Collections(client, embedding_function)
        self.max_distance = max_distance
        self._skills: dict[str, set[str]] | None = None
        self._skills_lock = threading.Lock()

    def add(self, user: str, skill: str, summary: str, metadata: Mapping[str, Any]) -> str:
        """Store one summary; the id is a hash of the text, so a repeated summary is refreshed
        rather than duplicated. Returns the id."""
        return self.add_many(user, skill, [(summary, metadata)])[0]

    def add_many(
        self, user: str, skill: str, items: Sequence[tuple[str, Mapping[str, Any]]]
    ) -> list[str]:
        if not items:
            return []
        if any(not summary.strip() for summary, _ in items):
            raise ValueError("summaries must not be empty")
        now = time.time()
        # Identical summaries in one batch would be duplicate ids for Chroma: keep the last.
        unique = {summary_id(summary): (summary, meta) for summary, meta in items}
        ids = list(unique)
        documents = [summary for summary, _ in unique.values()]
        metadatas = [
            chroma_metadata({**meta, "skill": skill, "created_at": now})
            for _, meta in unique.values()
        ]
        embeddings = self._collections.embed(documents)
        collection = self._collections.get_or_create(
            collection_name(LAYER, user, skill),
            metadata={"layer": LAYER, "user": user, "skill": skill},
        )
        with WRITE_LOCK:
            collection.upsert(
                ids=ids, embeddings=embeddings, documents=documents, metadatas=metadatas
            )
        self._remember_skill(user, skill)
        return [summary_id(summary) for summary, _ in items]

    def query(
        self,
        user: str,
        text: str,
        n: int = 3,
        skills: list[str] | None = None,
        max_distance: float | None = None,
    ) -> list[str]:
        """The ``n`` summaries most similar to ``text`` across the user's skills (or ``skills``)."""
        return [hit.summary for hit in self.search(user, text, n, skills, max_distance)]

    def search(
        self,
        user: str,
        text: str,
        n: int = 3,
        skills: list[str] | None = None,
        max_distance: float | None = None,
    ) -> list[SemanticHit]:
        """Like :meth:`query` with ids, distances and metadata; closest first.

        ``max_distance`` overrides the instance threshold for this call.
        """
        limit = self.max_distance if max_distance is None else max_distance
        if n <= 0 or not text.strip():
            return []
        wanted = self.skills(user) if skills is None else skills
        query_embedding = self._collections.embed([text])
        hits: list[SemanticHit] = []
        for skill in wanted:
            collection = self._collections.get(collection_name(LAYER, user, skill))
            if collection is None:
                continue
            # Chroma returns fewer than n_results when it holds fewer (and none when empty):
            # no count() first, which cost a third of the query
            result = collection.query(
                query_embeddings=query_embedding,
                n_results=n,
                include=["documents", "metadatas", "distances"],
            )
            ids = result["ids"][0]
            documents = (result["documents"] or [[]])[0]
            metadatas = (result["metadatas"] or [[]])[0]
            distances = (result["distances"] or [[]])[0]
            for hit_id, doc, meta, dist in zip(ids, documents, metadatas, distances, strict=True):
                if limit is None or dist <= limit:
                    hits.append(SemanticHit(hit_id, skill, doc or "", float(dist), meta or {}))
        hits.sort(key=lambda h: h.distance)
        return hits[:n]

    def skills(self, user: str) -> list[str]:
        """Skills with an L3 collection for this user (from the collections' own metadata)."""
        with self._skills_lock:
            if self._skills is None:
                self._skills = {}
                for collection in self._collections.client.list_collections():
                    meta = collection.metadata or {}
                    if meta.get("layer") == LAYER:
                        owner, skill = str(meta.get("user")), str(meta.get("skill"))
                        self._skills.setdefault(owner, set()).add(skill)
            return sorted(self._skills.get(user, set()))

    def _remember_skill(self, user: str, skill: str) -> None:
        self.skills(user)  # builds the index first, so the new skill isn't lost on first build
        with self._skills_lock:
            assert self._skills is not None
            self._skills.setdefault(user, set()).add(skill)


def summary_id(summary: str) -> str:
    return hashlib.sha256(summary.encode()).hexdigest()[:24]
