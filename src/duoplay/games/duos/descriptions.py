"""A description of every card face that does not depend on the language (content/descriptions.json).

Each face lists short words for what it is, where it lives or is used, the story it belongs
to (`st:`), its look, and the faces it goes with (`w:`). People pair Crab with Scorpion
for their pincers and Glass slipper with Prince for the story, which an encoder reading the
names alone does not see. Two faces score by the words they share, a word counting more
the rarer it is among the faces of its category (inverse document frequency), measured against
every two faces of the category, and get a link when either names the other as what it goes
with.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float64]
LINK = "w:"


@cache
def _described() -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """face id -> (description words, face ids it goes with)."""
    text = resources.files("duoplay.games.duos").joinpath("content", "descriptions.json").read_text("utf-8")
    found: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
    for face_id, words in json.loads(text)["faces"].items():
        category = face_id.split("/", 1)[0]
        parts = words.split()
        found[face_id] = (frozenset(w for w in parts if not w.startswith(LINK)),
                          frozenset(f"{category}/{w[len(LINK):]}" for w in parts if w.startswith(LINK)))
    return found


def described_ids() -> set[str]:
    return set(_described())


def links_known() -> set[str]:
    """Every face id that some description says a face goes with (tests check each exists)."""
    return {link for _, links in _described().values() for link in links}


@cache
def _weights(category: str) -> dict[str, float]:
    """How telling each description word is in a category: log(faces / faces with the word)."""
    described = [words for face_id, (words, _) in _described().items() if face_id.startswith(category + "/")]
    counts: dict[str, int] = {}
    for words in described:
        for word in words:
            counts[word] = counts.get(word, 0) + 1
    return {word: math.log(len(described) / count) for word, count in counts.items()}


def shared_words(face_ids: Sequence[str | None]) -> Matrix:
    """For every two faces, the weight of the description words they share (0 for unknown faces)."""
    size = len(face_ids)
    found = np.zeros((size, size))
    described = _described()
    for i in range(size):
        for j in range(i + 1, size):
            a, b = face_ids[i], face_ids[j]
            if a is None or b is None or a not in described or b not in described:
                continue
            weights = _weights(a.split("/", 1)[0])
            common = described[a][0] & described[b][0]
            found[i, j] = found[j, i] = sum(weights.get(word, 0.0) for word in common)
    return found


def telling_words(face_ids: Sequence[str | None]) -> Matrix:
    """The shared description words of every two faces, as z-scores among all pairs of faces of
    their category. Measured against the board instead, one generic word shared by two cards on a
    board where nothing else shares a word ("animal": Goldfish and Ugly Duckling) would stand out
    as the board's strongest tie."""
    known = [face_id.split("/", 1)[0] for face_id in face_ids if face_id is not None]
    if not known:
        return np.zeros((len(face_ids), len(face_ids)))
    mean, spread = _category_spread(max(set(known), key=known.count))
    found: Matrix = (shared_words(face_ids) - mean) / spread
    np.fill_diagonal(found, 0.0)
    return found


@cache
def _category_spread(category: str) -> tuple[float, float]:
    """The mean and spread of the shared-word weights over every two faces of a category."""
    ids = [face_id for face_id in _described() if face_id.startswith(category + "/")]
    weights = shared_words(ids)[~np.eye(len(ids), dtype=bool)]
    return float(weights.mean()), float(weights.std()) or 1.0


def linked(face_ids: Sequence[str | None]) -> Matrix:
    """1 where either face names the other as what it goes with, 2 where both do."""
    size = len(face_ids)
    found = np.zeros((size, size))
    described = _described()
    for i in range(size):
        for j in range(i + 1, size):
            a, b = face_ids[i], face_ids[j]
            if a is None or b is None:
                continue
            count = (a in described and b in described[a][1]) + (b in described and a in described[b][1])
            found[i, j] = found[j, i] = float(count)
    return found
