"""The process-wide Chroma client, valid collection names, and cached collection handles."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, cast

import chromadb
from chromadb.api import ClientAPI
from chromadb.api.client import Client
from chromadb.api.models.Collection import Collection
from chromadb.api.types import Documents, Embeddable, EmbeddingFunction, Embeddings, Metadata
from chromadb.config import Settings
from chromadb.errors import NotFoundError

_CLIENTS: dict[Path, tuple[ClientAPI, int]] = {}
"""Each folder's client, and how many opened it and have not released it yet."""
_CLIENTS_LOCK = threading.Lock()

#: Serialises writes (add/upsert/delete) to Chroma from worker threads.
WRITE_LOCK: Final = threading.RLock()

_QUERY_CACHE_SIZE: Final = 256
_QUERY_CACHE: OrderedDict[tuple[int, str], Embeddings] = OrderedDict()
_QUERY_LOCK = threading.Lock()
_HASH_CHARS: Final = 12
_MAX_NAME: Final = 63
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9_-]+")


def open_client(root: Path) -> ClientAPI:
    """The one PersistentClient of this process for ``root/chroma`` (opening one costs ~1 s);
    each caller that is done with it says so with `release_client`."""
    path = (root / "chroma").resolve()
    with _CLIENTS_LOCK:
        client, holders = _CLIENTS.get(path) or (None, 0)
        if client is None:
            path.mkdir(parents=True, exist_ok=True)
            client = chromadb.PersistentClient(
                path=str(path), settings=Settings(anonymized_telemetry=False)
            )
        _CLIENTS[path] = (client, holders + 1)
        return client


def release_client(root: Path) -> None:
    """One opener of ``root/chroma`` is done; the last closes the client (its files)."""
    path = (root / "chroma").resolve()
    with _CLIENTS_LOCK:
        client, holders = _CLIENTS.pop(path, None) or (None, 0)
        if client is not None and holders > 1:
            _CLIENTS[path] = (client, holders - 1)
            return
    if isinstance(client, Client):  # what PersistentClient makes; ClientAPI has no close
        client.close()


def collection_name(*parts: str) -> str:
    """A valid Chroma collection name (3–63 chars of [A-Za-z0-9._-]) for arbitrary id parts.

    A readable slug of the parts is kept for debugging; the suffix is a hash of the exact parts,
    so distinct ids never share a collection even when their slugs are equal.
    """
    if not parts:
        raise ValueError("collection_name needs at least one part")
    digest = hashlib.sha256(json.dumps(list(parts)).encode()).hexdigest()[:_HASH_CHARS]
    slugs = (_UNSAFE.sub("_", p).strip("_-")[:20] for p in parts)
    readable = "-".join(s for s in slugs if s)[: _MAX_NAME - _HASH_CHARS - 1].rstrip("_-")
    return f"{readable or 'c'}-{digest}"


def chroma_metadata(values: Mapping[str, Any]) -> Metadata:
    """Chroma accepts only scalar metadata: None is dropped, anything else becomes JSON text."""
    out: dict[str, str | int | float | bool] = {}
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, str | int | float | bool):
            out[str(key)] = value
        else:
            out[str(key)] = json.dumps(value, default=str, sort_keys=True)
    return out


class Collections:
    """Cached collection handles sharing one client and one embedding function."""

    def __init__(self, client: ClientAPI, embedding_function: EmbeddingFunction[Documents]) -> None:
        self.client = client
        self.embedding_function = embedding_function
        # Chroma annotates its parameter as EmbeddingFunction[Embeddable] (invariant), which no
        # text-only function satisfies statically; at run time any EmbeddingFunction works.
        self._ef_arg = cast("EmbeddingFunction[Embeddable]", embedding_function)
        self._cache: dict[str, Collection] = {}
        self._lock = threading.Lock()

    def get_or_create(self, name: str, metadata: dict[str, Any] | None = None) -> Collection:
        with self._lock:
            collection = self._cache.get(name)
            if collection is None:
                collection = self.client.get_or_create_collection(
                    name, metadata=metadata, embedding_function=self._ef_arg
                )
                self._cache[name] = collection
            return collection

    def get(self, name: str) -> Collection | None:
        """The collection, or None when it was never created (reading never creates one)."""
        with self._lock:
            collection = self._cache.get(name)
            if collection is None:
                try:
                    collection = self.client.get_collection(name, embedding_function=self._ef_arg)
                except NotFoundError:
                    return None
                self._cache[name] = collection
            return collection

    def forget(self, name: str) -> None:
        with self._lock:
            self._cache.pop(name, None)

    def embed(self, texts: list[str]) -> Embeddings:
        """Embed outside the write lock, so writers only hold it for the insert itself.

        Single texts are cached: one turn's message is queried against L3 and L2 alike.
        """
        if len(texts) != 1:
            return self.embedding_function(texts)
        key = (id(self.embedding_function), texts[0])
        with _QUERY_LOCK:
            cached = _QUERY_CACHE.get(key)
            if cached is not None:
                _QUERY_CACHE.move_to_end(key)
                return cached
        vectors = self.embedding_function(texts)
        with _QUERY_LOCK:
            _QUERY_CACHE[key] = vectors
            if len(_QUERY_CACHE) > _QUERY_CACHE_SIZE:
                _QUERY_CACHE.popitem(last=False)
        return vectors
