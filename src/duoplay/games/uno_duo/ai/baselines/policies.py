"""The baselines' models: a linear softmax policy and a small Q-network, NumPy only, saved as `.npz`.

Either is a policy for `duoplay.ai.evaluate`: called with an observation dict (`observation`,
`action_mask`) it returns the legal action it values most.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]


def masked(values: Array, masks: npt.NDArray[Any]) -> Array:
    """`values` where the mask allows, minus infinity elsewhere."""
    return np.where(masks == 1, values, -np.inf).astype(np.float32)


class LinearPolicy:
    """A softmax over the legal actions of `weights @ observation` (one row of weights per action)."""

    kind = "linear"

    def __init__(self, weights: Array) -> None:
        self.weights = weights

    @classmethod
    def zeros(cls, actions: int, features: int) -> LinearPolicy:
        return cls(np.zeros((actions, features), np.float32))

    def logits(self, observations: Array, masks: npt.NDArray[Any]) -> Array:
        return masked(observations @ self.weights.T, masks)

    def __call__(self, observation: dict[str, Any]) -> int:
        logits = self.logits(observation["observation"][None], observation["action_mask"][None])
        return int(logits[0].argmax())

    def arrays(self) -> dict[str, Array]:
        return {"weights": self.weights}


class QNetwork:
    """Q-values of every action from one hidden layer of rectified units: the position's value
    (`wv`, `bv`) plus each action's advantage (`w2`, `b2`).

    The advantages start at zero, so an action the network has not yet seen taken is worth what the
    position is worth: with 151 outputs, most of them a card seldom in hand, random starting values
    made the greedy policy chase whichever untried action happened to start highest."""

    kind = "qnetwork"

    def __init__(self, w1: Array, b1: Array, w2: Array, b2: Array, wv: Array, bv: Array) -> None:
        self.w1, self.b1, self.w2, self.b2, self.wv, self.bv = w1, b1, w2, b2, wv, bv

    @classmethod
    def initial(cls, features: int, hidden: int, actions: int, rng: np.random.Generator) -> QNetwork:
        w1 = (rng.standard_normal((features, hidden)) * np.sqrt(2 / features)).astype(np.float32)
        wv = (rng.standard_normal((hidden, 1)) * np.sqrt(1 / hidden)).astype(np.float32)
        return cls(w1, np.zeros(hidden, np.float32), np.zeros((hidden, actions), np.float32),
                   np.zeros(actions, np.float32), wv, np.zeros(1, np.float32))

    def parameters(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2, self.wv, self.bv]

    def copy(self) -> QNetwork:
        return QNetwork(*(p.copy() for p in self.parameters()))

    def hidden(self, observations: Array) -> Array:
        hidden: Array = np.maximum(observations @ self.w1 + self.b1, 0.0)
        return hidden

    def values_from(self, hidden: Array) -> Array:
        values: Array = hidden @ self.w2 + self.b2 + (hidden @ self.wv + self.bv)
        return values

    def values(self, observations: Array) -> Array:
        return self.values_from(self.hidden(observations))

    def __call__(self, observation: dict[str, Any]) -> int:
        values = masked(self.values(observation["observation"][None]), observation["action_mask"][None])
        return int(values[0].argmax())

    def arrays(self) -> dict[str, Array]:
        return dict(zip(("w1", "b1", "w2", "b2", "wv", "bv"), self.parameters(), strict=True))


Model = LinearPolicy | QNetwork


def save(model: Model, path: str | Path, **about: Any) -> None:
    """Write the model's arrays and what made it (`about`: the training command's settings) to `path`."""
    arrays: dict[str, Any] = {"kind": model.kind, "about": repr(about), **model.arrays()}
    np.savez_compressed(path, **arrays)


def load(path: str | Path) -> Model:
    """The model saved at `path`."""
    with np.load(path) as saved:
        kind = str(saved["kind"])
        if kind == LinearPolicy.kind:
            return LinearPolicy(saved["weights"])
        if kind == QNetwork.kind:
            return QNetwork(*(saved[name] for name in ("w1", "b1", "w2", "b2", "wv", "bv")))
    raise ValueError(f"{path} holds no baseline model (kind {kind!r})")
