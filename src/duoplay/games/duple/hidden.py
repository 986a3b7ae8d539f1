"""States that differ from a Duple state only in what nobody can see, for leak tests: the
order of the letter deck and of the category deck below the face-up card, and the generator."""

from __future__ import annotations

import random

from duoplay.core.protocol import Seat
from duoplay.core.rng import GameRng
from duoplay.games.duple.state import DupleState

VARIANTS = 2


def hidden_variants(state: DupleState, seat: Seat, rng: random.Random) -> list[DupleState]:
    variants = []
    for _ in range(VARIANTS):
        other = state.copy()
        other.rng = GameRng(rng.getrandbits(64))
        rng.shuffle(other.deck)
        rng.shuffle(other.categories)
        variants.append(other)
    return variants
