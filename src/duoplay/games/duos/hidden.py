"""States that differ from a DUOS state only in what one seat cannot see, for leak tests.

Hidden from a seat until the reveal: every other seat's placed pairs (a spectator sees
none). Hidden from everyone: the order of the draw pile and the shuffle generator.
A variant gives the other seats other pairs, respecting the YES!/NO! marks they gave
(those are on the table), reorders the pile and reseeds the generator.
"""

from __future__ import annotations

import random

from duoplay.core.protocol import Seat
from duoplay.core.rng import GameRng
from duoplay.games.duos.pairing import all_placements
from duoplay.games.duos.state import DuosState, Pairs

VARIANTS = 2


def hidden_variants(state: DuosState, seat: Seat, rng: random.Random) -> list[DuosState]:
    return [_variant(state, seat, rng) for _ in range(VARIANTS)]


def _variant(state: DuosState, seat: Seat, rng: random.Random) -> DuosState:
    other = state.copy()
    other.rng = GameRng(rng.getrandbits(64))
    rng.shuffle(other.draw_pile)
    for placer in range(state.seats):
        if placer != seat:
            other.pairs[placer] = _pairs_within_marks(state, placer, rng)
    return other


def _pairs_within_marks(state: DuosState, placer: int, rng: random.Random) -> Pairs:
    """Any placement the seat could have made, given the marks it gave this turn."""
    marks = {h.kind: h.card for h in state.helps if h.seat == placer and h.kind != "word"}
    for _ in range(100):
        pairs = rng.choice(all_placements())
        used = {p for pair in pairs for p in pair}
        if marks.get("no") not in used and ("yes" not in marks or marks["yes"] in used):
            return pairs
    return state.pairs[placer]
