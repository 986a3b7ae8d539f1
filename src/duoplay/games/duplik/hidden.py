"""States that differ from a Duplik state only in what `seat` cannot see, for leak tests: the
generator, the deck's order (but the cards its Portrayer is looking through), the scene card
(its picture, and criteria not yet read) for all but the Portrayer before the reveal, and the
drawings the seat may not look at."""

from __future__ import annotations

import random
from dataclasses import replace

from duoplay.core.protocol import Seat
from duoplay.core.rng import GameRng
from duoplay.games.duplik.scenes.model import Box
from duoplay.games.duplik.state import CHOOSE, JUDGE, OFFER, OVER, REVEAL, Drawing, DuplikState, Stroke
from duoplay.games.duplik.view import may_see

VARIANTS = 2


def hidden_variants(state: DuplikState, seat: Seat, rng: random.Random) -> list[DuplikState]:
    variants = []
    for _ in range(VARIANTS):
        other = state.copy()
        other.rng = GameRng(rng.getrandbits(64))
        current = other.round
        keep = OFFER if seat == current.portrayer and current.phase == CHOOSE else 0
        rest = other.deck[keep:]
        rng.shuffle(rest)
        other.deck[keep:] = rest
        if current.scene is not None and seat != current.portrayer and current.phase not in (REVEAL, OVER):
            scene = current.scene
            read = current.criterion + 1 if current.phase == JUDGE else 0
            unread = list(scene.criteria[read:])
            rng.shuffle(unread)
            boxes = tuple(Box(b.kind, b.x + rng.uniform(-5, 5), b.y, b.w, b.h, b.facing, b.pattern, b.colour)
                          for b in scene.boxes)
            current.scene = replace(scene, criteria=scene.criteria[:read] + tuple(unread), boxes=boxes)
        seen = may_see(state.round, state.seats, seat)
        for artist in current.artists(other.seats):
            if artist not in seen:
                scribble = Stroke(((rng.randrange(1000), rng.randrange(700)), (500, 350)))
                current.drawings[artist] = Drawing((scribble,), current.drawings.get(artist, Drawing()).bot)
        variants.append(other)
    return variants
