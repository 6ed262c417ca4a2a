from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import numpy as np
import pytest
from offline_process import run_offline

from agent_graph.memory import embeddings
from agent_graph.memory.embeddings import (
    DEFAULT_TOKENIZER_PATH,
    DIMENSIONS,
    EmbeddingAssetError,
    OfflineMiniLM,
)

SIMILAR = (
    "find me a 3-bed house in Austin under $500k",
    "show me three bedroom homes in Austin below 500 thousand dollars",
)
UNRELATED = "what time is it in Tokyo?"


def _cos(a: list[float], b: list[float]) -> float:
    return float(np.dot(a, b))


def test_vectors_are_384d_and_unit_length(ef: OfflineMiniLM) -> None:
    vectors = ef.embed(["hello", "a much longer sentence about a house with a pool"])
    assert [len(v) for v in vectors] == [DIMENSIONS, DIMENSIONS]
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_similar_sentences_are_closer_than_unrelated(ef: OfflineMiniLM) -> None:
    a, b, c = ef.embed([*SIMILAR, UNRELATED])
    assert _cos(a, b) > 0.8
    assert _cos(a, c) < 0.3


def test_batches_keep_input_order_and_match_single_calls(ef: OfflineMiniLM) -> None:
    texts = [f"{'very ' * (i % 7)}nice house number {i}" for i in range(70)]
    batch = ef.embed(texts)
    for i in (0, 5, 33, 69):
        assert np.allclose(batch[i], ef.embed([texts[i]])[0], atol=1e-5)


class CountingMiniLM(OfflineMiniLM):
    """The real model, counting the texts it computes."""

    computed: list[str]

    def _embed_many(self, texts: list[str]) -> embeddings.Matrix:
        self.computed = [*getattr(self, "computed", []), *texts]
        return super()._embed_many(texts)


def test_a_text_embedded_again_by_any_reader_is_computed_once() -> None:
    ef, other = CountingMiniLM(), CountingMiniLM()  # two readers of one model
    message = "a 3-bed house in Austin under $500k, asked just now"
    first = ef.embed([message])
    ef.computed.remove(message)
    assert other.embed([message]) == first and ef([message])[0].tolist() == first[0]
    assert message not in ef.computed and not getattr(other, "computed", [])
    ef([message])[0][:] = 0.0  # a caller changing its copy changes no other reader's
    assert other.embed([message]) == first
    batch = ef.embed(["another text", message])  # batches are computed as before
    assert ef.computed[-2:] == ["another text", message]
    assert np.allclose(batch[1], first[0], atol=1e-5)


def test_long_text_is_truncated_not_rejected(ef: OfflineMiniLM) -> None:
    (vector,) = ef.embed(["word " * 2000])
    assert len(vector) == DIMENSIONS


def test_empty_input_gives_no_vectors(ef: OfflineMiniLM) -> None:
    assert ef.embed([]) == []


def test_chroma_protocol_call_returns_arrays(ef: OfflineMiniLM) -> None:
    result = ef(["hello"])
    assert len(result) == 1 and len(result[0]) == DIMENSIONS


def test_config_round_trip_reuses_the_process_runtime(ef: OfflineMiniLM) -> None:
    assert OfflineMiniLM.name() == "offline_minilm_l6_v2_int8"
    assert ef.default_space() == "cosine"
    config = ef.get_config()
    assert config == {"max_length": 256, "batch_size": 32}
    rebuilt = OfflineMiniLM.build_from_config(config)
    assert rebuilt._runtime is ef._runtime
    assert rebuilt.embed(["x"]) == ef.embed(["x"])


def test_tampered_tokenizer_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "tokenizer.json"
    shutil.copy(DEFAULT_TOKENIZER_PATH, bad)
    with bad.open("a") as fh:
        fh.write(" ")
    with pytest.raises(EmbeddingAssetError, match="sha256"):
        OfflineMiniLM(tokenizer_path=bad)


def test_missing_model_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(EmbeddingAssetError, match="not found"):
        OfflineMiniLM(model_path=tmp_path / "missing.onnx")


def test_vendored_assets_ship_with_notice() -> None:
    notice = (DEFAULT_TOKENIZER_PATH.parent / "NOTICE").read_text()
    assert "Apache" in notice and embeddings.TOKENIZER_SHA256 in notice


def test_embeds_in_a_new_process_without_network(tmp_path: Path) -> None:
    code = textwrap.dedent(
        f"""
        import json
        import numpy as np
        from agent_graph.memory.embeddings import embed
        import socket
        try:
            socket.create_connection(("1.1.1.1", 443), timeout=2)
            blocked = False
        except OSError:
            blocked = True
        a, b, c = embed({[*SIMILAR, UNRELATED]!r})
        sims = {{"similar": float(np.dot(a, b)), "unrelated": float(np.dot(a, c))}}
        print(json.dumps({{**sims, "blocked": blocked}}))
        """
    )
    sims = run_offline(code, tmp_path)
    assert sims["blocked"]
    assert sims["similar"] > 0.8 > sims["unrelated"] + 0.4
