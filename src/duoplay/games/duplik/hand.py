"""A bot's hand: how one Artist bot draws, the same all match and unlike any other bot's.

Two bots that hear the same words must not hand in the same picture. Each bot draws with a
hand drawn from its own seed: how far its line strays and how often it changes direction, the
proportions it gives things (narrower, taller or squatter, all alike so that which is bigger stays so),
whether it goes over its outlines twice (a heavy line), and how far from the planned spot it puts
things. None of this changes what the drawing means: centres, areas and what stands on what are
kept in step, so a Judge reads the same relations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from duoplay.games.duplik.scenes.model import INSIDE, ON, UNDER, WIDTH, Box, Criterion


@dataclass(frozen=True, slots=True)
class Hand:
    seed: int  # 0 only for PLAIN; a bot's strokes follow from it and what it heard
    wobble: float  # of a thing's size: how far the line strays
    step: float  # times the usual distance between the points the hand puts down
    width: float  # things drawn this much narrower (never wider: neighbours keep their gaps)
    height: float  # things drawn this much taller or squatter
    passes: int  # 2: the hand goes over each line again
    jitter: float  # pixels: how far from the planned spot a thing may land

    @classmethod
    def of(cls, seed: int) -> Hand:
        rng = random.Random(seed)
        return cls(
            seed=abs(seed) + 1,
            wobble=rng.uniform(0.015, 0.035),
            step=rng.uniform(0.75, 1.3),
            width=rng.uniform(0.86, 1.0),
            height=rng.choice((rng.uniform(0.88, 0.95), rng.uniform(1.05, 1.15))),
            passes=rng.choice((1, 1, 2)),
            jitter=rng.uniform(3.0, 8.0),
        )

    def strokes_seed(self, seed: int) -> int:
        """The seed of one drawing's strokes: the hand's own, mixed with the drawing's."""
        return seed if self.seed == 0 else self.seed * 1_000_003 + seed


PLAIN = Hand(0, 0.025, 1.0, 1.0, 1.0, 1, 0.0)  # the hand the benchmarks first measured


def styled(
    boxes: Sequence[Box], relations: Sequence[Criterion], hand: Hand, rng: random.Random
) -> tuple[Box, ...]:
    """The planned boxes as this hand draws them: each free thing resized about the middle of its
    base and moved sideways a little, never off the page; what is on, under or in it goes along,
    placed the same in the host's new frame."""
    if hand.seed == 0:
        return tuple(boxes)
    hosts = {r.subject: r.others[0] for r in relations if r.kind in (ON, UNDER, INSIDE)}
    anchors = {b.kind: b for b in boxes if b.kind not in hosts}
    shifts: dict[str, float] = {}
    out = []
    for b in boxes:
        anchor = anchors[hosts[b.kind]] if hosts.get(b.kind) in anchors else b
        shift = shifts.setdefault(anchor.kind, rng.uniform(-hand.jitter, hand.jitter))
        half = anchor.w * hand.width / 2
        shift = min(max(shift, half - anchor.cx), WIDTH - half - anchor.cx)  # never off the page
        w, h = b.w * hand.width, b.h * hand.height
        cx = anchor.cx + (b.cx - anchor.cx) * hand.width + shift
        bottom = anchor.bottom - (anchor.bottom - b.bottom) * hand.height
        out.append(Box(b.kind, cx - w / 2, bottom - h, w, h, b.facing, b.pattern, b.colour))
    return tuple(out)
