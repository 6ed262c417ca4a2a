"""L2 memory: every completed exchange of a session, retrieved by similarity once it is older
than the turns the context already carries verbatim. One Chroma collection per user."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Metadata, Where
from chromadb.base_types import LiteralValue, LogicalOperator, WhereOperator

from agent_graph.memory.chroma import WRITE_LOCK, Collections, collection_name

LAYER: Final = "l2"
#: Stored texts are capped; the embedding only sees the first 256 tokens anyway.
MAX_TEXT_CHARS: Final = 4000
#: Extra hits asked for so the caller's newest (verbatim) turns can be dropped afterwards.
RECENT_MARGIN: Final = 5
#: Nearest neighbours fetched without any filter first: when the session holds most of the
#: user's episodes (one long session, the worst case for a metadata filter) they already
#: contain the answer, and an unfiltered HNSW query costs a few ms whatever the size.
PROBE: Final = 32


@dataclass(frozen=True)
class Episode:
    """One past exchange of a session."""

    index: int
    user_text: str
    assistant_text: str
    distance: float


class EpisodeMemory:
    """Stores and retrieves L2 session episodes."""

    def __init__(self, client: ClientAPI, embedding_function: EmbeddingFunction[Documents]) -> None:
        self._collections = Collections(client, embedding_function)

    def add(
        self, user: str, session_id: str, index: int, user_text: str, assistant_text: str
    ) -> None:
        """Store exchange ``index`` of the session; saving the same index again replaces it."""
        self.add_many(user, session_id, [(index, user_text, assistant_text)])

    def add_many(self, user: str, session_id: str, exchanges: list[tuple[int, str, str]]) -> None:
        if not exchanges:
            return
        if any(index < 0 for index, _, _ in exchanges):
            raise ValueError("episode indexes start at 0")
        now = time.time()
        by_id = {
            _episode_id(session_id, index): (index, u[:MAX_TEXT_CHARS], a[:MAX_TEXT_CHARS])
            for index, u, a in exchanges
        }
        documents = [f"User: {u}\nAssistant: {a}" for _, u, a in by_id.values()]
        metadatas: list[Metadata] = [
            {
                "session_id": session_id,
                "index": index,
                "user_text": u,
                "assistant_text": a,
                "created_at": now,
            }
            for index, u, a in by_id.values()
        ]
        embeddings = self._collections.embed(documents)
        collection = self._collections.get_or_create(
            collection_name(LAYER, user), metadata={"layer": LAYER, "user": user}
        )
        with WRITE_LOCK:
            collection.upsert(
                ids=list(by_id),
                embeddings=embeddings,
                documents=documents,
                metadatas=metadatas,
            )

    def query(
        self,
        user: str,
        session_id: str,
        text: str,
        n: int = 3,
        before_index: int | None = None,
    ) -> list[Episode]:
        """The ``n`` episodes of this session most similar to ``text``, closest first.

        Only episodes with ``index < before_index`` are considered: the caller passes the index
        of the oldest turn it already sends verbatim.
        """
        if n <= 0 or not text.strip():
            return []
        collection = self._collections.get(collection_name(LAYER, user))
        total = collection.count() if collection is not None else 0
        if collection is None or total == 0:
            return []
        embedding = self._collections.embed([text])
        probe = _search(collection, embedding, None, min(PROBE, total))
        mine = [
            episode
            for episode, session in probe
            if session == session_id and (before_index is None or episode.index < before_index)
        ]
        if len(mine) >= n or total <= PROBE:  # found, or every episode was looked at
            return mine[:n]
        same_session: Where = {"session_id": session_id}
        if before_index is None:
            return [e for e, _ in _search(collection, embedding, same_session, n)]
        # An equality filter is much cheaper in Chroma than one with a range. Callers exclude
        # only their last few verbatim turns, so ask for that many more and drop them here;
        # fall back to the range filter only when newer episodes crowd out the older ones.
        wanted = n + RECENT_MARGIN
        found = [e for e, _ in _search(collection, embedding, same_session, wanted)]
        older = [e for e in found if e.index < before_index]
        if len(older) < n and len(found) == wanted:
            below: dict[WhereOperator | LogicalOperator, LiteralValue] = {"$lt": before_index}
            range_filter: Where = {"$and": [same_session, {"index": below}]}
            older = [e for e, _ in _search(collection, embedding, range_filter, n)]
        return older[:n]

    def count(self, user: str, session_id: str) -> int:
        collection = self._collections.get(collection_name(LAYER, user))
        if collection is None:
            return 0
        return len(collection.get(where={"session_id": session_id}, include=[])["ids"])

    def delete_session(self, user: str, session_id: str) -> int:
        """Delete every episode of the session; returns how many were deleted."""
        collection = self._collections.get(collection_name(LAYER, user))
        if collection is None:
            return 0
        with WRITE_LOCK:
            ids = collection.get(where={"session_id": session_id}, include=[])["ids"]
            if ids:
                collection.delete(ids=ids)
        return len(ids)


def _episode_id(session_id: str, index: int) -> str:
    return f"{session_id}#{index}"


def _search(
    collection: Collection, embedding: Embeddings, where: Where | None, n: int
) -> list[tuple[Episode, str]]:
    """The n nearest episodes matching `where` (any, when None), closest first, each with the
    id of its session."""
    result = collection.query(
        query_embeddings=embedding, n_results=n, where=where, include=["metadatas", "distances"]
    )
    metadatas = (result["metadatas"] or [[]])[0]
    distances = (result["distances"] or [[]])[0]
    return [
        (
            Episode(
                index=int(meta["index"]),  # type: ignore[arg-type]
                user_text=str(meta["user_text"]),
                assistant_text=str(meta["assistant_text"]),
                distance=float(dist),
            ),
            str(meta.get("session_id", "")),
        )
        for meta, dist in zip(metadatas, distances, strict=True)
        if meta is not None
    ]
