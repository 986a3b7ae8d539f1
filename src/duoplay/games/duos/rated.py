"""Every two cards of a category, rated by annotators (`content/rated/<category>-<annotator>.tsv`).

The judgments (`judgments.py`) name each card's best partners; a board's last pairs are made from
what is left, by weaker links (same kind, same setting, similar use) those lists leave out. Here
each annotator, alone and from the English names only, scored every pair of the category's 64
cards: 3 an obvious pair, 2 a good one, 1 one people make from what is left, 0 none. Two cards'
rating is the mean over annotators, over 3.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from duoplay.games.duos.cards import CATEGORIES, faces

STRONGEST = 3


@cache
def ratings() -> dict[frozenset[str], float]:
    """(face id, face id) -> the mean rating, 0 to 1, for every pair some annotator rated above 0."""
    folder = resources.files("duoplay.games.duos").joinpath("content", "rated")
    ids = {category: {face.name("en"): face.id for face in faces(category)} for category in CATEGORIES}
    totals: dict[frozenset[str], float] = {}
    annotators: dict[str, int] = {}
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        category, _, _ = entry.name.rpartition("-")
        if not entry.name.endswith(".tsv") or category not in ids:
            continue
        annotators[category] = annotators.get(category, 0) + 1
        for line in entry.read_text("utf-8").splitlines():
            first, second, score = line.split("\t")
            key = frozenset((ids[category][first], ids[category][second]))
            totals[key] = totals.get(key, 0.0) + int(score) / STRONGEST
    by_id = {face_id: category for category, named in ids.items() for face_id in named.values()}
    return {key: total / annotators[by_id[next(iter(key))]] for key, total in totals.items() if total}


def rated(a: str, b: str) -> float:
    return ratings().get(frozenset((a, b)), 0.0)
