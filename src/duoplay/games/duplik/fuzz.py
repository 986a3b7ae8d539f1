"""Moves beyond the menu, for tests that try what players might send: descriptions, drawings
(sane and odd), every verdict, vote and decision, scene choices that are and are not on offer,
and the table's own moves, from any seat. The rules decide; this module never does."""

from __future__ import annotations

import random

from duoplay.games.duplik.actions import (
    ACCEPT,
    CLOSE_REVIEW,
    CLOSE_VOTE,
    DISPUTE,
    DONE,
    DRAW_SCENE,
    LEFT,
    NEXT,
    PENS_DOWN,
    RIGHT,
    ROLL,
    START,
    STOP,
    Action,
    Ballot,
    Choose,
    Decide,
    Describe,
    Draw,
    KeepDrawing,
    KeepText,
    Pass,
    Verdict,
)
from duoplay.games.duplik.state import Drawing, DuplikState, Stroke

TEXTS = ("", "A tree on the left, a house on the right.", "Un gato debajo de la mesa.", "🙂" * 20,
         "x" * 2000, "Katten är på bordet.\nTre stjärnor.")


def fuzz_actions(state: DuplikState, seat: int, rng: random.Random) -> list[Action]:
    return [
        Describe(rng.choice(TEXTS)),
        Draw(_drawing(rng)),
        rng.choice((Verdict(True), Verdict(False), Verdict(None), Ballot(True), Ballot(False), Ballot(None),
                    Decide(True), Decide(False), Decide(None))),
        rng.choice((DRAW_SCENE, ROLL, START, STOP, DONE, ACCEPT, DISPUTE, NEXT, Pass(LEFT), Pass(RIGHT),
                    Choose(rng.choice(state.deck) if state.deck else "s01"), Choose("nope"),
                    PENS_DOWN, CLOSE_REVIEW, CLOSE_VOTE, KeepText("typed"),
                    KeepDrawing(rng.randrange(state.seats), _drawing(rng)))),
    ]


def _drawing(rng: random.Random) -> Drawing:
    strokes = tuple(
        Stroke(tuple((rng.randrange(1001), rng.randrange(701)) for _ in range(rng.randint(1, 12))),
               rng.choice(("", "cat", "table:left")))
        for _ in range(rng.randint(0, 5)))
    return Drawing(strokes, rng.random() < 0.3)
