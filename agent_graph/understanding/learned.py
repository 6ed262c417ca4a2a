"""A second ranking of the skills' intents: a linear (softmax) classifier over the same MiniLM
vectors as the nearest examples, trained on the intents' examples when they are embedded.

The nearest examples rank an intent by a few examples alone; the classifier weighs every example
of every intent at once, so an intent that answers without a tool (a greeting, a term) takes the
messages that only look like a tool's example. Measured leave-one-out on the learn corpus it names
the right tool more often (bench/results/understanding.md, seventh to ninth sessions).
Training is gradient descent from zero weights over a fixed number of steps, in float32 (twice as
fast as float64 on a busy machine): the same examples always give the same weights.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

STEPS = 200
RATE = 20.0
MOMENTUM = 0.9
DECAY = 1e-4
"""Nesterov gradient descent's steps, step size, momentum and weight decay: in 200 steps it
names the same intent for every learn message as 1500 plain steps (leave_one_out.py's), in
about a tenth of the time."""

Vectors = npt.NDArray[np.float32]


@dataclass(frozen=True)
class LinearRanking:
    """Softmax regression weights, one column per class, the bias as the last row."""

    weights: Vectors

    @classmethod
    def trained(
        cls, vectors: Vectors, labels: npt.NDArray[np.int64], classes: int
    ) -> LinearRanking:
        """Weights fitted to `vectors` (one per row, unit length) labelled by class index;
        with no vectors (skills that declare no intents) all zero, never asked."""
        if len(vectors) == 0:
            return cls(np.zeros((1, classes), np.float32))
        x = np.hstack([vectors, np.ones((len(vectors), 1), np.float32)]).astype(np.float32)
        wanted = np.eye(classes, dtype=np.float32)[labels]
        weights = np.zeros((x.shape[1], classes), np.float32)
        velocity = np.zeros_like(weights)
        for _ in range(STEPS):
            ahead = weights + MOMENTUM * velocity
            gradient = x.T @ (_softmax(x @ ahead) - wanted) / len(x) + DECAY * ahead
            velocity = MOMENTUM * velocity - RATE * gradient
            weights = weights + velocity
        return cls(weights)

    def probabilities(self, vector: Vectors) -> Vectors:
        """Each class's probability for one message's vector; they sum to 1."""
        z = vector @ self.weights[:-1] + self.weights[-1]
        chances: Vectors = _softmax(z[np.newaxis, :])[0]
        return chances


def _softmax(z: npt.NDArray[np.floating[Any]]) -> Vectors:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return np.asarray(e / e.sum(axis=1, keepdims=True), dtype=np.float32)
