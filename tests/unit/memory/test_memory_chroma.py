from __future__ import annotations

import re
import threading
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from agent_graph.memory.chroma import (
    chroma_metadata,
    collection_name,
    open_client,
    release_client,
)

VALID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]")


@given(st.lists(st.text(max_size=80), min_size=1, max_size=4))
def test_collection_names_are_always_valid(parts: list[str]) -> None:
    name = collection_name(*parts)
    assert VALID.fullmatch(name), name
    assert ".." not in name


@given(st.text(max_size=40), st.text(max_size=40))
def test_distinct_ids_get_distinct_names(a: str, b: str) -> None:
    if a != b:
        assert collection_name("l2", a) != collection_name("l2", b)


def test_names_stay_readable() -> None:
    assert collection_name("l3", "local", "real_estate").startswith("l3-local-real_estate-")
    assert collection_name("l2", "a/b") != collection_name("l2", "a_b")
    assert collection_name("l2", "a", "b") != collection_name("l2", "a-b")


def test_one_client_per_path_even_across_threads(tmp_path: Path) -> None:
    clients = []
    threads = [
        threading.Thread(target=lambda: clients.append(open_client(tmp_path))) for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(c) for c in clients}) == 1
    assert (tmp_path / "chroma").is_dir()
    assert open_client(tmp_path / "other") is not clients[0]
    for _ in range(4):
        release_client(tmp_path)
    release_client(tmp_path / "other")


def test_the_client_closes_when_its_last_opener_releases_it(tmp_path: Path) -> None:
    first = open_client(tmp_path)
    first.get_or_create_collection("kept").add(ids=["a"], embeddings=[[0.1, 0.2]])
    assert open_client(tmp_path) is first
    release_client(tmp_path)
    assert first.count_collections() == 1  # one opener still holds it
    release_client(tmp_path)
    reopened = open_client(tmp_path)
    assert reopened is not first
    assert reopened.get_collection("kept").count() == 1  # what it wrote is on disk
    release_client(tmp_path)


def test_metadata_is_flattened_to_scalars() -> None:
    assert chroma_metadata({"a": 1, "b": None, "c": ["x", 2], "d": {"k": True}, "e": 1.5}) == {
        "a": 1,
        "c": '["x", 2]',
        "d": '{"k": true}',
        "e": 1.5,
    }
