"""What people pair each card with, as annotators wrote it down (`content/judgments/*.json`).

Each annotator, working alone from the card names, listed for every card the cards of its category
people would pair it with, strength 3 (the partner most people pick), 2 or 1. Two cards' judged
link is the mean over annotators of the stronger of their two directions, over 3: 1.0 when every
annotator gave the pair a 3 either way, 0 when none linked them. It catches the links an encoder
misses (a story and its object, a thing and what goes with it, parent and young).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

STRONGEST = 3


@cache
def judged_links() -> dict[frozenset[str], float]:
    """(face id, face id) -> the judged link, 0 to 1, for every pair some annotator linked."""
    folder = resources.files("duoplay.games.duos").joinpath("content", "judgments")
    entries = sorted(folder.iterdir(), key=lambda entry: entry.name)
    annotators = [json.loads(entry.read_text("utf-8")) for entry in entries if entry.name.endswith(".json")]
    totals: dict[frozenset[str], float] = {}
    for annotator in annotators:
        strongest: dict[frozenset[str], int] = {}
        for category, cards in annotator["links"].items():
            for card, partners in cards.items():
                for partner, strength in partners:
                    key = frozenset((f"{category}/{card}", f"{category}/{partner}"))
                    strongest[key] = max(strongest.get(key, 0), int(strength))
        for key, strength in strongest.items():
            totals[key] = totals.get(key, 0.0) + strength / STRONGEST
    return {key: total / len(annotators) for key, total in totals.items()} if annotators else {}


def judged(a: str, b: str) -> float:
    return judged_links().get(frozenset((a, b)), 0.0)
