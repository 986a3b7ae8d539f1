"""Actions beyond the menu `legal_actions` lists, for tests that try what players might send.

Plays of cards the seat does not hold, of its own cards that do not match, with UNO said
at any hand size (early UNO is accepted and does nothing, NOTES 9), coloured cards naming
another colour, faces and colours that do not exist, start colours out of turn, and every
argument-free action at any moment (a catch when nobody is exposed, a pass with cards to
draw...). Some are legal, most are refused; the rules decide, never this module.
"""

from __future__ import annotations

import random

from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action, ChooseColour, Play
from duoplay.games.uno_duo.cards import COLOUR_OF, FACE_COUNT, WILD
from duoplay.games.uno_duo.state import UnoDuoState

_SIMPLE = tuple(act.SIMPLE_ACTIONS.values())


def fuzz_actions(state: UnoDuoState, seat: int, rng: random.Random) -> list[Action]:
    hand = state.hands[seat] if seat in (0, 1) else []
    actions: list[Action] = [_play(rng.randrange(FACE_COUNT), rng) for _ in range(2)]
    if hand:
        actions.append(_play(rng.choice(hand), rng))
    coloured = rng.randrange(WILD)
    actions.append(Play(coloured, (COLOUR_OF[coloured] + rng.randrange(1, 4)) % 4))  # a wrong colour
    actions.append(rng.choice((Play(FACE_COUNT, 0), Play(-1, 0), Play(WILD, 4), Play(WILD, -1))))
    actions.append(ChooseColour(rng.randrange(-1, 5)))
    actions += rng.sample(_SIMPLE, 3)
    return actions


def _play(face: int, rng: random.Random) -> Play:
    """A play of `face` as a player could write it, UNO said or not."""
    colour = COLOUR_OF[face] if COLOUR_OF[face] >= 0 else rng.randrange(4)
    return act.play(face, colour, rng.random() < 0.3)
